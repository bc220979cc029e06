import { and, eq, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusals } from '../../shared/error-contract';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { additionalInfoFields } from '../../shared/auth';
import { additionalInfoSaved } from '../../shared/mypage-contract';
import type { Ctx } from '../context';
import { isUniqueViolation } from '../db/pg-errors';
import { users } from '../db/schema/users';
import { requireUser, userIdOf } from '../http/auth-guard';
import { HttpError, zodToBody } from '../http/errors';
import { readMultipart } from '../http/multipart';
import { submitStudentCard } from './student-card';

/**
 * POST /api/mypage/additional/ (multipart: school, phone, optional email, student_card_image): completes an account
 * created through Kakao with what signup asks of everyone else, after which is_additional_info_provided is true
 * and the card waits for an operator, as a new signup's does.
 */
export async function additionalInfoRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // Multipart: the fields and the card are read by readMultipart below, so only the answer is declared.
  const schema = { summary: 'Finish a Kakao account: school, phone, email and the student card (multipart)', response: { 200: additionalInfoSaved, ...refusals(400, 409) } };
  app.post('/api/mypage/additional/', { preValidation: requireUser(ctx), schema }, async (req) => {
    const userId = userIdOf(req);
    const { fields, files } = await readMultipart(req, ['student_card_image']);
    const parsed = additionalInfoFields.safeParse(fields);
    const errors: Record<string, string[]> = parsed.success ? {} : (zodToBody(parsed.error, fields) as Record<string, string[]>);
    if (!files.student_card_image) errors.student_card_image = [M.studentCardMissing];
    if (Object.keys(errors).length || !parsed.success) throw new HttpError(400, errors);
    const f = parsed.data;

    const clash = await ctx.db
      .select({ phone: users.phone, email: users.email })
      .from(users)
      .where(and(ne(users.id, userId), or(eq(users.phone, f.phone), f.email ? eq(users.email, f.email) : undefined)));
    if (clash.some((c) => c.phone === f.phone)) errors.phone = [M.phoneTaken];
    if (f.email && clash.some((c) => c.email === f.email)) errors.email = [M.emailTaken];
    if (Object.keys(errors).length) throw new HttpError(400, errors);

    // The card goes to the operators' queue with the rest (shared/verification.ts: pending); an approved student's
    // card stays as it is (409), and the unique indexes still decide phone and email under a race.
    const changes = { school: f.school, phone: f.phone, ...(f.email ? { email: f.email } : {}), isAdditionalInfoProvided: true };
    try {
      await submitStudentCard(ctx, userId, files.student_card_image!, { changes });
    } catch (err) {
      if (isUniqueViolation(err, 'users_phone_key')) throw new HttpError(400, { phone: [M.phoneTaken] });
      if (isUniqueViolation(err, 'users_email_key')) throw new HttpError(400, { email: [M.emailTaken] });
      throw err;
    }
    return { is_additional_info_provided: true };
  });
}
