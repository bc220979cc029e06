import { z } from 'zod';

// The report screen offers them in this order, and the reports_category CHECK lists them in it.
export const REPORT_CATEGORIES = ['FAKE_INFO', 'UNPLEASANT', 'INAPPROPRIATE_ACT', 'BAD_PHOTO', 'OTHER'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

export const REPORT_CATEGORY_LABELS = {
  FAKE_INFO: '허위 정보 기재',
  UNPLEASANT: '파티 중 불쾌감 조성',
  INAPPROPRIATE_ACT: '파티 중 부적절한 행동',
  BAD_PHOTO: '부적절한 프로필 사진',
  OTHER: '기타',
} as const satisfies Record<ReportCategory, string>;

// An operator resolves a pending report: confirmed (the reported student is warned) or dismissed.
export const REPORT_STATUSES = ['pending', 'confirmed', 'dismissed'] as const;

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const rating = z.coerce.number({ error: '별점은 1~5 사이여야 합니다.' }).int('별점은 1~5 사이여야 합니다.').min(1, '별점은 1~5 사이여야 합니다.').max(5, '별점은 1~5 사이여야 합니다.');

// Spec §3 "Review".
export const reviewInput = z.object({
  party: id('리뷰할 파티를 알 수 없습니다.'),
  q1_rating: rating,
  q2_rating: rating,
  q3_rating: rating,
  comment: z.string().max(1000, '후기는 1000자까지 쓸 수 있습니다.').default(''),
});

// Spec §3 "Report".
export const reportInput = z.object({
  party: id('신고가 발생한 파티 정보가 없습니다.'),
  reported_user: id('신고할 회원을 알 수 없습니다.'),
  category: z.enum(REPORT_CATEGORIES, { error: '신고 유형을 선택해 주세요.' }),
  content: z.string({ error: '신고 내용을 입력해 주세요.' }).trim().min(1, '신고 내용을 입력해 주세요.').max(2000, '신고 내용은 2000자까지 쓸 수 있습니다.'),
});

export const passwordChange = z
  .object({
    new_password: z.string({ error: '새 비밀번호를 입력해 주세요.' }).min(8, '비밀번호는 8자 이상 입력해 주세요.').max(128),
    new_password2: z.string({ error: '새 비밀번호를 한 번 더 입력해 주세요.' }),
  })
  .refine((v) => v.new_password === v.new_password2, { path: ['new_password2'], message: '새 비밀번호가 일치하지 않습니다.' });

// Spec §3 "My-parties item (history)": the flat form.
export interface HistoryItem {
  id: number;
  title: string;
  start_time: string;
  place_name: string;
  place_photo: string | null;
  applied_count: number;
  max_participants: number;
  reviewed: boolean;
}
