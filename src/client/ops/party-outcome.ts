import { atom, useSetAtom, useStore } from 'jotai';
import { type RefObject, useEffect, useState } from 'react';

/**
 * What the last create or edit did, for the party's page the console goes to next: said once there, then forgotten,
 * so coming back later does not repeat it.
 */
const partyOutcomeAtom = atom<{ partyId: number; text: string } | null>(null);

export const useSetPartyOutcome = () => useSetAtom(partyOutcomeAtom);

/**
 * The page's outcome line: the one left for `partyId`, then whatever the page itself sets. A line left by the form
 * takes the focus as the page opens, so a screen reader reads it first (a live region that is already filled when
 * it appears is not announced) and the keyboard starts from the top of the page.
 */
export function usePartyOutcome(partyId: number | null, line: RefObject<HTMLElement | null>) {
  const store = useStore();
  const [arrived] = useState(() => {
    const left = store.get(partyOutcomeAtom);
    return left && left.partyId === partyId ? left.text : null;
  });
  const [outcome, setOutcome] = useState(arrived);
  useEffect(() => {
    store.set(partyOutcomeAtom, null);
    if (arrived) line.current?.focus();
  }, [store, arrived, line]);
  return [outcome, setOutcome] as const;
}
