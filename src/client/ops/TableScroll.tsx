import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a phone. The scrolling box takes keyboard focus and has a name, so someone
 * without a pointer can scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ops-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
