import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusals } from '../../shared/error-contract';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { studentCardSent } from '../../shared/mypage-contract';
import type { Ctx } from '../context';
import { requireUser, userIdOf } from '../http/auth-guard';
import { HttpError } from '../http/errors';
import { readMultipart } from '../http/multipart';
import { requireAdditionalInfo, submitStudentCard } from './student-card';

/**
 * POST /api/mypage/student-card/ (multipart: student_card_image): a new card for a student whose card was rejected,
 * or who wants to replace one still waiting (a blurry photo). It waits for an operator again and the old reason
 * goes. An approved card cannot be replaced (409); a Kakao account completes /mypage/additional instead (409 with
 * its code), which takes school and phone with the card.
 */
export async function studentCardRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // Multipart: the card is read by readMultipart below, so only the answer is declared.
  const schema = { summary: 'Send my student card (again) for an operator to approve (multipart)', response: { 200: studentCardSent, ...refusals(400, 409) } };
  app.post('/api/mypage/student-card/', { preValidation: requireUser(ctx), schema }, async (req) => {
    const { files } = await readMultipart(req, ['student_card_image']);
    const card = files.student_card_image;
    if (!card) throw new HttpError(400, { student_card_image: [M.studentCardMissing] });
    const { submittedAt } = await submitStudentCard(ctx, userIdOf(req), card, { check: requireAdditionalInfo });
    return { verification_status: 'pending' as const, card_submitted_at: submittedAt.toISOString() };
  });
}
