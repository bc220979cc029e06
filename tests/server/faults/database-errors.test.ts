import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseTrouble, isDatabaseUnavailable } from '../../../src/server/db/pg-errors';
import { answerSocketError, installErrorHandler } from '../../../src/server/http/errors';

/** A driver error as drizzle hands it on: its own error, with pg's on `cause`. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });
const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('telling a database outage from a bad query', () => {
  it('calls a lost, refused or silent connection unavailable', () => {
    for (const err of [
      pgError('ECONNRESET'),
      pgError('ECONNREFUSED'),
      wrapped(pgError('08006')), // connection failure
      wrapped(pgError('57P01')), // admin shutdown
      wrapped(pgError('53300')), // too many connections
      wrapped(pgError('25P03')), // our idle-in-transaction deadline ended the session
      wrapped(new Error('Query read timeout')),
      wrapped(new Error('Connection terminated unexpectedly')),
      new Error('timeout exceeded when trying to connect'),
      wrapped(new Error('Client has encountered a connection error and is not queryable')),
    ]) {
      expect(databaseTrouble(err), String((err as Error).cause ?? err)).toBe('unavailable');
    }
  });

  it('calls a statement cancelled by its deadline or lost to a lock busy, not an outage', () => {
    for (const code of ['57014', '55P03', '40001', '40P01']) expect(databaseTrouble(wrapped(pgError(code)))).toBe('busy');
    expect(isDatabaseUnavailable(wrapped(pgError('57014')))).toBe(false);
  });

  it('leaves a bad query or a bug alone', () => {
    for (const err of [wrapped(pgError('23505')), wrapped(pgError('42703')), new TypeError('x is undefined'), null, 'text']) {
      expect(databaseTrouble(err)).toBeUndefined();
    }
  });

  it('answers both with 503 and the Korean message: Retry-After 5 for an outage, 1 for a busy database', async () => {
    const app = Fastify();
    installErrorHandler(app);
    app.get('/down', async () => {
      throw wrapped(pgError('ECONNRESET'));
    });
    app.get('/busy', async () => {
      throw wrapped(pgError('57014'));
    });
    app.get('/bug', async () => {
      throw new TypeError('x is undefined');
    });
    const detail = '서비스를 잠시 사용할 수 없습니다. 잠시 후 다시 시도해 주세요.';
    const down = await app.inject({ method: 'GET', url: '/down' });
    expect([down.statusCode, down.headers['retry-after'], down.json()]).toEqual([503, '5', { detail }]);
    const busy = await app.inject({ method: 'GET', url: '/busy' });
    expect([busy.statusCode, busy.headers['retry-after'], busy.json()]).toEqual([503, '1', { detail }]);
    expect((await app.inject({ method: 'GET', url: '/bug' })).statusCode).toBe(500);
    await app.close();
  });

  it('closes a socket whose handler failed with 1011, so the client reconnects, and logs a bug apart from an outage', () => {
    const logged: [string, string][] = [];
    const req = {
      log: Object.fromEntries(['info', 'warn', 'error'].map((level) => [level, (_obj: object, msg: string) => logged.push([level, msg])])),
    } as unknown as Parameters<typeof answerSocketError>[2];
    const socketIn = (readyState: number) => {
      const seen: unknown[] = [];
      const socket = { OPEN: 1, readyState, close: (code: number) => seen.push(code), terminate: () => seen.push('terminated') };
      return { socket: socket as unknown as Parameters<typeof answerSocketError>[1], seen };
    };
    const open = socketIn(1);
    answerSocketError(wrapped(pgError('ECONNRESET')), open.socket, req);
    expect(open.seen).toEqual([1011]);
    const broken = socketIn(3);
    answerSocketError(pgError('WS_ERR_INVALID_CLOSE_CODE'), broken.socket, req);
    expect(broken.seen).toEqual(['terminated']);
    answerSocketError(new TypeError('x is undefined'), socketIn(1).socket, req);
    expect(logged).toEqual([
      ['warn', 'socket: database unavailable'],
      ['info', 'socket: connection error'],
      ['error', 'socket handler failed'],
    ]);
  });
});
