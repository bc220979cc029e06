import { z } from 'zod';

// Spec §3 "Options": the choices of the extra-info wizard, shared so the server accepts exactly what the client offers.
export const GRADES = ['1학년', '2학년', '3학년', '4학년', '5학년', '초과학기생', '휴학생', '대학원생'] as const;
export const COLLEGES = [
  '글로벌인문·자연대학',
  '사회과학대학',
  '법과대학',
  '경제대학',
  '공과대학',
  '디자인대학',
  '과학기술대학',
  '예술대학',
  '체육대학',
  '경영대학',
  '소프트웨어융합대학',
  '건축대학',
] as const;
export const PERSONALITIES = ['활발한', '느긋한', '주도적인', '솔직한', '열정적인', '다정한', '차분한', '쾌활한'] as const;
export const MBTI_AXES = { i_e: ['I', 'E'], n_s: ['N', 'S'], f_t: ['F', 'T'], p_j: ['P', 'J'] } as const;

export type MbtiParts = { i_e: string | null; n_s: string | null; f_t: string | null; p_j: string | null };

const pick = <T extends readonly string[]>(values: T, message: string) => z.enum(values as unknown as [string, ...string[]], { error: message });

const mbtiObject = z.object({
  i_e: pick(MBTI_AXES.i_e, 'I 또는 E를 선택해 주세요.'),
  n_s: pick(MBTI_AXES.n_s, 'N 또는 S를 선택해 주세요.'),
  f_t: pick(MBTI_AXES.f_t, 'F 또는 T를 선택해 주세요.'),
  p_j: pick(MBTI_AXES.p_j, 'P 또는 J를 선택해 주세요.'),
});

/** 'ENFP' (any case, any order of axes is NOT accepted: the four letters in I/E, N/S, F/T, P/J order). */
const mbtiString = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[IE][NS][FT][PJ]$/, 'MBTI는 ENFP처럼 네 글자로 입력해 주세요.')
  .transform((s) => ({ i_e: s[0], n_s: s[1], f_t: s[2], p_j: s[3] }));

/**
 * Spec §3/§7: the body is `{extra: {grade, college, personality, mbti}}` where mbti is a 4-letter string or
 * `{i_e, n_s, f_t, p_j}`; the flat form `{grade, …, mbti_ie, mbti_ns, mbti_ft, mbti_pj}` is accepted too.
 */
export const extraSettingsInput = z.preprocess(
  (raw) => {
    const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const e = (body.extra && typeof body.extra === 'object' ? body.extra : body) as Record<string, unknown>;
    const flat = ['mbti_ie', 'mbti_ns', 'mbti_ft', 'mbti_pj'].some((k) => k in e);
    const mbti = flat ? { i_e: e.mbti_ie, n_s: e.mbti_ns, f_t: e.mbti_ft, p_j: e.mbti_pj } : e.mbti;
    return { grade: e.grade, college: e.college, personality: e.personality, mbti };
  },
  z.object({
    grade: pick(GRADES, '학년을 선택해 주세요.'),
    college: pick(COLLEGES, '단과대학을 선택해 주세요.'),
    personality: pick(PERSONALITIES, '성격을 선택해 주세요.'),
    mbti: z.union([mbtiString, mbtiObject], { error: 'MBTI를 모두 선택해 주세요.' }),
  }),
);
export type ExtraSettingsInput = z.infer<typeof extraSettingsInput>;

/** What GET /api/mypage/extra-settings/me/ answers: both MBTI forms, so either kind of client reads it. */
export interface ExtraSettingsOut {
  grade: string | null;
  college: string | null;
  personality: string | null;
  mbti: string | null;
  mbti_ie: string | null;
  mbti_ns: string | null;
  mbti_ft: string | null;
  mbti_pj: string | null;
  extra: { grade: string | null; college: string | null; personality: string | null; mbti: MbtiParts };
}
