import { useEffect, useRef } from 'react';

/**
 * A ref holding the latest `value` (a callback, options): for listeners attached once, which must see the current
 * one without being detached and attached again on every render.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
