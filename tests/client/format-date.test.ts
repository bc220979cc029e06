import { describe, expect, it } from 'vitest';
import { formatMonthDayTime, formatPartyDateTime } from '../../src/client/lib/format-date';

describe('dates on cards and the party detail (campus time)', () => {
  it('writes home and history cards as "5월 3일 오후 7:30", with 오전/오후 whatever the ICU build says', () => {
    expect(formatMonthDayTime('2026-05-03T10:30:00Z')).toBe('5월 3일 오후 7:30');
    expect(formatMonthDayTime('2026-05-03T15:00:00Z')).toBe('5월 4일 오전 12:00');
    expect(formatMonthDayTime('2026-05-04T03:05:00Z')).toBe('5월 4일 오후 12:05');
    expect(formatMonthDayTime('2026-05-03T23:59:00Z')).toBe('5월 4일 오전 8:59');
  });

  it('writes the detail on a 24-hour clock with the weekday', () => {
    expect(formatPartyDateTime('2026-03-03T10:00:00Z')).toBe('2026년 3월 3일 (화) 19:00');
    expect(formatPartyDateTime('2026-03-03T15:00:00Z')).toBe('2026년 3월 4일 (수) 00:00');
  });

  it('writes nothing for a date it cannot read', () => {
    expect(formatMonthDayTime('not a date')).toBe('');
    expect(formatPartyDateTime('')).toBe('');
  });
});
