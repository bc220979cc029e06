import { eq } from 'drizzle-orm';
import { API_MESSAGES as M } from '../../shared/api-messages';
import type { Ctx } from '../context';
import type { Tx } from '../db/connect';
import { users } from '../db/schema/users';
import { detail, HttpError } from '../http/errors';
import { retireCardRequest } from '../notice/retire';
import { PARTY_MESSAGES as PM } from '../parties/messages';
import { normalizeImage } from '../uploads/image-check';

/** An approved card is what lets the student join; swapping it would seat someone no operator has looked at. */
const APPROVED_CARD_FINAL = '학생증 확인이 이미 끝났습니다. 승인된 학생증은 바꿀 수 없습니다.';

type UserChanges = Partial<typeof users.$inferInsert>;

/**
 * Stores a new student card and puts the account in the operators' queue (pending, reason cleared), with `changes`
 * to the same row (the additional-info form's school and phone). The card is checked and re-encoded like signup's.
 *
 * Files and the row must agree whatever runs at the same time (two uploads, an operator's decision, a withdrawal),
 * as with the profile photo: the file is written first, then one transaction locks the row and decides; the card
 * it replaces is deleted after the commit, the new file when the transaction fails or refuses. The lock also
 * orders this against an operator's approval of the old card (ops/verification-routes.ts), so the queue never
 * shows a card other than the one an operator decides on.
 */
export async function submitStudentCard(
  ctx: Ctx,
  userId: number,
  card: Buffer,
  opts: { changes?: UserChanges; check?: (row: LockedCardRow) => void } = {},
): Promise<{ submittedAt: Date }> {
  const image = await normalizeImage(card, 'student_card_image', { maxSide: 1600 });
  const key = await ctx.storage.savePrivate('student-cards', image.ext, image.bytes);
  let replaced: string | null;
  const now = ctx.clock.now();
  try {
    replaced = await ctx.db.transaction(async (tx) => {
      const row = await lockCardRow(tx, userId);
      opts.check?.(row);
      await tx
        .update(users)
        .set({ ...opts.changes, studentCardPath: key, verificationStatus: 'pending', verificationReason: null, cardSubmittedAt: now, cardDeletedAt: null })
        .where(eq(users.id, userId));
      // A rejection asked for a new card; this is it (notice/retire.ts).
      await retireCardRequest(tx, userId);
      return row.card;
    });
  } catch (err) {
    await ctx.storage.removePrivate(key);
    throw err;
  }
  if (replaced) await ctx.storage.removePrivate(replaced);
  return { submittedAt: now };
}

interface LockedCardRow {
  card: string | null;
  status: typeof users.$inferSelect.verificationStatus;
  isAdditionalInfoProvided: boolean;
}

/** The student's row, locked like every writer of it does (`no key update`); 401 for a closed account, 409 for an approved card. */
async function lockCardRow(tx: Tx, userId: number): Promise<LockedCardRow> {
  const [row] = await tx
    .select({
      card: users.studentCardPath,
      status: users.verificationStatus,
      isAdditionalInfoProvided: users.isAdditionalInfoProvided,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!row || row.deletedAt) throw detail(401, M.tokenInvalid);
  if (row.status === 'approved') throw detail(409, APPROVED_CARD_FINAL);
  return row;
}

/** For POST /api/mypage/student-card/: a card alone cannot complete a Kakao account, /mypage/additional does. */
export function requireAdditionalInfo(row: LockedCardRow): void {
  if (!row.isAdditionalInfoProvided) throw new HttpError(409, { detail: PM.additionalInfoRequired, code: 'additional_info_required' });
}
