import { useRef, useState } from 'react';
import type { z } from 'zod';
import { opsVerificationReject } from '../../shared/ops';
import type { opsVerificationDecided } from '../../shared/ops-contract';
import { ApiError, errorMessage, fieldError } from '../api/api-error';
import { opsFetch } from './ops-api';
import type { Verification } from './use-verification-queue';
import { VERIFICATION_TEXTS as T } from './verification-texts';

type Decided = z.infer<typeof opsVerificationDecided>;

interface Queue {
  remove: (id: number) => void;
  reload: () => Promise<unknown>;
}

/**
 * Approve or reject the student on screen. A decision names the card the operator saw (`card_submitted_at`, which the
 * server requires), so a card replaced meanwhile is refused (409) rather than decided unseen; the queue then reloads
 * with the new card and the server's words stay on screen.
 * Reasons are drafts per student, kept through failures and through paging back and forth.
 */
export function useVerificationDecision(queue: Queue) {
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [reasonErrors, setReasonErrors] = useState<Record<number, string>>({});
  const reasonField = useRef<HTMLTextAreaElement>(null);

  function setReason(id: number, text: string) {
    setReasons((all) => ({ ...all, [id]: text }));
    setReasonErrors(({ [id]: _, ...others }) => others);
  }

  function refuseReason(id: number, message: string) {
    setReasonErrors((all) => ({ ...all, [id]: message }));
    reasonField.current?.focus();
  }

  async function send(student: Verification, decision: 'approve' | 'reject', reason?: string) {
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      // Always the card on screen: the server decides only on it (a pending card always has its time).
      await opsFetch<Decided>(`/api/ops/verifications/${student.id}/${decision}/`, { method: 'POST', json: { reason, card_submitted_at: student.card_submitted_at } });
      setOutcome({ text: decision === 'approve' ? T.approved(student) : T.rejected(student), failed: false });
      setReasons(({ [student.id]: _, ...others }) => others);
      queue.remove(student.id);
    } catch (failure) {
      const reasonError = fieldError(failure, 'reason');
      if (reasonError) return refuseReason(student.id, reasonError);
      setOutcome({ text: errorMessage(failure, T.decideFailed), failed: true });
      // A new card, or a decision made elsewhere: what is on screen is out of date.
      if (failure instanceof ApiError && (failure.status === 404 || failure.status === 409)) await queue.reload();
    } finally {
      setBusy(false);
    }
  }

  function reject(student: Verification) {
    const checked = opsVerificationReject.shape.reason.safeParse(reasons[student.id] ?? '');
    if (!checked.success) return refuseReason(student.id, checked.error.issues[0]?.message ?? '');
    return send(student, 'reject', checked.data);
  }

  return {
    outcome,
    busy,
    reasonField,
    reasonOf: (id: number) => reasons[id] ?? '',
    reasonErrorOf: (id: number) => reasonErrors[id] ?? null,
    setReason,
    approve: (student: Verification) => send(student, 'approve'),
    reject,
  };
}
