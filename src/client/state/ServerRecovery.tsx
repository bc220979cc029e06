import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { toUrl } from '../api/client';
import { retryDelay } from '../api/retry-delay';
import { reportReach, takeKeptPaths } from '../api/server-reach';
import { useLatest } from '../lib/use-latest';
import { type Outage, useOutage } from '../lib/use-outage';

// Ready means the database answers too (the server's /readyz): a process that runs but cannot serve is still down.
const READY_PATH = '/readyz';
// An outage that begins this soon after the last one ended is the same one going on (some answers get through,
// others not): its pauses go on growing instead of starting again at 1 s.
const SAME_OUTAGE_MS = 60_000;

/**
 * Brings every screen back by itself once the server answers again (issue 30 §7), without a tap on 다시 시도.
 * While it is out of reach (and the phone online), /readyz is asked with a growing pause. When it is back — the
 * probe found it ready, or any request got an answer — what the outage left behind is read again: the lists that
 * failed (SWR's own retries may be 30 s apart by then) and those the service worker answered from its cache, which
 * SWR took for successes and would never ask for again. Lists that are fine are left alone, so a server that
 * answers some calls and not others never sets off a storm of reads.
 */
export function ServerRecovery() {
  const outage = useOutage();
  const { mutate, cache } = useSWRConfig();
  const latest = useLatest({ mutate, cache });
  const attempts = useRef(0);
  const endedAt = useRef(0);
  const previous = useRef<Outage>(null);

  useEffect(() => {
    const was = previous.current;
    previous.current = outage;
    if (was === 'server' && outage === null) {
      const kept = takeKeptPaths();
      const { mutate: revalidate, cache: entries } = latest.current;
      void revalidate((key) => typeof key === 'string' && (kept.includes(key) || entries.get(key)?.error !== undefined));
    }
  }, [outage, latest]);

  useEffect(() => {
    if (outage !== 'server') return;
    if (Date.now() - endedAt.current > SAME_OUTAGE_MS) attempts.current = 0;
    let alive = true;
    let timer: ReturnType<typeof setTimeout>;
    const probe = async () => {
      const ready = await fetch(toUrl(READY_PATH), { cache: 'no-store' }).then(
        (res) => res.ok,
        () => false,
      );
      if (!alive) return;
      if (ready) reportReach(200);
      else schedule();
    };
    const schedule = () => {
      attempts.current += 1;
      timer = setTimeout(() => void probe(), retryDelay(attempts.current));
    };
    schedule();
    return () => {
      alive = false;
      clearTimeout(timer);
      endedAt.current = Date.now();
    };
  }, [outage]);

  return null;
}
