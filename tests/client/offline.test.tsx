import { act, screen } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { MapParty } from '../../src/shared/parties';
import { HISTORY_ITEM, HOME_PARTY, MY_PARTY, PARTY_DETAIL } from './msw/fixtures';
import { server } from './msw/server';
import { phoneNetwork } from './phone-network';
import { renderApp, signInAs } from './render-app';

// Issue 17 §3: offline, a screen shows what it saw last with a mark, or says it is not connected (with a retry) —
// never its empty text.

vi.mock('../../src/client/map/MapStage', () => ({ default: () => <div data-testid="map-stage" /> }));

const MARK = '오프라인 · 마지막으로 본 내용이에요';
const UNREACHABLE = '연결되지 않았습니다';

const { setOnline, flagOnline } = phoneNetwork();

/** `path` answers `body` for now; `down()` makes it fail as a dead network does, `up(next)` answers again. */
function answer(path: string, body: JsonBodyType) {
  let calls = 0;
  let current: JsonBodyType | null = body;
  server.use(
    http.get(path, () => {
      calls += 1;
      return current === null ? HttpResponse.error() : HttpResponse.json(current);
    }),
  );
  return {
    calls: () => calls,
    down: () => {
      current = null;
    },
    up: (next: JsonBodyType) => {
      current = next;
    },
  };
}

const MAP_PARTY: MapParty = { ...HOME_PARTY, place_x_norm: 0.4, place_y_norm: 0.5 };
const NOTICE = { id: 1, message: '파티 신청이 완료되었습니다.', created_at: '2026-05-03T10:30:00Z', is_read: false, link: null };

interface Case {
  screen: string;
  path: string;
  api: string;
  /** The screen's answer with something in it, and the same answer with nothing. */
  full: JsonBodyType;
  empty: JsonBodyType;
  /** What the full answer shows, and the text the empty one shows. */
  shown: () => Promise<HTMLElement>;
  emptyText: string | null;
  signedIn: boolean;
}

const cases: Case[] = [
  {
    screen: 'home',
    path: '/',
    api: '/api/homemap/home/',
    full: [HOME_PARTY],
    empty: [],
    shown: () => screen.findByRole('heading', { name: '#보드게임 번개' }),
    emptyText: '아직 모집 중인 파티가 없습니다.',
    signedIn: false,
  },
  {
    screen: 'map',
    path: '/map',
    api: '/api/detailview/parties/',
    full: [MAP_PARTY],
    empty: [],
    shown: () => screen.findByRole('heading', { name: '보드게임 번개' }),
    emptyText: '예정된 파티가 없습니다.',
    signedIn: false,
  },
  {
    screen: 'party detail',
    path: '/partyinfo/5',
    api: '/api/detailview/parties/5/',
    full: PARTY_DETAIL,
    empty: PARTY_DETAIL,
    shown: () => screen.findByRole('heading', { name: PARTY_DETAIL.title }),
    emptyText: null,
    signedIn: false,
  },
  {
    screen: 'notifications',
    path: '/notifications',
    api: '/api/notice/',
    full: [NOTICE],
    empty: [],
    shown: () => screen.findByText(NOTICE.message),
    emptyText: '새 알림이 없습니다.',
    signedIn: true,
  },
  {
    screen: 'party assistant',
    path: '/assist',
    api: '/api/partyassist/myparties/',
    full: [MY_PARTY],
    empty: [],
    shown: () => screen.findByRole('article', { name: '보드게임 번개' }),
    emptyText: '참여 중인 파티가 없어요.',
    signedIn: true,
  },
  {
    screen: 'history',
    path: '/mypage/history',
    api: '/api/mypage/history/',
    full: [HISTORY_ITEM],
    empty: [],
    shown: () => screen.findByRole('heading', { name: `#${HISTORY_ITEM.title}` }),
    emptyText: '참여 이력이 없습니다.',
    signedIn: true,
  },
];

describe.each(cases)('$screen offline', (c) => {
  it('keeps what it showed, marked as offline, and reads it again once back online', async () => {
    if (c.signedIn) signInAs();
    const api = answer(c.api, c.full);
    renderApp(c.path);
    await c.shown();
    expect(screen.queryByText(MARK)).not.toBeInTheDocument();

    api.down();
    setOnline(false);
    expect(await screen.findByText(MARK)).toBeInTheDocument();
    expect(await c.shown()).toBeInTheDocument();

    // Back online: SWR asks again at once, and what comes back is the server's word again, unmarked.
    const before = api.calls();
    api.up(c.empty);
    setOnline(true);
    await vi.waitFor(() => expect(api.calls()).toBeGreaterThan(before));
    await vi.waitFor(() => expect(screen.queryByText(MARK)).not.toBeInTheDocument());
    if (c.emptyText) expect(await screen.findByText(c.emptyText)).toBeInTheDocument();
  });

  it('without anything seen, says it is not connected (never its empty text), and the retry loads it', async () => {
    if (c.signedIn) signInAs();
    const api = answer(c.api, c.full);
    api.down();
    setOnline(false);
    const ui = renderApp(c.path);
    expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
    if (c.emptyText) expect(screen.queryByText(c.emptyText)).not.toBeInTheDocument();

    api.up(c.full);
    flagOnline();
    await ui.user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await c.shown()).toBeInTheDocument();
    expect(screen.queryByText(UNREACHABLE)).not.toBeInTheDocument();
  });

  if (c.emptyText) {
    it('keeps an empty answer from before out of sight offline: "nothing" needs the server of now', async () => {
      if (c.signedIn) signInAs();
      const api = answer(c.api, c.empty);
      renderApp(c.path);
      expect(await screen.findByText(c.emptyText!)).toBeInTheDocument();
      api.down();
      setOnline(false);
      expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
      expect(screen.queryByText(c.emptyText!)).not.toBeInTheDocument();
    });
  }
});

describe('server out of reach while the phone says it is online', () => {
  it('home marks the list it kept when a later read never reaches the server', async () => {
    const api = answer('/api/homemap/home/', [HOME_PARTY]);
    renderApp('/');
    await screen.findByRole('heading', { name: '#보드게임 번개' });
    api.down();
    // A reconnect event makes SWR read again; the read fails without any answer (status 0). The phone is online,
    // so the mark says the server was not reached (issue 30 §7; tests/client/outage.test.tsx has the rest).
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('서버 연결 끊김 · 마지막으로 본 내용이에요')).toBeInTheDocument();
    expect(screen.queryByText(MARK)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '#보드게임 번개' })).toBeInTheDocument();
  });
});

describe('my page offline', () => {
  it('keeps the profile it showed, marked', async () => {
    signInAs();
    renderApp('/mypage');
    expect(await screen.findByRole('heading', { name: '김민지' })).toBeInTheDocument();
    server.use(http.get('/api/mypage/main/', () => HttpResponse.error()));
    setOnline(false);
    expect(await screen.findByText(MARK)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '김민지' })).toBeInTheDocument();
  });

  it('without a profile seen, says it is not connected and retries; the menu still works', async () => {
    signInAs();
    server.use(http.get('/api/mypage/main/', () => HttpResponse.error()));
    setOnline(false);
    const ui = renderApp('/mypage');
    expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '로그아웃' })).toBeInTheDocument();
    server.resetHandlers();
    flagOnline();
    await ui.user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('heading', { name: '김민지' })).toBeInTheDocument();
  });
});

describe('a session that ends', () => {
  it("drops the student's answers from memory: signed in again offline, nothing of theirs shows", async () => {
    signInAs();
    const api = answer('/api/partyassist/myparties/', [MY_PARTY]);
    renderApp('/assist');
    await screen.findByRole('article', { name: '보드게임 번개' });

    // Another tab signs out; later someone signs in again, with no network.
    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'access', newValue: null }));
    });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    api.down();
    setOnline(false);
    signInAs('access-2', 'refresh-2');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'access', newValue: 'access-2' }));
    });
    expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: '보드게임 번개' })).not.toBeInTheDocument();
  });
});
