/**
 * The "with/as" particle after a Korean word: 으로 after a closing consonant (야식요정으로), 로 after a vowel or ㄹ
 * (한빛새내기로, 서울로). A word that does not end in a Hangul syllable gets the written-out (으)로, as Korean forms do.
 */
export function withEuro(word: string): string {
  const code = word.codePointAt(word.length - 1) ?? 0;
  if (code < 0xac00 || code > 0xd7a3) return `${word}(으)로`;
  const coda = (code - 0xac00) % 28; // 0: no closing consonant; 8: ㄹ
  return `${word}${coda === 0 || coda === 8 ? '로' : '으로'}`;
}
