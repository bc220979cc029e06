import { useEffect, useRef, useState } from 'react';
import { TOAST_MS } from '../../shared/constants';

export interface Toast {
  text: string;
  kind: 'error' | 'success';
}

/** Spec §4 "Report toast": each toast stays 1.5 s; `after` runs when it goes (success then leaves the screen). */
export function useToast() {
  const [toast, setToast] = useState<Toast | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: Toast, after?: () => void) => {
    clearTimeout(timer.current);
    setToast(next);
    timer.current = setTimeout(() => {
      setToast(null);
      after?.();
    }, TOAST_MS);
  };

  return { toast, show };
}
