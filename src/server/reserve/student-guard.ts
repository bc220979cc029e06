import { API_MESSAGES as M } from '../../shared/api-messages';
import type { ErrorCode } from '../../shared/errors';
import type { Tx } from '../db/connect';
import { type LockedStudent, lockStudents } from '../db/lock-order';
import { detail, HttpError } from '../http/errors';
import { PARTY_MESSAGES as PM } from '../parties/messages';
import { activeSuspension } from '../suspension/active-suspension';

/**
 * The first step of every money operation of one student (lock-order.ts): locks the student's row and checks,
 * under that lock, that the account is still open — a withdrawal that committed a moment ago answers 401 here,
 * whatever the request's token said when it arrived. `joining`: join and pay also need school, phone and student
 * card (a Kakao account that has not finished /mypage/additional gets 403 with a code the client acts on), and a
 * student card an operator has approved. Both are read under the lock, so an operator's decision and a join of the
 * same student never interleave: the join sees the status as it is when it seats the student. A suspension in force
 * (an operator's, issue 29) refuses joining first of all: it is written under this same lock, so a join either
 * committed before it (and the suspension releases that seat) or finds it here.
 */
export async function lockOpenStudent(tx: Tx, userId: number, opts: { joining: true; now: Date } | { joining?: false } = {}) {
  const [student] = await lockStudents(tx, [userId]);
  if (!student || student.deletedAt) throw detail(401, M.tokenInvalid);
  if (opts.joining) {
    const suspension = await activeSuspension(tx, userId, opts.now);
    if (suspension) throw new HttpError(403, { detail: PM.suspended(suspension.reason, suspension.endsAt, opts.now), code: 'suspended' });
  }
  if (opts.joining && !student.isAdditionalInfoProvided) {
    throw new HttpError(403, { detail: PM.additionalInfoRequired, code: 'additional_info_required' });
  }
  if (opts.joining && student.verificationStatus !== 'approved') throw notVerified(student);
  return student;
}

function notVerified({ verificationStatus, verificationReason }: LockedStudent): HttpError {
  const refusal = (message: string, code: ErrorCode) => new HttpError(403, { detail: message, code });
  if (verificationStatus === 'pending') return refusal(PM.verificationPending, 'verification_pending');
  if (verificationStatus === 'rejected') return refusal(PM.verificationRejected(verificationReason ?? ''), 'verification_rejected');
  // Unsubmitted although school and phone are on file: no card was ever stored for it (every way in that asks for
  // school and phone also takes a card), so say what is missing rather than fail.
  return refusal(PM.verificationRequired, 'verification_required');
}
