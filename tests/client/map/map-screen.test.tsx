import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import defaultParty from '../../../assets/images/default-party.svg';
import type { MapParty } from '../../../src/shared/parties';
import { server } from '../msw/server';
import { renderApp } from '../render-app';

// Konva needs a real canvas; the sheet, the cards and the layout are what this file checks.
vi.mock('../../../src/client/map/MapStage', () => ({ default: () => <div data-testid="map-stage" /> }));

const PARTIES: MapParty[] = [
  {
    id: 3,
    title: '공대생 코딩 모각코 & 피자',
    place_photo: null,
    place_name: '공학관',
    start_time: '2026-11-24T09:00:00.000Z',
    applied_count: 2,
    max_participants: 6,
    tags: ['개발', '모각코'],
    place_x_norm: 0.74,
    place_y_norm: 0.3,
  },
  {
    id: 8,
    title: '호숫가 버스킹',
    place_photo: '/art/places/lake.webp',
    place_name: '한빛호수 잔디광장',
    start_time: '2026-11-30T15:30:00.000Z',
    // An older server may leave counts out: they read 0.
    applied_count: undefined as unknown as number,
    max_participants: undefined as unknown as number,
    tags: undefined as unknown as string[],
    place_x_norm: 0.6,
    place_y_norm: 0.16,
  },
];

let width = 393;
beforeEach(() => {
  width = 393;
  vi.spyOn(window, 'innerWidth', 'get').mockImplementation(() => width);
  vi.spyOn(window, 'innerHeight', 'get').mockImplementation(() => 852);
  server.use(http.get('/api/detailview/parties/', () => HttpResponse.json(PARTIES)));
});
afterEach(() => {
  document.body.style.overflow = '';
});

const sheet = () => screen.getByRole('region', { name: '파티 목록' });

describe('/map bottom sheet', () => {
  it('starts collapsed at 25 % of the screen; the grabber toggles it and the list scroll', async () => {
    const { user } = renderApp('/map');
    const grabber = await screen.findByRole('button', { name: '목록 펼치기' });
    expect(grabber).toHaveAttribute('aria-expanded', 'false');
    expect(sheet()).toHaveStyle({ height: '213px' });
    const list = document.getElementById(grabber.getAttribute('aria-controls')!)!;
    expect(list).not.toHaveClass('map-sheet__list--scroll');

    await user.click(grabber);
    expect(grabber).toHaveAttribute('aria-expanded', 'true');
    expect(grabber).toHaveAccessibleName('목록 접기');
    expect(list).toHaveClass('map-sheet__list--scroll');
    expect(document.body.style.overflow).toBe('hidden');
    await waitFor(() => expect(parseFloat(sheet().style.height)).toBeCloseTo(852 * 0.76, 0));

    await user.click(grabber);
    expect(grabber).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('');
  });

  it('works from the keyboard: Enter and Space toggle, arrows say which way', async () => {
    const { user } = renderApp('/map');
    const grabber = await screen.findByRole('button', { name: '목록 펼치기' });
    grabber.focus();
    await user.keyboard('{Enter}');
    expect(grabber).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(grabber).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowUp}');
    expect(grabber).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(grabber).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows each party as a card: photo or fallback, place, title, tags, MM.DD. HH:mm, attendees/capacity', async () => {
    renderApp('/map');
    const first = (await screen.findByRole('heading', { name: '공대생 코딩 모각코 & 피자' })).closest('li')!;
    expect(within(first).getByText('공학관')).toBeInTheDocument();
    expect(within(first).getByText('#개발')).toBeInTheDocument();
    expect(within(first).getByText('#모각코')).toBeInTheDocument();
    expect(within(first).getByText('11.24. 18:00')).toBeInTheDocument();
    expect(within(first).getByText('2/6')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: '공학관' })).toHaveAttribute('src', defaultParty);

    const second = screen.getByRole('heading', { name: '호숫가 버스킹' }).closest('li')!;
    expect(within(second).getByRole('img', { name: '한빛호수 잔디광장' })).toHaveAttribute('src', '/art/places/lake.webp');
    expect(within(second).getByText('12.01. 00:30')).toBeInTheDocument();
    expect(within(second).getByText('0/0')).toBeInTheDocument();
    expect(within(sheet()).getByText('2개')).toBeInTheDocument();
  });

  it('the detail button opens /partyinfo/{id}', async () => {
    const { user, currentPath } = renderApp('/map');
    const card = (await screen.findByRole('heading', { name: '호숫가 버스킹' })).closest('li')!;
    await user.click(within(card).getByRole('button', { name: '상세보기' }));
    expect(currentPath()).toBe('/partyinfo/8');
  });

  it('a tap anywhere on a card opens its party, not only on 상세보기', async () => {
    const { user, currentPath } = renderApp('/map');
    const title = await screen.findByRole('heading', { name: '호숫가 버스킹' });
    await user.click(title);
    expect(currentPath()).toBe('/partyinfo/8');
  });

  it('works for a guest: no token, no login prompt', async () => {
    renderApp('/map');
    expect(await screen.findByRole('heading', { name: '공대생 코딩 모각코 & 피자' })).toBeInTheDocument();
    expect(screen.queryByText('로그인이 필요한 서비스입니다.')).not.toBeInTheDocument();
  });

  it('starts the markers’ canvas once the map picture is up, even when the picture fails', async () => {
    const first = renderApp('/map');
    await screen.findByRole('heading', { name: '공대생 코딩 모각코 & 피자' });
    expect(screen.queryByTestId('map-stage')).not.toBeInTheDocument();
    fireEvent.load(document.querySelector('.map-art img')!);
    expect(await screen.findByTestId('map-stage')).toBeInTheDocument();
    first.unmount();

    renderApp('/map');
    await screen.findByRole('heading', { name: '공대생 코딩 모각코 & 피자' });
    fireEvent.error(document.querySelector('.map-art img')!);
    expect(await screen.findByTestId('map-stage')).toBeInTheDocument();
  });

  it('says so when nothing is planned, and offers a retry when loading fails', async () => {
    server.use(http.get('/api/detailview/parties/', () => HttpResponse.json([])));
    const { unmount } = renderApp('/map');
    expect(await screen.findByText('예정된 파티가 없습니다.')).toBeInTheDocument();
    unmount();
    server.use(http.get('/api/detailview/parties/', () => HttpResponse.json({ detail: 'x' }, { status: 500 })));
    renderApp('/map');
    expect(await screen.findByText('파티 목록을 불러오지 못했습니다.')).toBeInTheDocument();
    server.use(http.get('/api/detailview/parties/', () => HttpResponse.json(PARTIES)));
    screen.getByRole('button', { name: '다시 시도' }).click();
    expect(await screen.findByRole('heading', { name: '호숫가 버스킹' })).toBeInTheDocument();
  });

  it('on a wide screen without touch, the list is a side panel with no sheet to drag', async () => {
    width = 1280;
    renderApp('/map');
    expect(await screen.findByRole('heading', { name: '호숫가 버스킹' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: '파티 목록' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '목록 펼치기' })).not.toBeInTheDocument();
  });
});
