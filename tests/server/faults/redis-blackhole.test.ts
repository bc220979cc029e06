import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket } from '../../helpers/sockets';
import { paidParty, toggle } from '../live/live-helpers';
import { crashRecorder } from './proxied-database';
import { twoInstancesBehindRedisProxy } from './proxied-redis';
import { listenOnLoopback } from '../../helpers/listen';

const ready = process.env.DATABASE_URL && process.env.REDIS_URL;
const tokenOf = (s: { auth: { authorization: string } }) => s.auth.authorization.slice('Bearer '.length);

(ready ? describe : describe.skip)(`a silent Redis under two instances${ready ? '' : ' — skipped: DATABASE_URL and REDIS_URL are not both set'}`, () => {
  const pair = twoInstancesBehindRedisProxy('silent');
  const recorder = crashRecorder();
  beforeAll(() => recorder.start());
  afterAll(() => recorder.stop());

  /** The answer and how long it took: the product promises an answer within a bound, so the bound is tested. */
  async function timed<T>(work: () => Promise<T>) {
    const started = Date.now();
    const res = await work();
    return { res, ms: Date.now() - started };
  }

  it('keeps standby toggles, votes and /readyz answering in time, and fans out again once Redis answers', async () => {
    const { a, b, proxy } = pair;
    const { partyId, students } = await paidParty(a, 4, { max: 6 });
    const baseA = await listenOnLoopback(a.app, 'ws');
    const baseB = await listenOnLoopback(b.app, 'ws');
    const onA = await openSocket(`${baseA}/ws/party/${partyId}/?token=${tokenOf(students[0])}`);
    const onB = await openSocket(`${baseB}/ws/party/${partyId}/?token=${tokenOf(students[1])}`);
    await onA.waitFor((m) => m.type === 'send_standby_update');
    await onB.waitFor((m) => m.type === 'send_standby_update');
    // Both instances are subscribed before the partition: a toggle on A reaches B's socket through Redis.
    await expect.poll(async () => (await b.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await toggle(a, partyId, students[0].auth)).statusCode).toBe(200);
    await onB.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 1);

    proxy.blackhole();
    const first = await timed(() => toggle(a, partyId, students[1].auth));
    expect(first.res.statusCode).toBe(200);
    expect(first.ms).toBeLessThan(5_000);
    await onA.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 2);

    const readyz = await timed(() => a.app.inject({ method: 'GET', url: '/readyz' }));
    expect(readyz.res.statusCode).toBe(503);
    expect(readyz.res.json().checks.events).toBe('redis unreachable');
    expect(readyz.ms).toBeLessThan(2_000);
    const readyzB = await timed(() => b.app.inject({ method: 'GET', url: '/readyz' }));
    expect(readyzB.res.statusCode).toBe(503);
    expect(readyzB.ms).toBeLessThan(2_000);

    // The third of four on standby starts the game; B announces it to its own lobby without Redis.
    const third = await timed(() => toggle(b, partyId, students[2].auth));
    expect(third.res.statusCode).toBe(200);
    expect(third.ms).toBeLessThan(5_000);
    const created = await onB.waitFor((m) => m.type === 'send_game_created');
    const round = (await b.app.inject({ method: 'GET', url: `/api/v1/game/rounds/${created.data.round_id}/`, headers: students[0].auth })).json();
    const vote = await timed(() =>
      a.app.inject({ method: 'POST', url: `/api/v1/game/questions/${round.questions[0].id}/vote/`, headers: students[0].auth, payload: { choice: 'A' } }),
    );
    expect(vote.res.statusCode).toBe(201);
    expect(vote.ms).toBeLessThan(5_000);
    expect(recorder.crashes).toEqual([]);

    proxy.restore();
    // The connections the black hole swallowed stay dead: each instance has to notice, reconnect and re-subscribe.
    await expect.poll(async () => (await a.app.inject({ method: 'GET', url: '/readyz' })).statusCode, { timeout: 20_000 }).toBe(200);
    await expect.poll(async () => (await b.app.inject({ method: 'GET', url: '/readyz' })).statusCode, { timeout: 20_000 }).toBe(200);
    expect((await toggle(a, partyId, students[3].auth)).statusCode).toBe(200);
    await onB.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 4);
    onA.ws.close(1000);
    onB.ws.close(1000);
    expect(recorder.crashes).toEqual([]);
  });
});
