import { useRef, useState } from 'react';
import type { z } from 'zod';
import { opsVerificationReject } from '../../shared/ops';
import type { opsVerificationDecided } from '../../shared/ops-contract';
import { ApiError, errorMessage, fieldError } from '../api/api-error';
import { opsFetch } from './ops-api';
import { usePendingApproval } from './use-pending-approval';
import type { Verification } from './use-verification-queue';
import { REJECT_PRESETS, VERIFICATION_TEXTS as T } from './verification-texts';

type Decided = z.infer<typeof opsVerificationDecided>;

interface Queue {
  index: number;
  remove: (id: number) => void;
  hide: (id: number) => void;
  unhide: (at: number) => void;
  reload: () => Promise<unknown>;
}

/** The preset picked for a rejection: an index into REJECT_PRESETS (the last is 기타, the operator's own words). */
export const OTHER_PRESET = REJECT_PRESETS.length - 1;

/**
 * Approve or reject the student on screen. A decision names the card the operator saw (`card_submitted_at`, which the
 * server requires), so a card replaced meanwhile is refused (409) rather than decided unseen; the queue then reloads
 * with the new card and the server's words stay on screen.
 * An approval waits UNDO_SECONDS for 되돌리기 before it is sent (use-pending-approval.ts); a rejection, chosen from
 * the preset reasons or written, is sent at once, after any approval still waiting. The reason chosen or written is
 * a draft per student, kept through failures and through paging back and forth.
 */
export function useVerificationDecision(queue: Queue) {
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [presets, setPresets] = useState<Record<number, number>>({});
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [reasonErrors, setReasonErrors] = useState<Record<number, string>>({});
  const reasonField = useRef<HTMLTextAreaElement>(null);

  function clearError(id: number) {
    setReasonErrors(({ [id]: _, ...others }) => others);
  }

  function setReason(id: number, text: string) {
    setReasons((all) => ({ ...all, [id]: text }));
    clearError(id);
  }

  function pick(id: number, preset: number) {
    setPresets((all) => ({ ...all, [id]: preset }));
    clearError(id);
  }

  function refuseReason(id: number, message: string) {
    setReasonErrors((all) => ({ ...all, [id]: message }));
    setRejecting(id);
  }

  async function send(student: Verification, decision: 'approve' | 'reject', reason?: string, keepalive = false) {
    try {
      // Always the card on screen: the server decides only on it (a pending card always has its time).
      await opsFetch<Decided>(`/api/ops/verifications/${student.id}/${decision}/`, { method: 'POST', json: { reason, card_submitted_at: student.card_submitted_at }, keepalive });
      setOutcome({ text: decision === 'approve' ? T.approved(student) : T.rejected(student), failed: false });
      setReasons(({ [student.id]: _, ...others }) => others);
      setPresets(({ [student.id]: _, ...others }) => others);
      if (decision === 'approve') {
        void queue.reload();
        return true;
      }
      queue.remove(student.id);
      setRejecting(null);
      return true;
    } catch (failure) {
      const reasonError = fieldError(failure, 'reason');
      if (reasonError) {
        refuseReason(student.id, reasonError);
        return false;
      }
      setOutcome({ text: errorMessage(failure, T.decideFailed), failed: true });
      // A new card, or a decision made elsewhere: what is on screen is out of date (and an approval that failed
      // after its undo window comes back with the queue).
      if (decision === 'approve' || (failure instanceof ApiError && (failure.status === 404 || failure.status === 409))) await queue.reload();
      return false;
    }
  }

  const approval = usePendingApproval((student, keepalive) => {
    // Off the queue for good now (it was only hidden while undoable), then the server hears it.
    queue.remove(student.id);
    void send(student, 'approve', undefined, keepalive);
  });

  function approve(student: Verification) {
    setOutcome(null);
    setRejecting(null);
    approval.start(student, queue.index);
    queue.hide(student.id);
  }

  function undo() {
    const taken = approval.undo();
    if (!taken) return false;
    queue.unhide(taken.index);
    setOutcome({ text: T.undone(taken.student), failed: false });
    return true;
  }

  /** True once the server has the rejection (the next student is then on screen). */
  async function reject(student: Verification): Promise<boolean> {
    if (busy) return false;
    const preset = presets[student.id];
    const written = preset === OTHER_PRESET ? (reasons[student.id] ?? '') : preset === undefined ? null : REJECT_PRESETS[preset];
    const checked = written === null ? null : opsVerificationReject.shape.reason.safeParse(written);
    if (!checked?.success) {
      refuseReason(student.id, checked ? (checked.error.issues[0]?.message ?? '') : T.presetRequired);
      if (preset === OTHER_PRESET) reasonField.current?.focus();
      return false;
    }
    approval.flush();
    setBusy(true);
    setOutcome(null);
    try {
      return await send(student, 'reject', checked.data);
    } finally {
      setBusy(false);
    }
  }

  return {
    outcome,
    busy,
    pending: approval.shown,
    reasonField,
    rejectingOf: (id: number) => rejecting === id,
    openReject: (id: number) => setRejecting(id),
    closeReject: () => setRejecting(null),
    presetOf: (id: number) => presets[id] ?? null,
    pick,
    reasonOf: (id: number) => reasons[id] ?? '',
    reasonErrorOf: (id: number) => reasonErrors[id] ?? null,
    setReason,
    approve,
    undo,
    reject,
  };
}
