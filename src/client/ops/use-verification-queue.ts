import { useState } from 'react';
import type { z } from 'zod';
import type { opsVerification } from '../../shared/ops-contract';
import type { VerificationStatus } from '../../shared/verification';
import { useOpsData } from './use-ops-data';

export type Verification = z.infer<typeof opsVerification>;

interface Picked {
  status: VerificationStatus;
  id: number;
  /** Where the student stood: when they leave the list (decided here or elsewhere), whoever stands there now is next. */
  index: number;
}

/** One status's queue (oldest card first, as the server sends it) and the student the operator is looking at. */
export function useVerificationQueue(status: VerificationStatus) {
  const { data, error, mutate } = useOpsData<Verification[]>(`/api/ops/verifications/?status=${status}`);
  const [picked, setPicked] = useState<Picked | null>(null);
  // A student approved but still undoable (use-pending-approval.ts): out of the queue on screen, not yet on the server.
  const [hidden, setHidden] = useState<number | null>(null);
  const list = (data ?? []).filter((s) => s.id !== hidden);
  const mine = picked?.status === status ? picked : null;
  const byId = mine ? list.findIndex((s) => s.id === mine.id) : -1;
  const index = byId >= 0 ? byId : Math.max(0, Math.min(mine?.index ?? 0, list.length - 1));

  function select(at: number) {
    const student = list[at];
    if (student) setPicked({ status, id: student.id, index: at });
  }

  /** The queue without `id`, at once (the student was just decided), then as the server has it. */
  function remove(id: number) {
    if (id === hidden) {
      // An approval whose undo ran out: already off the screen, so no place changes; the server hears it now.
      setHidden(null);
      void mutate(
        (data ?? []).filter((s) => s.id !== id),
        { revalidate: false },
      );
      return;
    }
    const at = list.findIndex((s) => s.id === id);
    const next = list[at + 1] ?? list[at - 1];
    // The decided student's place goes to the next one, so `at` stays right once the list has closed up.
    if (next) setPicked({ status, id: next.id, index: next === list[at + 1] ? at : at - 1 });
    void mutate(
      list.filter((s) => s.id !== id),
      { revalidate: true },
    );
  }

  /** Out of the list on screen: the next student takes the place, as after a decision. */
  const hide = (id: number) => setHidden(id);

  /** The hidden student back where they were (`at`), selected: the approval was undone. */
  function unhide(at: number) {
    if (hidden !== null) setPicked({ status, id: hidden, index: at });
    setHidden(null);
  }

  return { data, error, list, index, student: list.at(index) ?? null, select, remove, hide, unhide, reload: () => mutate() };
}
