import { API_MESSAGES as M } from '../../shared/api-messages';
import type { Tx } from '../db/connect';
import { lockStudents } from '../db/lock-order';
import { detail, HttpError } from '../http/errors';
import { PARTY_MESSAGES as PM } from '../parties/messages';

/**
 * The first step of every money operation of one student (lock-order.ts): locks the student's row and checks,
 * under that lock, that the account is still open — a withdrawal that committed a moment ago answers 401 here,
 * whatever the request's token said when it arrived. `joining`: join and pay also need school, phone and student
 * card (a Kakao account that has not finished /mypage/additional gets 403 with a code the client acts on).
 */
export async function lockOpenStudent(tx: Tx, userId: number, opts: { joining?: boolean } = {}) {
  const [student] = await lockStudents(tx, [userId]);
  if (!student || student.deletedAt) throw detail(401, M.tokenInvalid);
  if (opts.joining && !student.isAdditionalInfoProvided) {
    throw new HttpError(403, { detail: PM.additionalInfoRequired, code: 'additional_info_required' });
  }
  return student;
}
