import { expect, type Locator, type Page } from '@playwright/test';

// Issue 30 §9: a form says each error once — beside its field when it belongs to one, else on the form's own line —
// and never in a dialog too. The checks every form's test makes.

/** `text` is on the page exactly once, and visible. */
export async function shownOnce(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true })).toHaveCount(1);
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}

/** `text` is said once, beside `field` (its description, focus on it): not on the form's line, not in a dialog. */
export async function saidOnceBeside(page: Page, field: Locator, text: string) {
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await shownOnce(page, text);
  await expect(page.getByRole('alert')).toHaveText(''); // the form's own line does not repeat it
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}
