import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapSelection } from '../../../src/client/map/map-selection';
import type { PlaceGroup } from '../../../src/client/map/place-groups';
import type { MapParty } from '../../../src/shared/parties';
import { server } from '../msw/server';
import { renderApp } from '../render-app';

// Konva needs a real canvas: a stand-in stage with a button per marker, showing which one is selected, and a close
// button where the popup would be.
vi.mock('../../../src/client/map/MapStage', () => ({
  default: ({ groups, selection, onSelect }: { groups: PlaceGroup[]; selection: MapSelection | null; onSelect: (s: MapSelection | null) => void }) => (
    <div data-testid="map-stage">
      {groups.map((g) => (
        <button key={g.key} type="button" aria-pressed={selection?.key === g.key} onClick={() => onSelect({ key: g.key, from: 'marker' })}>
          marker {g.placeName}
        </button>
      ))}
      {selection?.from === 'marker' && (
        <button type="button" onClick={() => onSelect(null)}>
          close popup
        </button>
      )}
    </div>
  ),
}));

const party = (id: number, title: string, place_name: string, x: number, y: number): MapParty => ({
  id,
  title,
  place_photo: null,
  place_name,
  start_time: `2026-11-2${id}T09:00:00.000Z`,
  applied_count: 1,
  max_participants: 6,
  tags: [],
  place_x_norm: x,
  place_y_norm: y,
});
const PARTIES = [party(1, '모각코', '공학관', 0.74, 0.3), party(2, '보드게임', '학생회관', 0.37, 0.56), party(3, '밴드 합주', '학생회관', 0.37, 0.56)];

beforeEach(() => {
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(393);
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(852);
  server.use(http.get('/api/detailview/parties/', () => HttpResponse.json(PARTIES)));
});

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;
const marker = (place: string) => screen.getByRole('button', { name: `marker ${place}` });

async function openMap() {
  const view = renderApp('/map');
  await screen.findByRole('heading', { name: '모각코' });
  fireEvent.load(document.querySelector('.map-art img')!);
  await screen.findByTestId('map-stage');
  return view;
}

describe('/map: a marker and its cards', () => {
  it('a tap on a marker marks every card of its place, one place at a time; closing its popup clears them', async () => {
    const { user } = await openMap();
    for (const title of ['모각코', '보드게임', '밴드 합주']) expect(card(title)).not.toHaveAttribute('aria-current');

    await user.click(marker('학생회관'));
    expect(card('보드게임')).toHaveAttribute('aria-current', 'true');
    expect(card('밴드 합주')).toHaveAttribute('aria-current', 'true');
    expect(card('보드게임')).toHaveClass('map-card--selected');
    expect(card('모각코')).not.toHaveAttribute('aria-current');

    await user.click(marker('공학관'));
    expect(card('모각코')).toHaveAttribute('aria-current', 'true');
    expect(card('보드게임')).not.toHaveAttribute('aria-current');

    await user.click(screen.getByRole('button', { name: 'close popup' }));
    for (const title of ['모각코', '보드게임', '밴드 합주']) expect(card(title)).not.toHaveAttribute('aria-current');
    expect(marker('공학관')).toHaveAttribute('aria-pressed', 'false');
  });

  it('focus on a card, or a finger down on it, marks its marker without opening the popup', async () => {
    const { currentPath } = await openMap();
    act(() => within(card('밴드 합주')).getByRole('button', { name: '상세보기' }).focus());
    expect(marker('학생회관')).toHaveAttribute('aria-pressed', 'true');
    expect(marker('공학관')).toHaveAttribute('aria-pressed', 'false');
    expect(card('보드게임')).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('button', { name: 'close popup' })).not.toBeInTheDocument();

    fireEvent.pointerDown(card('모각코'));
    expect(marker('공학관')).toHaveAttribute('aria-pressed', 'true');
    expect(marker('학생회관')).toHaveAttribute('aria-pressed', 'false');
    // A finger down is not a tap: the page stays.
    expect(currentPath()).toBe('/map');
  });
});
