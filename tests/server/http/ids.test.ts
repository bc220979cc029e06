import { describe, expect, it } from 'vitest';
import { MAX_ID, parseId } from '../../../src/shared/ids';

describe('parseId, the one rule for ids in paths, sockets and screens', () => {
  it('takes decimal ids within our integer range, as text or as numbers', () => {
    expect(['1', '42', String(MAX_ID)].map(parseId)).toEqual([1, 42, MAX_ID]);
    expect([1, 42, MAX_ID].map(parseId)).toEqual([1, 42, MAX_ID]);
  });

  it('refuses everything else rather than guessing', () => {
    for (const raw of ['', '0', '-1', '007', '1e3', '0x10', ' 7', '7 ', '12abc', '1.0', String(MAX_ID + 1), '99999999999', undefined, null, {}, 0, -3, 1.5, MAX_ID + 1, Number.NaN]) {
      expect(parseId(raw), String(raw)).toBeNull();
    }
  });
});
