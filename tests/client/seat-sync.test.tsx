import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSWRConfig } from 'swr';
import { useHomeParties } from '../../src/client/api/home-parties';
import { useMapParties } from '../../src/client/api/map-parties';
import { useMyParties } from '../../src/client/api/my-parties';
import { useMyPageMain } from '../../src/client/api/mypage';
import { usePartyDetail } from '../../src/client/api/party-detail';
import { SEAT_EVENTS, SEAT_SCREENS, type SeatEvent, useSeatChanged } from '../../src/client/api/seat-change';
import type { MyParty } from '../../src/shared/live';
import type { MyWaitlistEntry, PartyDetail } from '../../src/shared/parties';
import { acceptAlert } from './alerts';
import { backToRealTimers } from './history-back';
import { MY_PARTY, PARTY_DETAIL } from './msw/fixtures';
import { server } from './msw/server';
import { renderApp, renderWith, signInAs } from './render-app';
import { recordRequests } from './sent-requests';

// What each screen reads about my seat, through the screens' own hooks: the party's page, the two lists (home with
// its filters' key, the map), the assistant, my page.
const SCREEN_PATHS: Record<(typeof SEAT_SCREENS)[number], string> = {
  detail: '/api/detailview/parties/5/',
  home: '/api/homemap/home/',
  map: '/api/detailview/parties/',
  assistant: '/api/partyassist/myparties/',
  mypage: '/api/mypage/main/',
};

let act: { seatChanged: (event: SeatEvent, partyId: number) => void; revalidate: (key: string) => void } | null = null;

/** Every screen's data at once, as if each were open, and a handle on the seat events. */
function Screens() {
  usePartyDetail(5);
  usePartyDetail(6);
  useHomeParties();
  useMapParties();
  useMyParties(true);
  useMyPageMain(true);
  const seatChanged = useSeatChanged();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    act = { seatChanged, revalidate: (key) => void mutate(key) };
  });
  return null;
}

let requests: ReturnType<typeof recordRequests> | null = null;
afterEach(async () => {
  await requests?.settled();
  requests = null;
  act = null;
});

/** The app with every screen's data loaded once; answers a counter of the GETs sent from then on. */
async function openEveryScreen(opts: { myParties?: MyParty[] } = {}) {
  signInAs();
  server.use(
    http.get('/api/detailview/parties/', () => HttpResponse.json([])),
    http.get('/api/partyassist/myparties/', () => HttpResponse.json(opts.myParties ?? [])),
  );
  requests = recordRequests();
  renderWith('/', <Screens />);
  const recorded = requests;
  await waitFor(() => {
    for (const path of [...Object.values(SCREEN_PATHS), '/api/detailview/parties/6/']) expect(recorded.sent('GET', path)).toBeGreaterThan(0);
    expect(act).not.toBeNull();
  });
  const before = (path: string) => recorded.sent('GET', path);
  const baseline = Object.fromEntries(Object.values(SCREEN_PATHS).map((p) => [p, before(p)]));
  return { recorded, baseline, other: before('/api/detailview/parties/6/') };
}

describe('one source of truth for my seat (issue 30 §3): 7 events × 5 screens', () => {
  it.each(SEAT_EVENTS)('%s: the party page, home, the map, the assistant and my page all read my seat again', async (event) => {
    const { recorded, baseline, other } = await openEveryScreen();
    act?.seatChanged(event, 5);
    await waitFor(() => {
      for (const screen of SEAT_SCREENS) expect(recorded.sent('GET', SCREEN_PATHS[screen]), screen).toBeGreaterThan(baseline[SCREEN_PATHS[screen]]);
    });
    // Another party's page says nothing about this seat: it is left as it is.
    expect(recorded.sent('GET', '/api/detailview/parties/6/')).toBe(other);
  });
});

describe('hearing the seat events others and the clock cause', () => {
  it('a new notice (a seat offered, a party cancelled) makes every screen read my seat again', async () => {
    const { recorded, baseline } = await openEveryScreen();
    server.use(http.get('/api/notice/unread-count/', () => HttpResponse.json({ count: 1 })));
    // The bell asks again (the poll's tick, or the tab coming back to the front), and hears one more notice.
    act?.revalidate('/api/notice/unread-count/');
    await waitFor(() => {
      for (const path of Object.values(SCREEN_PATHS)) expect(recorded.sent('GET', path), path).toBeGreaterThan(baseline[path]);
    });
  });

  it('my place in a line moving makes every screen read my seat again', async () => {
    server.use(http.get('/api/reserve/waitlist/', () => HttpResponse.json([{ party_id: 5, title: 'x', start_time: MY_PARTY.start_time, place_name: 'y', position: 2 }])));
    const { recorded, baseline } = await openEveryScreen();
    await waitFor(() => expect(recorded.sent('GET', '/api/reserve/waitlist/')).toBeGreaterThan(0));
    server.use(http.get('/api/reserve/waitlist/', () => HttpResponse.json([{ party_id: 5, title: 'x', start_time: MY_PARTY.start_time, place_name: 'y', position: 1 }])));
    act?.revalidate('/api/reserve/waitlist/');
    await waitFor(() => {
      for (const path of Object.values(SCREEN_PATHS)) expect(recorded.sent('GET', path), path).toBeGreaterThan(baseline[path]);
    });
  });
});

// The same events from their real sources — a tap in the sheet, the bell's poll, my lines' poll, the clock — and
// what the student reads on the screen that is open, never only which requests were sent.
describe('each screen shows the seat as the server has it, without a reload', () => {
  const START = '2099-03-03T10:00:00Z';
  const seat = (status: 'pending' | 'confirmed', holdEndsIn = 0) => ({
    id: 31,
    status,
    hold_expires_at: status === 'pending' ? new Date(Date.now() + holdEndsIn).toISOString() : null,
  });
  const line = (position: number): MyWaitlistEntry => ({ party_id: 5, title: PARTY_DETAIL.title, start_time: START, place_name: '학생회관', position });

  /** The server, as the test moves it: the party page, my seats and my lines follow `now`. */
  function backend(now: { mine: PartyDetail['my_participation']; applied: number; status?: 'open' | 'cancelled'; position?: number | null; unread?: number }) {
    server.use(
      http.get('/api/detailview/parties/5/', () =>
        HttpResponse.json({ ...PARTY_DETAIL, start_time: START, status: now.status ?? 'open', applied_count: now.applied, my_participation: now.mine }),
      ),
      http.get('/api/partyassist/myparties/', () =>
        HttpResponse.json(now.mine ? [{ ...MY_PARTY, start_time: START, my_status: now.mine.status, hold_expires_at: now.mine.hold_expires_at }] : []),
      ),
      http.get('/api/reserve/waitlist/', () => HttpResponse.json(now.position ? [line(now.position)] : [])),
      http.get('/api/reserve/waitlist/5/', () => HttpResponse.json({ position: now.position ?? null })),
      http.get('/api/notice/unread-count/', () => HttpResponse.json({ count: now.unread ?? 0 })),
    );
    return now;
  }

  const nav = () => within(screen.getByRole('navigation', { name: '주요 메뉴' }));

  it('leave: back on home the card offers 신청하기 at once, and the assistant holds no card — never the seat just left', async () => {
    signInAs();
    requests = recordRequests();
    const now = backend({ mine: seat('confirmed'), applied: 6 });
    server.use(
      http.get('/api/homemap/home/', () => HttpResponse.json([{ id: 5, title: PARTY_DETAIL.title, place_photo: null, place_name: '학생회관', start_time: START, applied_count: now.applied, max_participants: 8, tags: [] }])),
      http.get('/api/detailview/parties/5/leave/', () => HttpResponse.json({ status: 'confirmed', paid: 3000, refund: 3000, refund_until: '2099-03-02T10:00:00Z' })),
      http.post('/api/detailview/parties/5/leave/', () => {
        Object.assign(now, { mine: null, applied: 5 });
        return HttpResponse.json({ status: 'cancelled', refunded: 3000 });
      }),
    );
    const ui = renderApp('/');
    const card = (await screen.findByRole('heading', { name: `#${PARTY_DETAIL.title}` })).closest('li')!;
    expect(await within(card).findByText('참가 확정')).toBeInTheDocument();

    await ui.user.click(within(card).getByRole('link'));
    await ui.user.click(await screen.findByRole('button', { name: '참가 취소' }));
    const sheet = await screen.findByRole('alertdialog', { name: '참가를 취소할까요?' });
    await ui.user.click(await within(sheet).findByRole('button', { name: '참가 취소하기' }));
    await acceptAlert(ui.user, '참가를 취소했어요. 3,000P를 돌려드렸어요.');
    expect(await screen.findByRole('button', { name: '참가신청' })).toBeEnabled();
    await requests.settled();

    // In-app, as a footer tap goes: the first drawing of each screen already shows no seat.
    await ui.user.click(nav().getByRole('button', { name: '홈' }));
    const again = (await screen.findByRole('heading', { name: `#${PARTY_DETAIL.title}` })).closest('li')!;
    expect(within(again).queryByText('참가 확정')).not.toBeInTheDocument();
    expect(within(again).getByRole('button', { name: '신청하기' })).toBeEnabled();
    await waitFor(() => expect(again).toHaveTextContent('5/8명'));

    await ui.user.click(nav().getByRole('button', { name: '파티비서' }));
    await screen.findByRole('heading', { name: '파티비서' });
    expect(screen.getByText('참여 중인 파티가 없어요.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: PARTY_DETAIL.title })).not.toBeInTheDocument();
  });

  describe('heard by the polls and the clock', () => {
    afterEach(backToRealTimers);

    it('operator cancel: a new notice, heard by the bell\'s poll, turns the open party page into 취소된 파티', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      signInAs();
      const now = backend({ mine: seat('confirmed'), applied: 6, unread: 1 });
      renderApp('/partyinfo/5');
      expect(await screen.findByRole('button', { name: '참가 확정' })).toBeDisabled();

      Object.assign(now, { mine: null, applied: 0, status: 'cancelled', unread: 2 });
      await vi.advanceTimersByTimeAsync(15_000);
      expect(await screen.findByRole('button', { name: '취소된 파티' })).toBeDisabled();
      expect(screen.getByText('0 / 8명 참여')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '참가 취소' })).not.toBeInTheDocument();
    });

    it('waitlist move, then offer: my lines\' poll moves the open party page from 대기 2번째 to 대기 1번째, then to 결제 계속하기', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      signInAs();
      const now = backend({ mine: null, applied: 8, position: 2 });
      renderApp('/partyinfo/5');
      expect(await screen.findByText('대기 2번째')).toBeInTheDocument();

      now.position = 1;
      await vi.advanceTimersByTimeAsync(15_000);
      expect(await screen.findByText('대기 1번째')).toBeInTheDocument();
      expect(screen.queryByText('대기 2번째')).not.toBeInTheDocument();

      // A seat freed: the server gave it to me, the first in line, held unpaid for 15 minutes.
      Object.assign(now, { position: null, mine: seat('pending', 15 * 60_000) });
      await vi.advanceTimersByTimeAsync(15_000);
      expect(await screen.findByRole('button', { name: '결제 계속하기' })).toBeEnabled();
      expect(screen.getByText(/^결제 대기 1[45]:\d\d$/)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '대기 취소' })).not.toBeInTheDocument();
    });

    it('hold expiry: the open party page says the hold ended, and once the server has released the seat, 참가신청 and the count', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      signInAs();
      const now = backend({ mine: seat('pending', 60_000), applied: 6 });
      renderApp('/partyinfo/5');
      expect(await screen.findByRole('button', { name: '결제 계속하기' })).toBeEnabled();

      await vi.advanceTimersByTimeAsync(61_000);
      expect(await screen.findByText('결제 가능 시간이 끝났어요')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '결제 계속하기' })).not.toBeInTheDocument();
      expect(screen.getByText('6 / 8명 참여')).toBeInTheDocument();

      // The server's sweep releases it some seconds later; the page hears it without a reload.
      Object.assign(now, { mine: null, applied: 5 });
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await screen.findByRole('button', { name: '참가신청' })).toBeEnabled();
      expect(screen.getByText('5 / 8명 참여')).toBeInTheDocument();
      expect(screen.queryByText('결제 가능 시간이 끝났어요')).not.toBeInTheDocument();
    });
  });
});
