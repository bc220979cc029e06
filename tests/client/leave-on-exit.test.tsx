import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { useLeaveOnExit } from '../../src/client/payment/use-leave-on-exit';
import { server } from './msw/server';
import { signInAs } from './render-app';

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

function Probe({ shouldLeave }: { shouldLeave: () => boolean }) {
  useLeaveOnExit(5, shouldLeave);
  return null;
}

function countLeaves() {
  const calls = { leave: 0 };
  server.use(
    http.post('/api/detailview/parties/5/leave/', () => {
      calls.leave += 1;
      return HttpResponse.json({ status: 'cancelled', refunded: 0 });
    }),
  );
  return calls;
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
    await settle();
    expect(calls.leave).toBe(0);
    ui.unmount();
    await settle();
    expect(calls.leave).toBe(1);
  });

  it('asks at exit time, so a payment started after mount keeps the seat', async () => {
    signInAs();
    const calls = countLeaves();
    let paid = false;
    const ui = render(<Probe shouldLeave={() => !paid} />);
    paid = true;
    ui.unmount();
    await settle();
    expect(calls.leave).toBe(0);
  });
});
