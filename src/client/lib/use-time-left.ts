import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from '../../shared/constants';

/** Milliseconds until `iso` (never negative), refreshed every second; null when there is no deadline. */
export function useTimeLeft(iso: string | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const id = window.setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => window.clearInterval(id);
  }, [iso]);
  if (!iso) return null;
  const end = new Date(iso).getTime();
  return Number.isNaN(end) ? null : Math.max(0, end - now);
}

/** mm:ss, as a hold's time left reads on the payment page and on every card (a hold is 15 minutes at most). */
export function formatMinutesSeconds(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}
