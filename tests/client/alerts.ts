import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** The app's alert dialog (useAlert) showing `text`, once it is on screen. */
export function findAlert(text: string) {
  return screen.findByRole('alertdialog', { name: text });
}

/** Waits for the alert showing `text`, taps its 확인 as a student would, and waits for it to close. */
export async function acceptAlert(user: UserEvent, text: string) {
  const dialog = await findAlert(text);
  await user.click(within(dialog).getByRole('button', { name: '확인' }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}

/** No alert dialog is on screen now. */
export function expectNoAlert() {
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
}

/**
 * `text` is said once (issue 30): one element on screen holds it — beside its field or as the form's line — and no
 * alert dialog repeats it. Returns that element.
 */
export async function findSaidOnce(text: string) {
  await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(1));
  expectNoAlert();
  return screen.getByText(text);
}
