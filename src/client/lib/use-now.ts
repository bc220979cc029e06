import { useEffect, useState } from 'react';

/** The current time, re-read every `tickMs`, so countdowns re-render once a tick and not on every frame. */
export function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(id);
  }, [tickMs]);
  return now;
}
