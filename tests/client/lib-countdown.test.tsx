import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNTDOWN_TICK_MS } from '../../src/shared/constants';
import { formatCountdown, STARTING_SOON } from '../../src/client/lib/countdown';
import { useNow } from '../../src/client/lib/use-now';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('formatCountdown', () => {
  it('shows days, hours and mm:ss', () => {
    expect(formatCountdown(2 * d + 3 * h + 4 * m + 5 * s)).toBe('2일 3시간 04:05');
    expect(formatCountdown(1 * d + 5 * s)).toBe('1일 0시간 00:05');
  });

  it('drops the days when under a day, and the hours when under an hour', () => {
    expect(formatCountdown(3 * h + 4 * m + 5 * s)).toBe('3시간 04:05');
    expect(formatCountdown(4 * m + 5 * s)).toBe('04:05');
    expect(formatCountdown(59 * m + 59 * s)).toBe('59:59');
  });

  it('rounds a part second up, so it never shows 00:00 before the start', () => {
    expect(formatCountdown(400)).toBe('00:01');
    expect(formatCountdown(1000)).toBe('00:01');
  });

  it('says the party starts soon once time is up', () => {
    expect(STARTING_SOON).toBe('곧 시작해요!');
    expect(formatCountdown(0)).toBe('곧 시작해요!');
    expect(formatCountdown(-30_000)).toBe('곧 시작해요!');
    // More than a minute after the start the party is under way, not about to start.
    expect(formatCountdown(-5 * m)).toBe('진행 중이에요');
    expect(formatCountdown(Number.NaN)).toBe('곧 시작해요!');
  });
});

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-03T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('ticks once a second', () => {
    const { result } = renderHook(() => useNow(COUNTDOWN_TICK_MS));
    const first = result.current;
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(result.current).toBe(first);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(first + 1000);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(result.current).toBe(first + 4000);
  });
});
