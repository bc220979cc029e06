import { describe, expect, it } from 'vitest';
import { groupByPlace } from '../../../src/client/map/place-groups';
import type { MapParty } from '../../../src/shared/parties';

const party = (id: number, place: string, x: number, y: number): MapParty => ({
  id,
  title: `파티 ${id}`,
  place_name: place,
  place_photo: null,
  start_time: '2026-03-03T10:00:00Z',
  applied_count: 0,
  max_participants: 8,
  tags: [],
  place_x_norm: x,
  place_y_norm: y,
});

describe('grouping parties by place', () => {
  it('puts the parties of one place on one marker, keeping their order', () => {
    const groups = groupByPlace([party(1, '학생회관', 0.37, 0.56), party(2, '도서관', 0.5, 0.42), party(3, '학생회관', 0.37, 0.56)]);
    expect(groups).toHaveLength(2);
    const union = groups.find((g) => g.placeName === '학생회관')!;
    expect(union.parties.map((p) => p.id)).toEqual([1, 3]);
  });

  it('orders markers top to bottom so nearer ones are drawn in front', () => {
    const groups = groupByPlace([party(1, 'A', 0.1, 0.9), party(2, 'B', 0.2, 0.1), party(3, 'C', 0.3, 0.5)]);
    expect(groups.map((g) => g.placeName)).toEqual(['B', 'C', 'A']);
  });

  it('merges two places on the same spot so neither hides the other', () => {
    const [group] = groupByPlace([party(1, 'A', 0.5, 0.5), party(2, 'B', 0.50000001, 0.5)]);
    expect(group.placeName).toBe('A · B');
    expect(group.parties).toHaveLength(2);
  });
});
