import { z } from 'zod';
import { REJECTION_REASON_MAX, VERIFICATION_STATUSES } from './verification';

// Operator API bodies (/api/ops/). Messages are Korean because operators are on the same team as the students.
export const opsPlaceCreate = z.object({
  name: z.string().trim().min(1, '장소 이름을 입력해 주세요.').max(50),
  x_norm: z.number().min(0, 'x_norm은 0~1 사이여야 합니다.').max(1, 'x_norm은 0~1 사이여야 합니다.'),
  y_norm: z.number().min(0, 'y_norm은 0~1 사이여야 합니다.').max(1, 'y_norm은 0~1 사이여야 합니다.'),
  photo: z.string().trim().min(1).max(500).optional(),
});

export const opsPartyCreate = z.object({
  title: z.string().trim().min(1, '제목을 입력해 주세요.').max(80),
  description: z.string().max(2000).default(''),
  place_id: z.number().int().positive(),
  start_time: z.iso.datetime({ offset: true, error: '시작 시간은 ISO 8601 형식이어야 합니다.' }),
  max_participants: z.number().int().min(2, '정원은 2~50명이어야 합니다.').max(50, '정원은 2~50명이어야 합니다.'),
  deposit: z.number().int().min(0, '보증금은 0~100,000P여야 합니다.').max(100_000, '보증금은 0~100,000P여야 합니다.'),
  tags: z.array(z.string().trim().min(1).max(20)).max(10).default([]),
});

export const opsDemoCreate = z.object({
  minutes: z.number().int().min(1).max(24 * 60).default(5),
  title: z.string().trim().min(1).max(80).optional(),
});

// Student verification (issue 16). `card_submitted_at`, when the operator's screen sends it, is the card they looked
// at: a student may replace a card still waiting, and a decision on a card nobody has seen is refused (409).
const cardSeen = z.iso.datetime({ offset: true, error: 'card_submitted_at은 ISO 8601 형식이어야 합니다.' }).optional();

export const opsVerificationQuery = z.object({
  status: z.enum(VERIFICATION_STATUSES, { error: `status는 ${VERIFICATION_STATUSES.join(', ')} 중 하나입니다.` }).default('pending'),
});

export const opsVerificationApprove = z.object({ card_submitted_at: cardSeen });

export const opsVerificationReject = z.object({
  reason: z
    .string()
    .trim()
    .min(1, '반려 사유를 입력해 주세요.')
    .max(REJECTION_REASON_MAX, `반려 사유는 ${REJECTION_REASON_MAX}자까지 쓸 수 있습니다.`),
  card_submitted_at: cardSeen,
});
