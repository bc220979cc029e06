// Spec §3 "Participant entry": extra_setting arrives as a JSON string or an object, and MBTI as a string or as
// four parts; the tags read grade, college, personality, MBTI in that order.

type Loose = Record<string, unknown>;

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function mbtiText(mbti: unknown): string | null {
  if (typeof mbti === 'string') return text(mbti);
  if (!mbti || typeof mbti !== 'object') return null;
  const m = mbti as Loose;
  return text([m.i_e, m.n_s, m.f_t, m.p_j].map((part) => text(part) ?? '').join(''));
}

function parse(raw: unknown): Loose | null {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const extra = (value as Loose).extra;
  // Tolerate the fields sitting at the top level too, as older records may have them.
  return extra && typeof extra === 'object' ? (extra as Loose) : (value as Loose);
}

export function participantTags(extraSetting: unknown): string[] {
  const extra = parse(extraSetting);
  if (!extra) return [];
  return [text(extra.grade), text(extra.college), text(extra.personality), mbtiText(extra.mbti)].filter(
    (tag): tag is string => tag !== null,
  );
}
