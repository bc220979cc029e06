import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE } from './msw/fixtures';
import { acceptAlert } from './alerts';
import { backToRealTimers, historyBack } from './history-back';
import { server } from './msw/server';
import { renderApp, renderAppInBrowser, signInAs } from './render-app';

const SAVED = {
  grade: '3학년',
  college: '경영대학',
  personality: '차분한',
  mbti: 'INTJ',
  mbti_ie: 'I',
  mbti_ns: 'N',
  mbti_ft: 'T',
  mbti_pj: 'J',
  extra: { grade: '3학년', college: '경영대학', personality: '차분한', mbti: { i_e: 'I', n_s: 'N', f_t: 'T', p_j: 'J' } },
};

/**
 * Our server: my page says whether settings exist and holds them (`flag: false` is a server without that flag, which
 * the wizard asks the spec's way: GET answers `saved` or 404). POST/PATCH are recorded and answered by `saveAnswers`
 * (one per call, last repeats); `settingsGets` lists the GETs of the settings themselves.
 */
let settingsGets: string[] = [];

function wizardBackend(saved: typeof SAVED | null, saveAnswers: Array<() => Response> = [], { flag = true } = {}) {
  const saves: Array<{ method: string; body: unknown }> = [];
  settingsGets = [];
  const answer = async ({ request }: { request: Request }) => {
    saves.push({ method: request.method, body: await request.json() });
    const next = saveAnswers[Math.min(saves.length - 1, saveAnswers.length - 1)];
    return next ? next() : HttpResponse.json(SAVED, { status: request.method === 'POST' ? 201 : 200 });
  };
  const chosen = saved ? { ...saved.extra } : { grade: null, college: null, personality: null, mbti: { i_e: null, n_s: null, f_t: null, p_j: null } };
  server.use(
    http.get('/api/mypage/main/', () => HttpResponse.json({ ...PROFILE, ...chosen, ...(flag ? { has_extra_settings: saved !== null } : {}) })),
    http.get('/api/mypage/extra-settings/me/', ({ request }) => {
      settingsGets.push(request.url);
      return saved ? HttpResponse.json(saved) : HttpResponse.json({ detail: '추가 정보가 아직 없습니다.' }, { status: 404 });
    }),
    http.post('/api/mypage/extra-settings/me/', answer),
    http.patch('/api/mypage/extra-settings/me/', answer),
  );
  return saves;
}

const heading = () => screen.getByRole('heading', { level: 2 });
const progress = () => screen.getByRole('progressbar', { name: '진행 단계' });

async function openWizard() {
  signInAs();
  const ui = renderApp('/mypage/extra');
  await screen.findByRole('button', { name: '1학년' });
  return ui;
}

/** Chooses on a list step and lets the 100 ms advance run. */
function choose(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  act(() => {
    vi.advanceTimersByTime(100);
  });
}

function chooseMbti(...letters: string[]) {
  for (const letter of letters) fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${letter}`) }));
}

afterEach(backToRealTimers);

describe('/mypage/extra', () => {
  it('advances 100 ms after each choice and creates (POST) once all four MBTI axes are chosen', async () => {
    const saves = wizardBackend(null);
    const ui = await openWizard();
    expect(heading()).toHaveTextContent('학년을 선택해 주세요');
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
    expect(within(screen.getByRole('group')).getAllByRole('button')).toHaveLength(8);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: '2학년' }));
    expect(screen.getByRole('button', { name: '2학년' })).toHaveAttribute('aria-pressed', 'true');
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(heading()).toHaveTextContent('학년을 선택해 주세요');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(heading()).toHaveTextContent('단과대학을 선택해 주세요');
    expect(progress()).toHaveAttribute('aria-valuenow', '2');
    expect(within(screen.getByRole('group')).getAllByRole('button')).toHaveLength(12);

    choose('소프트웨어융합대학');
    expect(heading()).toHaveTextContent('나를 가장 잘 표현하는 성격은?');
    choose('다정한');
    expect(heading()).toHaveTextContent('MBTI를 선택해 주세요');
    expect(progress()).toHaveAttribute('aria-valuenow', '4');
    vi.useRealTimers();

    chooseMbti('E', 'N', 'F');
    expect(saves).toEqual([]);
    chooseMbti('P');
    await waitFor(() => expect(ui.currentPath()).toBe('/mypage/extra/done'));
    expect(saves).toEqual([
      {
        method: 'POST',
        body: { extra: { grade: '2학년', college: '소프트웨어융합대학', personality: '다정한', mbti: { i_e: 'E', n_s: 'N', f_t: 'F', p_j: 'P' } } },
      },
    ]);
    expect(await screen.findByText('프로필 세팅 완료!')).toBeInTheDocument();
  });

  it('pre-selects saved values and updates (PATCH) once on reaching the last step', async () => {
    const saves = wizardBackend(SAVED);
    const ui = await openWizard();
    expect(screen.getByRole('button', { name: '3학년' })).toHaveAttribute('aria-pressed', 'true');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    choose('3학년');
    expect(screen.getByRole('button', { name: '경영대학' })).toHaveAttribute('aria-pressed', 'true');
    choose('경영대학');
    expect(screen.getByRole('button', { name: '차분한' })).toHaveAttribute('aria-pressed', 'true');
    choose('활발한');
    vi.useRealTimers();
    await waitFor(() => expect(ui.currentPath()).toBe('/mypage/extra/done'));
    expect(saves).toEqual([
      {
        method: 'PATCH',
        body: { extra: { grade: '3학년', college: '경영대학', personality: '활발한', mbti: { i_e: 'I', n_s: 'N', f_t: 'T', p_j: 'J' } } },
      },
    ]);
  });

  it('never asks for the settings of a new student (no 404 in the console): my page says there are none', async () => {
    wizardBackend(null);
    await openWizard();
    expect(screen.getByRole('button', { name: '1학년' })).toHaveAttribute('aria-pressed', 'false');
    expect(settingsGets).toEqual([]);
  });

  it('asks a server without the flag the spec way: 404 starts empty and creates, saved values are pre-selected', async () => {
    wizardBackend(null, [], { flag: false });
    const ui = await openWizard();
    expect(settingsGets).toHaveLength(1);
    expect(screen.getByRole('button', { name: '3학년' })).toHaveAttribute('aria-pressed', 'false');
    ui.unmount();
    wizardBackend(SAVED, [], { flag: false });
    await openWizard();
    expect(settingsGets).toHaveLength(1);
    expect(screen.getByRole('button', { name: '3학년' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('goes back a step (keeping the choice), and leaves from the first step', async () => {
    wizardBackend(null);
    const ui = await openWizard();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    choose('4학년');
    choose('법과대학');
    expect(heading()).toHaveTextContent('나를 가장 잘 표현하는 성격은?');
    fireEvent.click(screen.getByRole('button', { name: '뒤로 가기' }));
    expect(heading()).toHaveTextContent('단과대학을 선택해 주세요');
    expect(screen.getByRole('button', { name: '법과대학' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: '뒤로 가기' }));
    expect(heading()).toHaveTextContent('학년을 선택해 주세요');
    // Opened directly (the in-memory router has no page before it), as the browser's Navigation API would say:
    // jsdom has none, and its history holds the steps' entries.
    vi.stubGlobal('navigation', { canGoBack: false });
    try {
      fireEvent.click(screen.getByRole('button', { name: '뒤로 가기' }));
      // The steps' history entries go first (a traversal, on the fake clock here), then the wizard leaves.
      await vi.waitFor(() => expect(ui.currentPath()).toBe('/mypage'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("the browser's (Android's) back goes to the previous step first, then leaves the wizard", async () => {
    // Spec §2 "back goes to the previous step or leaves"; issue 30 §8. Opened from my page, on the real history.
    wizardBackend(null);
    signInAs();
    window.history.replaceState(null, '', '/mypage');
    window.history.pushState(null, '', '/mypage/extra');
    const ui = renderAppInBrowser('/mypage/extra');
    await ui.user.click(await screen.findByRole('button', { name: '4학년' }));
    await waitFor(() => expect(heading()).toHaveTextContent('단과대학을 선택해 주세요'));
    await ui.user.click(screen.getByRole('button', { name: '법과대학' }));
    await waitFor(() => expect(heading()).toHaveTextContent('나를 가장 잘 표현하는 성격은?'));

    await act(historyBack);
    expect(heading()).toHaveTextContent('단과대학을 선택해 주세요');
    expect(screen.getByRole('button', { name: '법과대학' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.location.pathname).toBe('/mypage/extra');
    await act(historyBack);
    expect(heading()).toHaveTextContent('학년을 선택해 주세요');
    await act(historyBack);
    await waitFor(() => expect(window.location.pathname).toBe('/mypage'));
  });

  it('alerts on a failed save, saves automatically only once, and retries on request', async () => {
    const saves = wizardBackend(null, [() => HttpResponse.json({ detail: '오류' }, { status: 500 }), () => HttpResponse.json(SAVED, { status: 201 })]);
    const ui = await openWizard();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    choose('1학년');
    choose('공과대학');
    choose('쾌활한');
    vi.useRealTimers();
    chooseMbti('I', 'S', 'T', 'J');
    await acceptAlert(ui.user, '저장 중 오류가 발생했습니다.');
    const retry = await screen.findByRole('button', { name: '다시 시도' });
    chooseMbti('E');
    await new Promise((r) => setTimeout(r, 50));
    expect(saves).toHaveLength(1);

    fireEvent.click(retry);
    await waitFor(() => expect(ui.currentPath()).toBe('/mypage/extra/done'));
    expect(saves).toHaveLength(2);
    expect(saves[1].method).toBe('POST');
    expect((saves[1].body as { extra: { mbti: unknown } }).extra.mbti).toEqual({ i_e: 'E', n_s: 'S', f_t: 'T', p_j: 'J' });
  });

  it('asks a guest to log in', async () => {
    renderApp('/mypage/extra');
    expect(await screen.findByRole('dialog')).toHaveTextContent('로그인이 필요한 서비스입니다.');
  });
});

describe('/mypage/extra/done', () => {
  it('opened directly, without the wizard, goes home', async () => {
    signInAs();
    const ui = renderAppInBrowser('/mypage/extra/done');
    await waitFor(() => expect(ui.currentPath()).toBe('/'));
    expect(screen.queryByText('프로필 세팅 완료!')).not.toBeInTheDocument();
  });

  it('says 프로필 세팅 완료! and 확인 goes to /mypage', async () => {
    signInAs();
    // Reached through the wizard (or reloaded there): the wizard leaves its mark in history.state.
    const ui = renderAppInBrowser('/mypage/extra/done', { flowDone: '/mypage/extra/done' });
    expect(await screen.findByText('프로필 세팅 완료!')).toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: '확인' }));
    expect(ui.currentPath()).toBe('/mypage');
  });
});
