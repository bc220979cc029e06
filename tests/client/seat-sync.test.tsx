import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSWRConfig } from 'swr';
import { useHomeParties } from '../../src/client/api/home-parties';
import { useMapParties } from '../../src/client/api/map-parties';
import { useMyParties } from '../../src/client/api/my-parties';
import { useMyPageMain } from '../../src/client/api/mypage';
import { usePartyDetail } from '../../src/client/api/party-detail';
import { SEAT_EVENTS, SEAT_SCREENS, type SeatEvent, useSeatChanged } from '../../src/client/api/seat-change';
import type { MyParty } from '../../src/shared/live';
import { MY_PARTY } from './msw/fixtures';
import { server } from './msw/server';
import { renderWith, signInAs } from './render-app';
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

  it('my unpaid hold running out makes the party page read my seat again', async () => {
    // A hold that ends a moment from now: the app reads the seat again when it does, and nothing is waited for but that.
    const holding: MyParty = { ...MY_PARTY, my_status: 'pending', hold_expires_at: new Date(Date.now() + 50).toISOString() };
    const { recorded, baseline } = await openEveryScreen({ myParties: [holding] });
    await waitFor(() => expect(recorded.sent('GET', SCREEN_PATHS.detail)).toBeGreaterThan(baseline[SCREEN_PATHS.detail]));
  });
});
