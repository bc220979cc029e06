import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core on the page as it stands: zero serious or critical violations (a soft assertion, so one scan lists every
 * screen that fails). Shared by the a11y spec and the console's specs.
 */
export async function expectAccessible(page: Page, what: string) {
  // Entrance animations (modals, sheets) finish first, so contrast is measured on the settled colours — waited for
  // as the animations themselves say, however slow the machine.
  // (The lobby's blinking dot runs forever and never finishes: only animations with an end are waited for.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    // Spec §9 imposes "viewport max scale 1" (maximum-scale=1, user-scalable=no), which this rule flags by design.
    // It is the one rule switched off.
    .disableRules(['meta-viewport'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`) }));
  expect.soft(serious, `axe on ${what}`).toEqual([]);
}
