import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installProcessLifecycle, SHUTDOWN_DEADLINE_MS } from '../../../src/server/http/process-lifecycle';

function harness(close: () => Promise<void>) {
  const proc = new EventEmitter();
  const exits: number[] = [];
  const logged: { level: string; obj: object; msg: string }[] = [];
  const at = (level: string) => (obj: object, msg: string) => logged.push({ level, obj, msg });
  const log = { info: at('info'), error: at('error'), fatal: at('fatal') };
  installProcessLifecycle({ log, close, proc, exit: (code) => exits.push(code) });
  return { proc, exits, logged };
}

describe('the process on signals and stray errors', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes everything on SIGTERM and exits 0, once however many signals come', async () => {
    const close = vi.fn(async () => undefined);
    const { proc, exits } = harness(close);
    proc.emit('SIGTERM');
    proc.emit('SIGINT');
    await vi.waitFor(() => expect(exits).toEqual([0]));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('exits 1 at the deadline when closing hangs', async () => {
    vi.useFakeTimers();
    const { proc, exits, logged } = harness(() => new Promise(() => undefined));
    proc.emit('SIGTERM');
    await vi.advanceTimersByTimeAsync(SHUTDOWN_DEADLINE_MS - 1);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([1]);
    expect(logged.some((l) => l.level === 'error' && l.msg.includes('deadline'))).toBe(true);
  });

  it('logs a rejection nobody handled and keeps running', () => {
    const close = vi.fn(async () => undefined);
    const { proc, exits, logged } = harness(close);
    const reason = new Error('nobody awaited me');
    proc.emit('unhandledRejection', reason, Promise.resolve());
    expect(logged).toEqual([{ level: 'error', obj: { err: reason }, msg: 'unhandled promise rejection' }]);
    expect(close).not.toHaveBeenCalled();
    expect(exits).toEqual([]);
  });

  it('logs an uncaught exception as fatal, then shuts down and exits 1', async () => {
    const close = vi.fn(async () => undefined);
    const { proc, exits, logged } = harness(close);
    const err = new Error('thrown in a callback');
    proc.emit('uncaughtException', err);
    expect(logged[0]).toEqual({ level: 'fatal', obj: { err }, msg: 'uncaught exception' });
    await vi.waitFor(() => expect(exits).toEqual([1]));
    expect(close).toHaveBeenCalledTimes(1);
  });
});
