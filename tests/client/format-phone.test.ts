import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../src/client/lib/format-phone';

describe('phones as operators read them', () => {
  it('puts the hyphens into a mobile number stored as digits, and leaves anything else alone', () => {
    expect(formatPhone('01012345678')).toBe('010-1234-5678');
    expect(formatPhone('0111234567')).toBe('011-123-4567');
    expect(formatPhone('021234567')).toBe('021234567');
    expect(formatPhone('010-1234-5678')).toBe('010-1234-5678');
  });
});
