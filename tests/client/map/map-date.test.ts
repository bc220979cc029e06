import { describe, expect, it } from 'vitest';
import { formatMapDate } from '../../../src/client/map/map-date';

describe('map card dates (MM.DD. HH:mm, Asia/Seoul)', () => {
  it('pads and converts to Seoul time', () => {
    expect(formatMapDate('2026-03-03T10:00:00Z')).toBe('03.03. 19:00');
    expect(formatMapDate('2025-12-31T15:05:00Z')).toBe('01.01. 00:05'); // midnight reads 00, not 24
  });

  it('says nothing for a broken date', () => {
    expect(formatMapDate('not a date')).toBe('');
  });
});
