import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/api/api-error';
import { apiFetch } from '../../src/client/api/client';
import { joinParty } from '../../src/client/api/join';
import { payParticipation } from '../../src/client/api/participation';
import { IDEMPOTENCY_MESSAGES } from '../../src/shared/idempotency';
import { server } from './msw/server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The route answers `answers` in turn (the last one from then on), and records the key each request carried. */
function answering(method: 'post' | 'get', path: string, answers: (() => Response)[]) {
  const keys: (string | null)[] = [];
  server.use(
    http[method](path, ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      return answers[Math.min(keys.length, answers.length) - 1]();
    }),
  );
  return keys;
}

const lost = (status: number) => () => HttpResponse.json({ detail: '서비스를 잠시 사용할 수 없습니다. 잠시 후 다시 시도해 주세요.' }, { status });

describe('a student action whose answer is lost', () => {
  it('is sent again with the same Idempotency-Key after a 502 and a 504, and ends with the server’s real answer', async () => {
    const seat = { id: 41, hold_expires_at: '2026-03-02T01:15:00.000Z' };
    const keys = answering('post', '/api/reserve/join/7/', [lost(502), lost(504), () => HttpResponse.json(seat, { status: 201 })]);

    await expect(joinParty(7)).resolves.toEqual(seat);

    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys).size).toBe(1);
  });

  it('is sent again with the same key after a network failure, and a refusal then is the answer the student sees', async () => {
    const keys = answering('post', '/api/reserve/pay/9/', [
      () => HttpResponse.error(),
      () => HttpResponse.json({ detail: '포인트가 부족합니다.' }, { status: 400 }),
    ]);

    const failure = await payParticipation(9).catch((err: unknown) => err);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, body: { detail: '포인트가 부족합니다.' } });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('asks again with the same key while the server says the first request with it still runs (409), and ends with its answer', async () => {
    const seat = { id: 52, hold_expires_at: '2026-03-02T01:15:00.000Z' };
    const running = () => HttpResponse.json({ detail: IDEMPOTENCY_MESSAGES.inProgress }, { status: 409 });
    const keys = answering('post', '/api/reserve/join/12/', [lost(502), running, () => HttpResponse.json(seat, { status: 201 })]);

    await expect(joinParty(12)).resolves.toEqual(seat);

    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('takes the action’s own 409 as the answer, without asking again', async () => {
    const keys = answering('post', '/api/reserve/join/13/', [() => HttpResponse.json({ detail: '이미 참가한 파티입니다.' }, { status: 409 })]);

    await expect(joinParty(13)).rejects.toMatchObject({ status: 409, body: { detail: '이미 참가한 파티입니다.' } });
    expect(keys).toHaveLength(1);
  });

  it('gives up after three tries, with the lost answer', async () => {
    const keys = answering('post', '/api/reserve/join/8/', [lost(503)]);

    const failure = await joinParty(8).catch((err: unknown) => err);

    expect(failure).toMatchObject({ status: 503 });
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('is a new key for a new tap, and a plain call or a reading carries none and is not sent again', async () => {
    const seat = { id: 1, hold_expires_at: '2026-03-02T01:15:00.000Z' };
    const joinKeys = answering('post', '/api/reserve/join/5/', [() => HttpResponse.json(seat, { status: 201 })]);
    await joinParty(5);
    await joinParty(5);
    expect(joinKeys).toHaveLength(2);
    expect(joinKeys[0]).not.toBe(joinKeys[1]);

    const readKeys = answering('get', '/api/reserve/participation/3/', [lost(503)]);
    await expect(apiFetch('/api/reserve/participation/3/')).rejects.toMatchObject({ status: 503 });
    expect(readKeys).toEqual([null]);
  });
});
