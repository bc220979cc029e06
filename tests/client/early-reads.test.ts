import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../src/client/api/client';
import { runPageLoader } from '../../src/client/lib/page-loader';
import { EARLY_READS_GLOBAL, EARLY_TAPS_GLOBAL } from '../../src/shared/page-data';
import { server } from './msw/server';

// A signed-in student's page asks for its screen's first data while the app's code is still coming (the server
// cannot draw those screens: it never sees the token), and the app's first request for it takes that answer.

const ROUND = '/api/v1/game/rounds/7/';
const ME = '/api/mypage/main/';

function loaderTag() {
  const script = document.createElement('script');
  script.dataset.entry = '/assets/index-aaa.js';
  return script;
}

/** Opens `path` as the server sends it (nothing drawn) and runs the page's loader. */
function openPage(path: string) {
  history.replaceState(null, '', path);
  document.body.innerHTML = '<div id="root"></div>';
  runPageLoader(loaderTag(), () => undefined);
}

/** Every request the server got, as `METHOD path token`. */
function recordRequests() {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('Authorization') ?? '-'}`);
  });
  return seen;
}

function answerAsStudent(votes: () => number) {
  server.use(
    // Both of the student's tokens work; any other has run out.
    http.get(ROUND, ({ request }) =>
      ['Bearer tok-a', 'Bearer new'].includes(request.headers.get('Authorization') ?? '')
        ? HttpResponse.json({ id: 7, votes: votes() })
        : HttpResponse.json({ detail: '인증 정보가 올바르지 않습니다.' }, { status: 401 }),
    ),
    http.get(ME, () => HttpResponse.json({ id: 1, username: 'student1', name: '김학생' })),
  );
}

/** The game page opened by a student holding `token`, once the loader's two reads have reached the server. */
async function openGameAs(token: string, votes: () => number = () => 3) {
  const seen = recordRequests();
  answerAsStudent(votes);
  localStorage.setItem('access', token);
  openPage('/balancegame/7');
  await expect.poll(() => seen.length).toBe(2);
  return seen;
}

afterEach(() => {
  const globals = window as unknown as Record<string, unknown>;
  delete globals[EARLY_READS_GLOBAL];
  delete globals[EARLY_TAPS_GLOBAL];
  server.events.removeAllListeners();
  document.body.innerHTML = '';
  localStorage.clear();
  history.replaceState(null, '', '/');
});

describe("a signed-in page's first reads", () => {
  it('are asked by the loader with the student’s token before the app runs: the game page asks its round and the student’s record', async () => {
    const seen = await openGameAs('tok-a');
    expect(seen.sort()).toEqual([`GET ${ME} Bearer tok-a`, `GET ${ROUND} Bearer tok-a`]);
  });

  it('are not asked for a guest', async () => {
    const seen = recordRequests();
    openPage('/balancegame/7');
    // A request the page itself sends afterwards is the first the server sees.
    server.use(http.get('/api/ping/', () => HttpResponse.json({})));
    await apiFetch('/api/ping/');
    expect(seen).toEqual(['GET /api/ping/ -']);
  });

  it("hands the loader's answer to the app's first read of that path, once: a later read asks the server", async () => {
    let votes = 3;
    const seen = await openGameAs('tok-a', () => votes);
    votes = 4;

    expect(await apiFetch(ROUND)).toEqual({ id: 7, votes: 3 });
    expect(seen.filter((r) => r.includes(ROUND))).toHaveLength(1);
    // A revalidation, or a read after a vote, is the server's answer of now.
    expect(await apiFetch(ROUND)).toEqual({ id: 7, votes: 4 });
    expect(seen.filter((r) => r.includes(ROUND))).toHaveLength(2);
  });

  it('is not handed over once the token has changed (signed out, then in as someone else)', async () => {
    const seen = await openGameAs('tok-a');
    localStorage.setItem('access', 'new');

    expect(await apiFetch(ROUND)).toEqual({ id: 7, votes: 3 });
    expect(seen.filter((r) => r.includes(ROUND))).toEqual([`GET ${ROUND} Bearer tok-a`, `GET ${ROUND} Bearer new`]);
  });

  it('is not handed to a screen first opened long after the page (the app went elsewhere first): that one asks the server', async () => {
    let votes = 3;
    const opened = Date.now();
    const seen = await openGameAs('tok-a', () => votes);
    votes = 5;
    // The student comes back to the game 20 seconds later.
    vi.spyOn(Date, 'now').mockReturnValue(opened + 20_000);

    expect(await apiFetch(ROUND)).toEqual({ id: 7, votes: 5 });
    expect(seen.filter((r) => r.includes(ROUND))).toEqual([`GET ${ROUND} Bearer tok-a`, `GET ${ROUND} Bearer tok-a`]);
  });

  it('goes through the usual refresh when the loader was answered 401 (an access token that had run out)', async () => {
    server.use(http.post('/api/signup/auth/refresh/', () => HttpResponse.json({ access: 'new', refresh: 'refresh-new' })));
    localStorage.setItem('refresh', 'refresh-old');
    const seen = await openGameAs('expired');

    expect(await apiFetch(ROUND)).toEqual({ id: 7, votes: 3 });
    expect(seen.filter((r) => r.includes(ROUND))).toEqual([`GET ${ROUND} Bearer expired`, `GET ${ROUND} Bearer new`]);
    expect(localStorage.getItem('access')).toBe('new');
  });

  it('are each screen’s own: the lobby its participants, 파티비서 my parties, a party page its detail, any other page only the record', () => {
    server.use(http.get('/api/*', () => HttpResponse.json({})));
    localStorage.setItem('access', 'tok-a');
    const reads = (path: string) => {
      openPage(path);
      return Object.keys((window as unknown as Record<string, object>)[EARLY_READS_GLOBAL]).sort();
    };
    expect(reads('/balancewait/12')).toEqual([ME, '/api/partyassist/standby/12/participants/']);
    expect(reads('/assist')).toEqual([ME, '/api/partyassist/myparties/']);
    expect(reads('/partyinfo/5')).toEqual(['/api/detailview/parties/5/', ME]);
    expect(reads('/mypage')).toEqual([ME]);
  });
});
