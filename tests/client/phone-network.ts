import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The phone's network as the app and SWR hear it: navigator.onLine and the window's online/offline events. Call once
 * at a file's top level: every test starts online (the setup restores every mock after each test, so the flag is
 * spied on anew), and a test that left the phone offline puts it back online, since SWR remembers the last event.
 */
export function phoneNetwork() {
  let online = true;
  beforeEach(() => {
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(() => {
    if (!online) setOnline(true);
  });
  /** The phone loses (or finds) its network: the browser's flag and its event. */
  function setOnline(value: boolean) {
    online = value;
    act(() => {
      window.dispatchEvent(new Event(value ? 'online' : 'offline'));
    });
  }
  /** Only the flag: the network is back, but nobody heard of it yet (a tap on 다시 시도 finds it). */
  function flagOnline() {
    online = true;
  }
  return { setOnline, flagOnline };
}
