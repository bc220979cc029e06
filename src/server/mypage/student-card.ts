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
 * as with the profile photo: the file is written first, then one transaction locks the row and decides; the new file
 * is deleted when the transaction fails or refuses. A rejected card it replaces stays as the previous card, with
 * its rejection, for the operator to compare (issue 33 §2); whatever that pushes out — an older previous card, or a
 * pending card the student replaced before any decision — is deleted after the commit, so no more than two cards are
 * ever kept. The lock also
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
  let dropped: string | null;
  const now = ctx.clock.now();
  try {
    dropped = await ctx.db.transaction(async (tx) => {
      const row = await lockCardRow(tx, userId);
      opts.check?.(row);
      await tx
        .update(users)
        .set({ ...opts.changes, ...previousCardFrom(row), studentCardPath: key, verificationStatus: 'pending', verificationReason: null, cardSubmittedAt: now, cardDeletedAt: null })
        .where(eq(users.id, userId));
      // A rejection asked for a new card; this is it (notice/retire.ts).
      await retireCardRequest(tx, userId);
      return keepsPrevious(row) ? row.previousCard : row.card;
    });
  } catch (err) {
    await ctx.storage.removePrivate(key);
    throw err;
  }
  if (dropped) await ctx.storage.removePrivate(dropped);
  return { submittedAt: now };
}

interface LockedCardRow {
  card: string | null;
  previousCard: string | null;
  status: typeof users.$inferSelect.verificationStatus;
  reason: string | null;
  submittedAt: Date | null;
  verifiedAt: Date | null;
  isAdditionalInfoProvided: boolean;
}

/**
 * Only a rejected card is worth comparing with: the operator sees what was wrong and whether the new one fixes it (an
 * approved card cannot be replaced). A pending card replaced got no decision to compare with, and leaves the
 * previous card as it was; no card (never sent, or deleted by the retention sweep) leaves nothing to show.
 */
const keepsPrevious = (row: LockedCardRow) => row.card !== null && row.status === 'rejected';

/** The card being replaced as the new one's previous card, with its rejection (or nothing to change). */
function previousCardFrom(row: LockedCardRow): UserChanges {
  if (!keepsPrevious(row)) return {};
  return {
    previousCardPath: row.card,
    previousCardSubmittedAt: row.submittedAt,
    previousCardStatus: row.status,
    previousCardReason: row.reason,
    previousCardDecidedAt: row.verifiedAt,
  };
}

/** The student's row, locked like every writer of it does (`no key update`); 401 for a closed account, 409 for an approved card. */
async function lockCardRow(tx: Tx, userId: number): Promise<LockedCardRow> {
  const [row] = await tx
    .select({
      card: users.studentCardPath,
      previousCard: users.previousCardPath,
      status: users.verificationStatus,
      reason: users.verificationReason,
      submittedAt: users.cardSubmittedAt,
      verifiedAt: users.verifiedAt,
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
