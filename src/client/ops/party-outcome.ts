import { type RefObject, useEffect, useState } from 'react';

/**
 * What the last create or edit did, for the party's page the console goes to next: said once there, then forgotten,
 * so coming back later does not repeat it. A module variable rather than an atom: the console is one screen at a
 * time, and importing jotai here made the bundler split jotai out of the students' entry (one more request on `/`).
 */
let left: { partyId: number; text: string } | null = null;

export function leavePartyOutcome(outcome: { partyId: number; text: string }) {
  left = outcome;
}

/**
 * The page's outcome line: the one left for `partyId`, then whatever the page itself sets. A line left by the form
 * takes the focus as the page opens, so a screen reader reads it first (a live region that is already filled when
 * it appears is not announced) and the keyboard starts from the top of the page.
 */
export function usePartyOutcome(partyId: number | null, line: RefObject<HTMLElement | null>) {
  const [arrived] = useState(() => (left && left.partyId === partyId ? left.text : null));
  const [outcome, setOutcome] = useState(arrived);
  useEffect(() => {
    left = null;
    if (arrived) line.current?.focus();
  }, [arrived, line]);
  return [outcome, setOutcome] as const;
}
