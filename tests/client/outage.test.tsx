import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backToRealTimers } from './history-back';
import { HOME_PARTY as PARTY } from './msw/fixtures';
import { server } from './msw/server';
import { phoneNetwork } from './phone-network';
import { renderApp, signInAs } from './render-app';
import { CONDITION_TIMEOUT_MS } from './waits';

// Issue 30 §7: the phone offline and our server out of reach are told apart, said on every screen, and the lists
// come back by themselves when the server answers again. (The browser test, tests/e2e/outage.spec.ts, stops and
// starts a real server; these pin the words and the rules of each case.)

const SERVER_BANNER = '서버가 응답하지 않아요. 다시 연결되면 저절로 불러올게요.';
const OFFLINE_BANNER = '오프라인 상태입니다. 인터넷에 연결되면 다시 불러올게요.';
const SERVER_MARK = '서버 연결 끊김 · 마지막으로 본 내용이에요';
const OFFLINE_MARK = '오프라인 · 마지막으로 본 내용이에요';
const BLAMES_INTERNET = /인터넷 연결을 확인/;

const { setOnline } = phoneNetwork();

/**
 * The server, with the home list in it: `mode` says how it answers at the moment — every call of the API alike, as a
 * server that is gone (or a gateway with nothing behind it) answers them all.
 */
function homeServer() {
  const s = { mode: 'up' as 'up' | 'gone' | 'gateway', readyAsked: 0 };
  server.use(
    http.all('*/api/*', () => {
      if (s.mode === 'gone') return HttpResponse.error();
      if (s.mode === 'gateway') return new HttpResponse('<html>502 Bad Gateway</html>', { status: 502 });
      // Up: the call goes on to its own handler.
      return undefined;
    }),
    http.get('/api/homemap/home/', () => HttpResponse.json([PARTY])),
    http.get('/readyz', () => {
      s.readyAsked += 1;
      return s.mode === 'up' ? HttpResponse.json({ status: 'ready' }) : HttpResponse.json({ status: 'unavailable' }, { status: 503 });
    }),
  );
  return s;
}

const partyHeading = () => screen.findByRole('heading', { name: '#보드게임 번개' });

/** The screen reads again now: a reconnect event, which SWR answers at once (its focus revalidation waits 5 s). */
function readAgain() {
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

describe('the server out of reach while the phone is online', () => {
  it('says the server does not answer, keeps the list with its own mark, and never blames the internet', async () => {
    const api = homeServer();
    renderApp('/');
    await partyHeading();
    expect(screen.queryByText(SERVER_BANNER)).not.toBeInTheDocument();

    api.mode = 'gone';
    readAgain();
    expect(await screen.findByText(SERVER_BANNER)).toBeInTheDocument();
    expect(screen.getByText(SERVER_MARK)).toBeInTheDocument();
    expect(await partyHeading()).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_MARK)).not.toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_BANNER)).not.toBeInTheDocument();
    expect(screen.queryByText(BLAMES_INTERNET)).not.toBeInTheDocument();
  });

  it('counts a gateway 502 as the server out of reach', async () => {
    const api = homeServer();
    renderApp('/');
    await partyHeading();
    api.mode = 'gateway';
    readAgain();
    expect(await screen.findByText(SERVER_BANNER)).toBeInTheDocument();
    expect(screen.getByText(SERVER_MARK)).toBeInTheDocument();
  });

  it('with nothing kept, says the server cannot be reached (not the phone), and the list comes back with no tap', async () => {
    const api = homeServer();
    api.mode = 'gone';
    renderApp('/');
    expect(await screen.findByText('서버에 연결할 수 없습니다')).toBeInTheDocument();
    expect(screen.getByText('휴대폰의 인터넷은 연결되어 있어요. 서버가 다시 응답하면 저절로 불러올게요.')).toBeInTheDocument();
    expect(screen.queryByText(BLAMES_INTERNET)).not.toBeInTheDocument();
    expect(screen.queryByText('아직 모집 중인 파티가 없습니다.')).not.toBeInTheDocument();

    // The server comes back; nobody taps 다시 시도: the app's own retries find it.
    api.mode = 'up';
    expect(await partyHeading()).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText(SERVER_BANNER)).not.toBeInTheDocument());
    expect(screen.queryByText('서버에 연결할 수 없습니다')).not.toBeInTheDocument();
  });

  it('reads every list again once the server is ready, also one that never failed (a kept answer)', async () => {
    // The service worker's answer from its cache (vite.config.ts): a success to SWR, marked by its header.
    let kept = true;
    server.use(
      // Meanwhile every other call fails, as they do with the server gone.
      http.all('*/api/*', ({ request }) => (kept && !request.url.includes('/api/homemap/home/') ? HttpResponse.error() : undefined)),
      http.get('/api/homemap/home/', () =>
        HttpResponse.json(kept ? [PARTY] : [{ ...PARTY, id: 6, title: '새 파티' }], { headers: kept ? { 'x-partyon-kept': '1' } : {} }),
      ),
      http.get('/readyz', () => (kept ? HttpResponse.json({ status: 'unavailable' }, { status: 503 }) : HttpResponse.json({ status: 'ready' }))),
    );
    renderApp('/');
    await partyHeading();
    expect(await screen.findByText(SERVER_BANNER)).toBeInTheDocument();
    expect(screen.getByText(SERVER_MARK)).toBeInTheDocument();

    kept = false;
    expect(await screen.findByRole('heading', { name: '#새 파티' })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText(SERVER_BANNER)).not.toBeInTheDocument());
    expect(screen.queryByText(SERVER_MARK)).not.toBeInTheDocument();
  });

  it("a failure the server answered in words (500) is not an outage: no banner, the screen's own message", async () => {
    signInAs();
    server.use(http.get('/api/notice/', () => HttpResponse.json({ detail: '알림을 불러오지 못했습니다.' }, { status: 500 })));
    renderApp('/notifications');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText(SERVER_BANNER)).not.toBeInTheDocument();
    expect(screen.queryByText('서버에 연결할 수 없습니다')).not.toBeInTheDocument();
  });
});

describe('the phone offline', () => {
  it('says the phone is offline — not the server — even though every request fails', async () => {
    const api = homeServer();
    renderApp('/');
    await partyHeading();
    api.mode = 'gone';
    setOnline(false);
    expect(await screen.findByText(OFFLINE_BANNER)).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_MARK)).toBeInTheDocument();
    expect(screen.queryByText(SERVER_BANNER)).not.toBeInTheDocument();
    expect(screen.queryByText(SERVER_MARK)).not.toBeInTheDocument();

    // Back online with the server up: SWR reads again on `online`, and nothing is marked any more.
    api.mode = 'up';
    setOnline(true);
    await vi.waitFor(() => expect(screen.queryByText(OFFLINE_BANNER)).not.toBeInTheDocument());
    await vi.waitFor(() => expect(screen.queryByText(OFFLINE_MARK)).not.toBeInTheDocument());
    expect(screen.queryByText(SERVER_BANNER)).not.toBeInTheDocument();
  });
});

describe("back before the app's next try is due", () => {
  // The app's clock stands still: its pauses between tries (the list's own, the /readyz probe's; 750 ms at the
  // least) never end, so only the event under test can bring the list back.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });

  /** Waits for `check` with the clock still: only what is due now runs (SWR hands its events on through a 0 ms timer). */
  const stillUntil = (check: () => void) => vi.waitFor(check, { timeout: CONDITION_TIMEOUT_MS, interval: 0 });

  /** Home opened with the server gone: nothing kept, the server named. */
  async function homeWithServerGone() {
    const api = homeServer();
    api.mode = 'gone';
    renderApp('/');
    await stillUntil(() => expect(screen.getByText('서버에 연결할 수 없습니다')).toBeInTheDocument());
    expect(screen.getByText(SERVER_BANNER)).toBeInTheDocument();
    return api;
  }

  /** The list is back, the outage words gone — and not by the app's own next try: /readyz was never asked. */
  async function expectBackAtOnce(api: ReturnType<typeof homeServer>) {
    await stillUntil(() => expect(screen.getByRole('heading', { name: '#보드게임 번개' })).toBeInTheDocument());
    await stillUntil(() => expect(screen.queryByText(SERVER_BANNER)).not.toBeInTheDocument());
    expect(screen.queryByText('서버에 연결할 수 없습니다')).not.toBeInTheDocument();
    expect(screen.queryByText(SERVER_MARK)).not.toBeInTheDocument();
    expect(api.readyAsked).toBe(0);
  }

  it('coming back to the app (window focus) reads the list again once the server answers', async () => {
    const api = await homeWithServerGone();
    api.mode = 'up';
    // The student returns a while later (SWR takes no focus in a screen's first 5 s).
    vi.setSystemTime(Date.now() + 10_000);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await expectBackAtOnce(api);
  });

  it("the phone's network coming back (online) reads the list again once the server answers", async () => {
    const api = await homeWithServerGone();
    // A moment offline meanwhile (a tunnel, a change of network): the phone's own state is said.
    setOnline(false);
    expect(screen.getByText(OFFLINE_BANNER)).toBeInTheDocument();
    api.mode = 'up';
    setOnline(true);
    await expectBackAtOnce(api);
  });
});

afterEach(backToRealTimers);
