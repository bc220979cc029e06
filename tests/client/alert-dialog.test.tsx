import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useAlert } from '../../src/client/ui/use-alert';
import { renderWith } from './render-app';

/** A button that raises two alerts at once and lists what happened after each was closed. */
function Probe() {
  const showAlert = useAlert();
  const [done, setDone] = useState<string[]>([]);
  const raise = () => {
    void showAlert('첫 번째 알림').then(() => setDone((d) => [...d, 'first']));
    void showAlert('두 번째 알림').then(() => setDone((d) => [...d, 'second']));
  };
  return (
    <>
      <button type="button" onClick={raise}>
        알림 띄우기
      </button>
      <output>{done.join(',')}</output>
    </>
  );
}

describe('the app alert (useAlert)', () => {
  it('shows one alert at a time on 확인 or Escape, focusing 확인 and giving focus back afterwards', async () => {
    const ui = renderWith('/', <Probe />);
    const opener = screen.getByRole('button', { name: '알림 띄우기' });
    await ui.user.click(opener);

    const first = screen.getByRole('alertdialog', { name: '첫 번째 알림' });
    expect(first).toHaveAttribute('aria-modal', 'true');
    expect(within(first).getByRole('button', { name: '확인' })).toHaveFocus();
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('');

    await ui.user.click(within(first).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('first'));
    const second = screen.getByRole('alertdialog', { name: '두 번째 알림' });
    expect(within(second).getByRole('button', { name: '확인' })).toHaveFocus();

    await ui.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('first,second'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
