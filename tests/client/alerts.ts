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

/** A form's message is shown twice (use-form-message): inline, and in the alert; taps 확인 on the alert. */
export async function acceptFormAlert(user: UserEvent) {
  const text = screen.getByRole('alert').textContent ?? '';
  expect(text).not.toBe('');
  await acceptAlert(user, text);
}
