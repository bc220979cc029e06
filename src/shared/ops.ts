import { z } from 'zod';
import { API_MESSAGES as M } from './api-messages';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from './audit';
import { PASSWORD_MIN, USERNAME_PATTERN } from './constants';

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

/** `npm run ops -- operator:add USERNAME`: an operator account, with the students' rules for names and passwords. */
export const opsOperatorCreate = z.object({
  username: z.string().trim().regex(USERNAME_PATTERN, M.usernameFormat),
  password: z.string().min(PASSWORD_MIN, M.passwordShort).max(128, M.invalidBody),
});

const auditTime = z.iso.datetime({ offset: true, error: '시간은 ISO 8601 형식이어야 합니다.' });
const positiveInt = z.coerce.number().int().positive();

/** GET /api/ops/audit/: every filter is optional; newest first, `before_id` pages back from the last row seen. */
export const opsAuditQuery = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  target_type: z.enum(AUDIT_TARGETS).optional(),
  target_id: positiveInt.optional(),
  operator_id: positiveInt.optional(),
  /** The operator's username, or "token" for the shared X-Ops-Token. */
  actor: z.string().trim().min(1).max(64).optional(),
  /** Rows created at or after / strictly before this time. */
  after: auditTime.optional(),
  before: auditTime.optional(),
  before_id: positiveInt.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
