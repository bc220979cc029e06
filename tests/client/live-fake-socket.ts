import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { CONDITION_TIMEOUT_MS } from './waits';
import type { SocketLike } from '../../src/client/lib/reconnecting-socket';

/** A WebSocket stand-in the test drives: it opens, pushes and closes only when told to. */
export class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  static reset() {
    FakeSocket.all = [];
  }
  static last(): FakeSocket {
    const socket = FakeSocket.all[FakeSocket.all.length - 1];
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }
  /**
   * The newest socket once the screen has opened at least `count`. Screens open sockets in effects, which React may
   * run after the DOM already shows the screen (later still on a slow machine): wait for the socket, never assume it.
   */
  static async opened(count = 1): Promise<FakeSocket> {
    return vi.waitFor(() => {
      if (FakeSocket.all.length < count) throw new Error(`${FakeSocket.all.length} of ${count} sockets opened`);
      return FakeSocket.last();
    }, CONDITION_TIMEOUT_MS);
  }

  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  closedWith: number | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  close(code = 1000) {
    this.closedWith = code;
  }

  open() {
    act(() => this.onopen?.(new Event('open')));
  }

  push(message: unknown) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) })));
  }

  drop(code = 1006) {
    act(() => {
      this.onerror?.(new Event('error'));
      this.onclose?.(new CloseEvent('close', { code }));
    });
  }
}
