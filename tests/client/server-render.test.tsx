import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { App } from '../../src/client/App';
import { renderPage } from '../../src/client/entry-server';
import { CAMPUS_PATH, type CampusSettings, DEFAULT_CAMPUS } from '../../src/shared/campus';
import type { HomeParty, MapParty } from '../../src/shared/parties';
import { PARTY_DETAIL } from './msw/fixtures';
import { server } from './msw/server';

// The real renderer (dist/ssr is built from src/client/entry-server.tsx) on the real screens, then the browser's
// side: the app hydrating that HTML as main.tsx does for a guest. A mismatch would make React throw the server's
// screen away and draw it again, which these tests would see as a recoverable error and replaced elements.

const HOME: HomeParty[] = [
  { id: 5, title: '보드게임 번개', place_photo: '/art/places/student-union.webp', place_name: '학생회관', start_time: '2026-05-03T10:30:00Z', applied_count: 3, max_participants: 6, tags: [] },
  { id: 6, title: '야식 파티', place_photo: null, place_name: '기숙사', start_time: '2026-05-04T15:00:00Z', applied_count: 4, max_participants: 4, tags: [] },
];

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** The campus every drawn page carries (src/server/pages/page-render.ts): the built-in one unless a test says. */
async function drawThenHydrate(path: string, data: Record<string, unknown>, campus: CampusSettings = DEFAULT_CAMPUS) {
  const fallback = { ...data, [CAMPUS_PATH]: campus };
  const html = await renderPage(path, fallback);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  window.history.replaceState(null, '', path);
  const drawn = container.querySelector('h1');
  const recovered: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, <App fallback={fallback} />, { onRecoverableError: (error) => recovered.push(error) });
  });
  return { html, container, drawn, recovered };
}

describe('a page drawn on the server, then taken over in the browser', () => {
  it('draws the home list itself (not the loading text), and a guest’s browser takes it over as it is', async () => {
    server.use(http.get('/api/homemap/home/', () => HttpResponse.json(HOME)));
    const { html, container, drawn, recovered } = await drawThenHydrate('/', { '/api/homemap/home/': HOME });

    // The guest's name is marked as a guest's only, so a signed-in student's kept copy hides it (lib/page-loader.ts).
    expect(html).toContain('<span data-personal="">게스트</span>님을 위한 추천 파티');
    expect(html).toContain('#<!-- -->보드게임 번개');
    expect(html).toContain('5월 3일 오후 7:30');
    expect(html).toContain('5월 5일 오전 12:00');
    expect(html).not.toContain('로딩 중');
    // Nothing the CSP would refuse: no inline script of React's, no style attribute in the markup (styles set
    // from script are fine; written into the HTML they are blocked, and hydration would not put them back).
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/ style="/);

    expect(recovered).toEqual([]);
    expect(container.querySelector('h1')).toBe(drawn);
    // Taken over: the card's button answers a tap (a guest is asked to log in).
    const card = screen.getByRole('heading', { name: '#보드게임 번개' }).closest('li')!;
    await act(async () => within(card).getByRole('button', { name: '신청하기' }).click());
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  // The first lazy screen this file draws: the first visitor of a screen after a server start.
  it('draws a party’s detail with its lazy screen, and hydrates it without redrawing', async () => {
    server.use(http.get('/api/detailview/parties/5/', () => HttpResponse.json(PARTY_DETAIL)));
    const { html, container, drawn, recovered } = await drawThenHydrate('/partyinfo/5', { '/api/detailview/parties/5/': PARTY_DETAIL });

    expect(html).toContain('<h1 class="party-detail__title">보드게임 번개</h1>');
    expect(html).toContain('2026년 3월 3일 (화) 19:00');
    expect(html).toContain('참가신청');
    // The lazy screen itself, in place (not a hidden segment waiting for an inline script, nor the loading text).
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/ style="/);
    expect(html).not.toContain('로딩 중');
    expect(recovered).toEqual([]);
    expect(await screen.findByRole('heading', { name: '보드게임 번개' })).toBe(drawn);
    expect(container.querySelector('.party-detail__photo')).toHaveAttribute('fetchpriority', 'high');
  });

  it('keeps a long page in line (React moves large parts out of line unless told not to)', async () => {
    const long = { ...PARTY_DETAIL, id: 7, description: '긴 소개 '.repeat(4000) };
    const html = await renderPage('/partyinfo/7', { '/api/detailview/parties/7/': long });
    expect(html).toContain('긴 소개 긴 소개');
    expect(html).not.toContain('<template');
    expect(html).not.toContain('<script');
  });

  it('draws the lobby as a member sees it before any data of theirs: its hero and frame, no sign-in question, the standby parts marked', async () => {
    const html = await renderPage('/balancewait/18', { [CAMPUS_PATH]: DEFAULT_CAMPUS }, true);
    const drawn = document.createElement('div');
    drawn.innerHTML = html;
    expect(drawn.querySelector('[data-members] .lobby-hero img')).not.toBeNull();
    expect(drawn.querySelector('h1')).toHaveTextContent('파티 대기실');
    expect([...drawn.querySelectorAll('.lobby-counts dd')].map((dd) => dd.textContent)).toEqual(['-', '-']);
    // What depends on the student's own standby is hidden by the page until the app knows it (lib/page-loader.ts).
    expect(drawn.querySelector('.lobby-toggle')).toHaveAttribute('data-personal');
    expect(drawn.querySelector('.lobby-hint')).toHaveAttribute('data-personal');
    expect(drawn.textContent).not.toContain('로그인');
    // As a guest the same path draws no lobby.
    expect(await renderPage('/balancewait/18', { [CAMPUS_PATH]: DEFAULT_CAMPUS })).not.toContain('data-members');
  });

  it('draws a campus of its own: its name on the home list, its uploaded art on the map (issue 29)', async () => {
    const campus: CampusSettings = {
      school: '새솔대학교',
      campus_name: '서울캠퍼스',
      map: { overview: '/media/campus/o.webp', overview_png: '/media/campus/o.png', medium: '/media/campus/m.webp', large: '/media/campus/l.webp' },
    };
    server.use(http.get('/api/homemap/home/', () => HttpResponse.json(HOME)));
    const home = await drawThenHydrate('/', { '/api/homemap/home/': HOME }, campus);
    expect(home.html).toContain('<p class="home__campus">새솔대학교 서울캠퍼스</p>');
    expect(home.recovered).toEqual([]);
    act(() => root?.unmount());
    document.body.innerHTML = '';

    server.use(http.get('/api/detailview/parties/', () => HttpResponse.json([])));
    const map = await drawThenHydrate('/map', { '/api/detailview/parties/': [] }, campus);
    expect(map.html).toMatch(/<div class="map-art map-art--unplaced"[^>]*><img src="\/media\/campus\/m\.webp"/);
    expect(map.html).not.toContain('campus-medium');
    expect(map.recovered).toEqual([]);
  });

  it('draws the map page as a phone shows it: the art and the sheet with its cards, taken over as they are', async () => {
    const parties: MapParty[] = HOME.map((p, i) => ({ ...p, place_x_norm: 0.3 + i / 10, place_y_norm: 0.5 }));
    server.use(http.get('/api/detailview/parties/', () => HttpResponse.json(parties)));
    // A phone's width (jsdom's window is 1024 px wide, where the page loader would have dropped the drawing).
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 393 });
    onTestFinished(() => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    });
    const { html, container, recovered } = await drawThenHydrate('/map', { '/api/detailview/parties/': parties });

    // The page's largest picture is in the markup (placed by a class till a script measures the screen), and the
    // sheet lists the cards: a phone paints both before the app's code arrives.
    expect(html).toMatch(/<div class="map-art map-art--unplaced"[^>]*><img src="[^"]*campus-medium[^"]*"/);
    expect(html).toContain('data-layout="phone"');
    expect(html).toContain('보드게임 번개');
    expect(html).toContain('야식 파티');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/ style="/);
    const art = container.querySelector('img[fetchpriority="high"]');
    const cards = [...container.querySelectorAll('.map-card')];
    expect(cards).toHaveLength(2);

    expect(recovered).toEqual([]);
    // The same elements, now the app's: the picture is not fetched or painted again.
    expect(container.querySelector('img[fetchpriority="high"]')).toBe(art);
    expect([...container.querySelectorAll('.map-card')]).toEqual(cards);
    // The sheet's height is the spring's now (the screen has been measured), no longer the stylesheet's.
    expect(container.querySelector<HTMLElement>('.map-sheet')!.style.height).toMatch(/px$/);
  });
});
