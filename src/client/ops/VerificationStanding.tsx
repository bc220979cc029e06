import { formatTimeAgo } from '../lib/format-date';
import { useNow } from '../lib/use-now';
import { VERIFICATION_TEXTS as T } from './verification-texts';

interface Props {
  /** The pending queue's size and its oldest card; null when another status is shown. */
  waiting: { total: number; oldestSubmittedAt: string | null } | null;
  /** Cards this operator decided today; null when nobody signed in is asking (never in the console). */
  decidedToday: number | null;
}

/** How the morning goes: how many wait and for how long, and how many the operator has done today. */
export function VerificationStanding({ waiting, decidedToday }: Props) {
  // "3시간 전" grows while the console stays open.
  const now = useNow(60_000);
  const parts = [
    waiting && T.waiting(waiting.total),
    waiting?.oldestSubmittedAt && T.oldestWaiting(formatTimeAgo(waiting.oldestSubmittedAt, now)),
    decidedToday !== null && T.decidedToday(decidedToday),
  ].filter((part) => typeof part === 'string');
  if (parts.length === 0) return null;
  return <p className="verif-standing">{parts.join(' · ')}</p>;
}
