import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLeaveOnExit } from '../../src/client/payment/use-leave-on-exit';
import { server } from './msw/server';
import { signInAs } from './render-app';
import { nextTimerTurn, recordRequests } from './sent-requests';

let requests: ReturnType<typeof recordRequests>;
afterEach(() => requests?.settled());

function Probe({ shouldLeave }: { shouldLeave: () => boolean }) {
  useLeaveOnExit(5, shouldLeave);
  return null;
}

/** The leave calls the hook sends, counted as they are sent. */
function countLeaves() {
  requests = recordRequests();
  server.use(http.post('/api/detailview/parties/5/leave/', () => HttpResponse.json({ status: 'cancelled', refunded: 0 })));
  return {
    get leave() {
      return requests.sent('POST', '/api/detailview/parties/5/leave/');
    },
  };
}

describe('useLeaveOnExit', () => {
  it('ignores the StrictMode unmount-remount at mount even when leaving is wanted, and leaves once on exit', async () => {
    signInAs();
    const calls = countLeaves();
    // At the root, as in main.tsx: only there does StrictMode replay effects.
    const ui = render(
      <StrictMode>
        <Probe shouldLeave={() => true} />
      </StrictMode>,
    );
    await nextTimerTurn();
    expect(calls.leave).toBe(0);
    ui.unmount();
    await nextTimerTurn();
    expect(calls.leave).toBe(1);
  });

  it('asks at exit time, so a payment started after mount keeps the seat', async () => {
    signInAs();
    const calls = countLeaves();
    let paid = false;
    const ui = render(<Probe shouldLeave={() => !paid} />);
    paid = true;
    ui.unmount();
    await nextTimerTurn();
    expect(calls.leave).toBe(0);
  });
});
