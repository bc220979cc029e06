import { describe, expect, it } from 'vitest';
import { withEuro } from '../../../src/server/auth/kakao/particle';

describe('으로/로 after a nickname', () => {
  it('takes 로 after a vowel or ㄹ, 으로 after any other closing consonant', () => {
    expect(withEuro('보드게임러버')).toBe('보드게임러버로');
    expect(withEuro('서울')).toBe('서울로');
    expect(withEuro('러닝크루장')).toBe('러닝크루장으로');
    expect(withEuro('책')).toBe('책으로');
  });

  it('writes (으)로 when the word does not end in Hangul', () => {
    expect(withEuro('partyon')).toBe('partyon(으)로');
    expect(withEuro('팀7')).toBe('팀7(으)로');
  });
});
