import { cleanup } from '@testing-library/react';
import { expect, vi } from 'vitest';

/** The browser's back on jsdom's real history, done once its popstate has been heard (the app acts on that). */
export const historyBack = () => traverse(-1);

/** The browser's forward, likewise. */
export const historyForward = () => traverse(1);

async function traverse(delta: number) {
  const landed = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  window.history.go(delta);
  await landed;
}

/** How many layer entries (lib/back-layers.ts) the current history entry stands on. */
export const layerDepth = () => ((window.history.state as Record<string, unknown> | null)?.partyonLayer as number | undefined) ?? 0;

/**
 * Unmounts the screen and waits for the layers it had open to take their history entries back. A closing layer's
 * traversal lands a task later; the next test's history starts once it has, or it would land on that test's page.
 */
export async function unmountAndSettleHistory() {
  cleanup();
  await vi.waitFor(() => expect(layerDepth()).toBe(0));
}

/**
 * Back to real timers after a test that faked them. The screen unmounts first, while the fake clock still runs:
 * a traversal queued on it would otherwise be dropped with the fake timers and never land.
 */
export async function backToRealTimers() {
  if (vi.isFakeTimers()) await unmountAndSettleHistory();
  vi.useRealTimers();
}
