import type { MySeat } from '../api/my-seats';
import { formatMinutesSeconds, useTimeLeft } from '../lib/use-time-left';
import { JOIN_TEXTS, MY_STATE_TEXTS } from './texts';

/**
 * My seat on a card (issue 30 §4): awaiting payment with the hold's time left (brand tint), paid (green), or my
 * place in a full party's line (violet). The same chip on home, the map, the assistant and the party's page.
 */
export function MyStateChip({ seat, className = '' }: { seat: MySeat; className?: string }) {
  const chip = (tone: string, text: string) => <span className={`chip chip--md ${tone} ${className}`.trim()}>{text}</span>;
  if (seat.kind === 'confirmed') return chip('chip--ok', MY_STATE_TEXTS.confirmed);
  if (seat.kind === 'waiting') return chip('chip--violet', JOIN_TEXTS.waiting(seat.position));
  return <PendingChip holdExpiresAt={seat.holdExpiresAt} className={className} />;
}

/** Ticks once a second while its hold runs; at its end it says so until the server's answer takes the seat away. */
function PendingChip({ holdExpiresAt, className }: { holdExpiresAt: string | null; className: string }) {
  const left = useTimeLeft(holdExpiresAt);
  const text = left === null ? MY_STATE_TEXTS.pending : left > 0 ? `${MY_STATE_TEXTS.pending} ${formatMinutesSeconds(left)}` : MY_STATE_TEXTS.holdEnded;
  return <span className={`chip chip--md chip--soft ${className}`.trim()}>{text}</span>;
}
