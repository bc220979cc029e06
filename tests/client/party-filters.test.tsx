import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapParty } from '../../src/shared/parties';
import { server } from './msw/server';
import { renderAppInBrowser } from './render-app';

vi.mock('../../src/client/map/MapStage', () => ({ default: () => <div data-testid="map-stage" /> }));

const PARTY: MapParty = {
  id: 5,
  title: '보드게임 번개',
  place_photo: null,
  place_name: '학생회관',
  start_time: '2026-11-24T09:00:00.000Z',
  applied_count: 3,
  max_participants: 6,
  tags: ['보드게임'],
  place_x_norm: 0.5,
  place_y_norm: 0.5,
};

// The list answers every party without filters and nothing with any; the queries the app sent are kept.
let asked: string[] = [];
beforeEach(() => {
  asked = [];
  const answer = ({ request }: { request: Request }) => {
    const search = new URL(request.url).search;
    asked.push(search);
    return HttpResponse.json(search ? [] : [PARTY]);
  };
  server.use(
    http.get('/api/homemap/home/', answer),
    http.get('/api/detailview/parties/', answer),
    http.get('/api/homemap/tags/', () => HttpResponse.json(['보드게임', '운동'])),
  );
});

const filterBar = () => screen.getByRole('search', { name: '파티 필터' });

describe('list filters in the URL', () => {
  it('reads the filters of a shared link, asks the server for them, and says when nothing matches', async () => {
    renderAppInBrowser(`/?q=${encodeURIComponent('보드')}&day=tomorrow&open=1&tag=${encodeURIComponent('운동')}`);
    expect(await screen.findByText('조건에 맞는 파티가 없어요')).toBeInTheDocument();
    expect(asked).toContain(`?tag=${encodeURIComponent('운동')}&day=tomorrow&open=1&q=${encodeURIComponent('보드')}`);
    const bar = filterBar();
    expect(within(bar).getByRole('searchbox', { name: '제목, 장소, 태그 검색' })).toHaveValue('보드');
    expect(within(bar).getByRole('button', { name: '내일' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(bar).getByRole('button', { name: '오늘' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(bar).getByRole('button', { name: '자리 있음' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(within(bar).getByRole('combobox', { name: '태그' })).toHaveValue('운동'));
    expect(screen.queryByText('아직 모집 중인 파티가 없습니다.')).not.toBeInTheDocument();
  });

  it('writes chips and the tag to the URL, the search after a pause and without a history entry per letter', async () => {
    const { user } = renderAppInBrowser('/');
    expect(await screen.findByRole('heading', { name: '#보드게임 번개' })).toBeInTheDocument();
    const bar = filterBar();
    await user.click(within(bar).getByRole('button', { name: '오늘' }));
    await waitFor(() => expect(window.location.search).toBe('?day=today'));
    await user.click(within(bar).getByRole('button', { name: '자리 있음' }));
    await waitFor(() => expect(window.location.search).toBe('?day=today&open=1'));
    await waitFor(() => expect(within(bar).getByRole('option', { name: '#운동' })).toBeInTheDocument());
    await user.selectOptions(within(bar).getByRole('combobox', { name: '태그' }), '운동');
    await waitFor(() => expect(window.location.search).toBe(`?tag=${encodeURIComponent('운동')}&day=today&open=1`));

    const entries = window.history.length;
    await user.type(within(bar).getByRole('searchbox'), '번개');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('q')).toBe('번개'));
    expect(window.history.length).toBe(entries);
    expect(asked.at(-1)).toBe(`?tag=${encodeURIComponent('운동')}&day=today&open=1&q=${encodeURIComponent('번개')}`);

    await user.click(within(bar).getByRole('button', { name: '검색어 지우기' }));
    expect(within(bar).getByRole('searchbox')).toHaveValue('');
    await waitFor(() => expect(window.location.search).toBe(`?tag=${encodeURIComponent('운동')}&day=today&open=1`));
  });

  it('필터 지우기 brings every party back; with no filters an empty list says the spec text instead', async () => {
    const { user } = renderAppInBrowser('/?day=week');
    await user.click(await screen.findByRole('button', { name: '필터 지우기' }));
    expect(await screen.findByRole('heading', { name: '#보드게임 번개' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(within(filterBar()).getByRole('button', { name: '이번 주' })).toHaveAttribute('aria-pressed', 'false');

    server.use(http.get('/api/homemap/home/', () => HttpResponse.json([])));
    renderAppInBrowser('/home');
    expect(await screen.findByText('아직 모집 중인 파티가 없습니다.')).toBeInTheDocument();
    expect(screen.queryByText('조건에 맞는 파티가 없어요')).not.toBeInTheDocument();
  });

  it('filters the map list the same way, with its own empty state', async () => {
    // A phone: the list is the bottom sheet.
    vi.spyOn(window, 'innerWidth', 'get').mockImplementation(() => 393);
    vi.spyOn(window, 'innerHeight', 'get').mockImplementation(() => 852);
    const { user } = renderAppInBrowser('/map?day=2026-11-24');
    const sheet = await screen.findByRole('region', { name: '파티 목록' });
    expect(await within(sheet).findByText('조건에 맞는 파티가 없어요')).toBeInTheDocument();
    expect(asked).toContain('?day=2026-11-24');
    expect(within(sheet).getByLabelText('날짜 선택')).toHaveValue('2026-11-24');
    await user.click(within(sheet).getByRole('button', { name: '필터 지우기' }));
    expect(await within(sheet).findByText('보드게임 번개')).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/map');
  });
});
