import { act, screen, within } from '@testing-library/react';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sortByTimeLeft, profileIcons, lobbyOpen } from '../../src/client/assist/assist-parties';
import type { MyParty } from '../../src/shared/live';
import { backToRealTimers } from './history-back';
import { MY_PARTY } from './msw/fixtures';
import { server } from './msw/server';
import { renderApp, signInAs } from './render-app';

const NOW = new Date('2026-03-03T10:00:00Z').getTime();
const MIN = 60_000;

function party(id: number, startsInMs: number, extra: Partial<MyParty> = {}): MyParty {
  return { ...MY_PARTY, id, title: `파티 ${id}`, start_time: new Date(NOW + startsInMs).toISOString(), ...extra };
}

function serve(body: JsonBodyType, status = 200) {
  let calls = 0;
  server.use(
    http.get('/api/partyassist/myparties/', () => {
      calls += 1;
      return HttpResponse.json(body, { status });
    }),
  );
  return () => calls;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(backToRealTimers);

describe('assist party rules', () => {
  it('sorts by least time left, parties under way first', () => {
    const list = [party(1, 3 * 60 * MIN), party(2, 10 * MIN), party(3, -20 * MIN), party(4, 2 * 24 * 60 * MIN)];
    expect(sortByTimeLeft(list, NOW).map((p) => p.id)).toEqual([3, 2, 1, 4]);
  });

  it('opens the lobby from 30 minutes before the start', () => {
    expect(lobbyOpen(party(1, 31 * MIN), NOW)).toBe(false);
    expect(lobbyOpen(party(1, 30 * MIN), NOW)).toBe(true);
    expect(lobbyOpen(party(1, -60 * MIN), NOW)).toBe(true);
  });

  it('takes up to five profile icons, people with a photo first', () => {
    const people = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, username: `u${id}`, profile_image: id % 3 === 0 ? `/p/${id}.jpg` : null }));
    expect(profileIcons(party(1, MIN, { participants: people })).map((p) => p.id)).toEqual([3, 6, 1, 2, 4]);
  });
});

describe('/assist without a session', () => {
  it('shows the login popup and makes no call', async () => {
    const calls = serve([]);
    const ui = renderApp('/assist');
    const popup = await screen.findByRole('dialog');
    expect(within(popup).getByText('파티비서는 로그인 후 확인할 수 있습니다.')).toBeInTheDocument();
    await ui.user.click(within(popup).getByRole('button', { name: '로그인하기' }));
    expect(ui.currentPath()).toBe('/kakao-login');
    expect(localStorage.getItem('redirectPath')).toBe('/assist');
    expect(calls()).toBe(0);
  });

  it('goes home from the popup back button', async () => {
    const ui = renderApp('/assist');
    await ui.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '뒤로 가기' }));
    expect(ui.currentPath()).toBe('/');
  });

  it('opens the popup when the list answers 401 and the session cannot be refreshed', async () => {
    signInAs('dead', '');
    serve({ detail: '인증 정보가 없습니다.' }, 401);
    renderApp('/assist');
    expect(await screen.findByText('파티비서는 로그인 후 확인할 수 있습니다.')).toBeInTheDocument();
  });
});

describe('/assist when signed in', () => {
  beforeEach(() => signInAs());

  it('shows the loading text, then the cards', async () => {
    server.use(
      http.get('/api/partyassist/myparties/', async () => {
        await delay(50);
        return HttpResponse.json([party(1, 60 * MIN)]);
      }),
    );
    renderApp('/assist');
    expect(await screen.findByText('로딩 중...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '파티 1' })).toBeInTheDocument();
  });

  it('says loading failed and retries on 다시 시도', async () => {
    serve({ detail: 'boom' }, 500);
    const ui = renderApp('/assist');
    expect(await screen.findByText('파티 정보를 불러오지 못했습니다.')).toBeInTheDocument();
    const calls = serve([party(1, 60 * MIN)]);
    await ui.user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('heading', { name: '파티 1' })).toBeInTheDocument();
    expect(calls()).toBe(1);
  });

  it('lists the full parties I wait for with my position, beside my seats, each opening its party', async () => {
    serve([party(1, 60 * MIN)]);
    server.use(
      http.get('/api/reserve/waitlist/', () =>
        HttpResponse.json([{ party_id: 9, title: '배드민턴 번개', start_time: new Date(NOW + 120 * MIN).toISOString(), place_name: '체육관', position: 3 }]),
      ),
    );
    const ui = renderApp('/assist');
    expect(await screen.findByRole('heading', { name: '파티 1' })).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: '대기 중인 파티' });
    const item = within(section).getByRole('listitem');
    expect(item).toHaveTextContent('배드민턴 번개');
    expect(within(item).getByText('대기 3번째')).toBeInTheDocument();
    await ui.user.click(within(item).getByRole('link'));
    expect(ui.currentPath()).toBe('/partyinfo/9');
  });

  it('shows no waitlist section when I wait for nothing', async () => {
    serve([]);
    renderApp('/assist');
    expect(await screen.findByText('참여 중인 파티가 없어요.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '대기 중인 파티' })).toBeNull();
  });

  it('offers to browse parties when there are none', async () => {
    serve([]);
    const ui = renderApp('/assist');
    expect(await screen.findByText('참여 중인 파티가 없어요.')).toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: '파티 둘러보기' }));
    expect(ui.currentPath()).toBe('/');
  });

  it('reads a paginated {results} body too', async () => {
    serve({ results: [party(9, 60 * MIN)] });
    renderApp('/assist');
    expect(await screen.findByRole('heading', { name: '파티 9' })).toBeInTheDocument();
  });

  it('counts down to the nearest party every second, with the bomb and its label', async () => {
    serve([party(1, 2 * 24 * 60 * MIN), party(2, 3 * 60 * MIN + 4 * MIN + 5_000)]);
    renderApp('/assist');
    expect(await screen.findByText('파티까지 남은 시간')).toBeInTheDocument();
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent(/^3시간 04:0[45]$/);
    const before = timer.textContent;
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer').textContent).not.toBe(before);
    // The nearest party's card comes first.
    expect(screen.getByRole('heading', { name: '파티 2' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '파티 1' })).not.toBeInTheDocument(); // off-screen slide
  });

  it('shows the card details, the lobby button when open, and 결제 대기 for an unpaid seat', async () => {
    const people = [
      { id: 1, username: 'dahye', profile_image: null },
      { id: 2, username: 'jun', profile_image: '/media/p/jun.jpg' },
    ];
    serve([party(4, 20 * MIN, { participants: people, participation_count: 2 }), party(5, 90 * MIN, { my_status: 'pending' })]);
    const ui = renderApp('/assist');
    const card = await screen.findByRole('article', { name: '파티 4' });
    expect(within(card).getByText('학생회관')).toBeInTheDocument();
    expect(within(card).getByText(/참여 인원/)).toHaveTextContent('참여 인원 2/8');
    expect(within(card).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['jun', 'dahye']);

    await ui.user.click(screen.getByRole('button', { name: '2개 중 2번째 파티 보기' }));
    expect(await screen.findByText('결제 대기')).toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: '이전 파티' }));
    await ui.user.click(within(screen.getByRole('article', { name: '파티 4' })).getByRole('button', { name: '대기실 입장' }));
    expect(ui.currentPath()).toBe('/balancewait/4');
  });

  it('moves between cards with the arrow keys', async () => {
    serve([party(1, 60 * MIN), party(2, 120 * MIN)]);
    const ui = renderApp('/assist');
    await screen.findByRole('heading', { name: '파티 1' });
    screen.getByRole('button', { name: '다음 파티' }).focus();
    await ui.user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('heading', { name: '파티 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2개 중 2번째 파티 보기' })).toHaveAttribute('aria-current', 'true');
  });

  it('calls a party that started a while ago under way, not starting soon', async () => {
    serve([party(7, -10 * 60_000)]);
    renderApp('/assist');
    await screen.findByRole('heading', { name: '파티 7' });
    expect(screen.getByRole('timer')).toHaveTextContent('진행 중이에요');
    expect(screen.getByText('지금 진행 중인 파티')).toBeInTheDocument();
  });

  it('at the start time says the party starts, then goes to its lobby after 3 s', async () => {
    serve([party(7, 2_000)]);
    const ui = renderApp('/assist');
    await screen.findByRole('heading', { name: '파티 7' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    const modal = await screen.findByRole('alertdialog');
    expect(modal).toHaveTextContent('파티가 시작되었습니다! 밸런스 게임 준비 페이지로 이동합니다.');
    expect(screen.getByRole('timer')).toHaveTextContent('곧 시작해요!');
    act(() => {
      vi.advanceTimersByTime(2_900);
    });
    expect(ui.currentPath()).toBe('/assist');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(ui.currentPath()).toBe('/balancewait/7');
  });

  it('does not open the start modal for a party that had already started', async () => {
    serve([party(8, -5 * MIN)]);
    renderApp('/assist');
    await screen.findByRole('heading', { name: '파티 8' });
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
