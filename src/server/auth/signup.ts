import { eq, or } from 'drizzle-orm';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { signupFields } from '../../shared/auth';
import { PRIVACY_CHANGED_CODE, PRIVACY_MESSAGES as PM, PRIVACY_VERSION_FIELD } from '../../shared/privacy';
import { WELCOME_POINTS } from '../../shared/constants';
import type { Ctx } from '../context';
import { isUniqueViolation } from '../db/pg-errors';
import { users } from '../db/schema/users';
import { HttpError, zodToBody } from '../http/errors';
import type { MultipartBody } from '../http/multipart';
import { applyPoints } from '../points/ledger';
import { currentPolicy } from '../privacy/current-policy';
import { normalizeImage } from '../uploads/image-check';
import { hashPassword } from './passwords';

const UNIQUE_FIELDS = { users_username_key: 'username', users_email_key: 'email', users_phone_key: 'phone' } as const;
const TAKEN = { username: M.usernameTaken, email: M.emailTaken, phone: M.phoneTaken } as const;

export async function signup(ctx: Ctx, body: MultipartBody): Promise<{ id: number; username: string }> {
  const errors: Record<string, string[]> = {};
  const parsed = signupFields.safeParse(body.fields);
  if (!parsed.success) Object.assign(errors, zodToBody(parsed.error, body.fields));
  const card = body.files.student_card_image;
  if (!card) errors.student_card_image = [M.studentCardMissing];
  // The version of the 개인정보 처리방침 the form showed: the consent recorded is to a text the student saw.
  const agreedTo = body.fields[PRIVACY_VERSION_FIELD]?.trim() ?? '';
  if (!/^[1-9]\d{0,8}$/.test(agreedTo)) errors[PRIVACY_VERSION_FIELD] = [PM.consentMissing];
  if (Object.keys(errors).length || !parsed.success || !card) throw new HttpError(400, errors);
  const f = parsed.data;

  // Friendly answers for the common case; the unique indexes below still decide under a race.
  const clashes = await ctx.db
    .select({ username: users.username, email: users.email, phone: users.phone })
    .from(users)
    .where(or(eq(users.username, f.username), eq(users.email, f.email), eq(users.phone, f.phone)));
  for (const row of clashes) {
    for (const key of ['username', 'email', 'phone'] as const) if (row[key] === f[key]) errors[key] = [TAKEN[key]];
  }
  if (Object.keys(errors).length) throw new HttpError(400, errors);

  const image = await normalizeImage(card, 'student_card_image', { maxSide: 1600 });
  const passwordHash = await hashPassword(f.password);
  const cardKey = await ctx.storage.savePrivate('student-cards', image.ext, image.bytes);
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      // Checked in the transaction that records it; a version published meanwhile is one the student has not read.
      const policy = await currentPolicy(tx, now);
      if (!policy || policy.version !== Number(agreedTo)) throw new HttpError(409, { detail: PM.changed, code: PRIVACY_CHANGED_CODE });
      const [user] = await tx
        .insert(users)
        .values({
          username: f.username,
          passwordHash,
          name: f.name,
          email: f.email,
          phone: f.phone,
          school: f.school,
          studentCardPath: cardKey,
          isAdditionalInfoProvided: true,
          // The card waits for an operator (shared/verification.ts); until then the student may look but not join.
          verificationStatus: 'pending',
          cardSubmittedAt: now,
          privacyPolicyVersion: policy.version,
          createdAt: now,
        })
        .returning({ id: users.id, username: users.username });
      await applyPoints(tx, { userId: user.id, amount: WELCOME_POINTS, kind: 'welcome', reason: '가입 환영 포인트', at: now });
      return user;
    });
  } catch (err) {
    await ctx.storage.removePrivate(cardKey);
    for (const [constraint, field] of Object.entries(UNIQUE_FIELDS)) {
      if (isUniqueViolation(err, constraint)) throw new HttpError(400, { [field]: [TAKEN[field]] });
    }
    throw err;
  }
}
