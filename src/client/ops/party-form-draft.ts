import { useEffect, useState } from 'react';
import { STORAGE } from '../../shared/storage-keys';
import type { PartyFormValues } from './party-form-values';

interface Draft {
  /** The values the form started from: a draft of an edit is only worth restoring while the party is still so. */
  base: PartyFormValues;
  values: PartyFormValues;
}

const keyOf = (draftKey: string) => `${STORAGE.opsPartyDraft}:${draftKey}`;

function readDraft(draftKey: string, base: PartyFormValues): PartyFormValues | null {
  try {
    const raw = sessionStorage.getItem(keyOf(draftKey));
    const draft = raw ? (JSON.parse(raw) as Draft) : null;
    if (!draft || JSON.stringify(draft.base) !== JSON.stringify(base)) return null;
    return { ...base, ...draft.values };
  } catch {
    return null;
  }
}

export function clearPartyDraft(draftKey: string): void {
  try {
    sessionStorage.removeItem(keyOf(draftKey));
  } catch {
    /* nothing was kept */
  }
}

/**
 * The form's values, kept in the tab's sessionStorage as they are typed. An operator session that ends while a long
 * description is being written (30 idle minutes) shows the sign-in instead of the form; once signed in again the
 * form comes back as it was left. Sent successfully, the draft is dropped.
 */
export function usePartyDraft(draftKey: string, base: PartyFormValues) {
  const [values, setValues] = useState(() => readDraft(draftKey, base) ?? base);
  useEffect(() => {
    try {
      if (JSON.stringify(values) === JSON.stringify(base)) sessionStorage.removeItem(keyOf(draftKey));
      else sessionStorage.setItem(keyOf(draftKey), JSON.stringify({ base, values } satisfies Draft));
    } catch {
      /* no storage: the form still works, it just is not kept */
    }
  }, [draftKey, base, values]);
  return [values, setValues] as const;
}
