import { useEffect, useRef, useState } from 'react';
import { useLatest } from '../lib/use-latest';
import type { Verification } from './use-verification-queue';

/** How long an approval can be taken back before the server hears it (issue 33 §1: one stray A approved a student). */
const UNDO_SECONDS = 5;

export interface PendingApproval {
  student: Verification;
  /** Where the student stood in the queue: an undo puts them back there. */
  index: number;
}

/**
 * One approval at a time waits UNDO_SECONDS before it is sent, counting down on screen. It is sent once, by whichever
 * comes first: the time running out, the next decision (`flush`), the page hidden or closed (a keepalive request
 * that outlives the tab), or leaving the screen. Claiming the pending approval is synchronous, so two triggers at
 * the same moment cannot send it twice; the server's conditional update would refuse a second anyway.
 */
export function usePendingApproval(send: (student: Verification, keepalive: boolean) => void) {
  const pending = useRef<PendingApproval | null>(null);
  const ticker = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const [shown, setShown] = useState<{ student: Verification; left: number } | null>(null);
  const latestSend = useLatest(send);

  function take(): PendingApproval | null {
    const p = pending.current;
    pending.current = null;
    clearInterval(ticker.current);
    if (p) setShown(null);
    return p;
  }

  function flush(keepalive = false) {
    const p = take();
    if (p) latestSend.current(p.student, keepalive);
  }
  const latestFlush = useLatest(flush);

  function start(student: Verification, index: number) {
    flush();
    pending.current = { student, index };
    let left = UNDO_SECONDS;
    setShown({ student, left });
    ticker.current = setInterval(() => {
      left -= 1;
      if (left > 0) setShown({ student, left });
      else latestFlush.current();
    }, 1000);
  }

  useEffect(() => {
    // pagehide covers a closed tab and a navigation away; visibilitychange a tab switched or a phone locked, after
    // which a browser may end the page without pagehide.
    const onPageHide = () => latestFlush.current(true);
    const onVisibility = () => document.visibilityState === 'hidden' && latestFlush.current(true);
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // Another console screen: the approval stands, and is sent now (the latest flush is the one wanted here).
      // eslint-disable-next-line react-hooks/exhaustive-deps
      latestFlush.current(true);
    };
  }, [latestFlush]);

  return { shown, start, flush, undo: take };
}
