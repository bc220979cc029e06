import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '../../src/client/ui/Dialog';
import { historyBack as back, historyForward as forward, layerDepth } from './history-back';
import { renderAppInBrowser, renderWith, signInAs } from './render-app';

// Issue 30 §8: back closes what is open first. These run on jsdom's real history (the browser test,
// tests/e2e/back-closes.spec.ts, does the same in Chromium with its back).

async function openHelp(user: ReturnType<typeof renderAppInBrowser>['user']) {
  await user.click(await screen.findByRole('button', { name: '도움말' }));
  const sheet = await screen.findByRole('dialog', { name: '도움말' });
  // Its history entry comes with it (on the same address).
  await waitFor(() => expect(layerDepth()).toBe(1));
  return sheet;
}

describe('back with a sheet open', () => {
  it('closes the sheet and stays on the page; forward onto its old entry opens nothing; a second back leaves', async () => {
    signInAs();
    window.history.replaceState(null, '', '/');
    window.history.pushState(null, '', '/mypage');
    const ui = renderAppInBrowser('/mypage');
    await openHelp(ui.user);

    await act(back);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/mypage');
    expect(layerDepth()).toBe(0);

    // Forward lands on the entry the sheet had: the app steps back off it at once, and the sheet stays closed.
    await act(forward);
    await waitFor(() => expect(layerDepth()).toBe(0));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/mypage');

    await act(back);
    expect(window.location.pathname).toBe('/');
  });

  it('closed by its own button, takes its entry back: opened and closed twice, the history is as before', async () => {
    signInAs();
    const ui = renderAppInBrowser('/mypage');
    await screen.findByRole('button', { name: '도움말' });
    const before = window.history.length;

    for (let i = 0; i < 2; i += 1) {
      const sheet = await openHelp(ui.user);
      await ui.user.click(within(sheet).getByRole('button', { name: '확인' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      // Back on the page's own entry: a back now would leave, not land on an empty entry.
      await waitFor(() => expect(layerDepth()).toBe(0));
    }
    // One entry ahead at most (the last one's, which the next push replaces), never one per opening.
    expect(window.history.length).toBeLessThanOrEqual(before + 1);
    expect(window.location.pathname).toBe('/mypage');
  });

  it('two open at once have an entry each: back closes the top one only, then the other', async () => {
    renderWith('/', <TwoDialogs />);
    await screen.findByRole('dialog', { name: '위' });
    await waitFor(() => expect(layerDepth()).toBe(2));

    await act(back);
    expect(screen.queryByRole('dialog', { name: '위' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '아래' })).toBeInTheDocument();
    await act(back);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(layerDepth()).toBe(0);
  });

  it('a dialog that may not be dismissed now keeps its entry: back neither closes it nor leaves', async () => {
    renderWith('/', <Dialog title="보내는 중" onClose={() => undefined}>{null}</Dialog>);
    await screen.findByRole('dialog', { name: '보내는 중' });
    await waitFor(() => expect(layerDepth()).toBe(1));
    await act(back);
    expect(screen.getByRole('dialog', { name: '보내는 중' })).toBeInTheDocument();
    // Added back, so the next back is the dialog's again.
    expect(layerDepth()).toBe(1);
  });
});

/** Two of the app's dialogs open at once (an alert over a sheet does this). */
function TwoDialogs() {
  const [lower, setLower] = useState(true);
  const [upper, setUpper] = useState(true);
  return (
    <>
      {lower && (
        <Dialog title="아래" onClose={() => setLower(false)}>
          {null}
        </Dialog>
      )}
      {upper && (
        <Dialog title="위" onClose={() => setUpper(false)}>
          {null}
        </Dialog>
      )}
    </>
  );
}
