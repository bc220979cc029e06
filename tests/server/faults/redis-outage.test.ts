import { describe, expect, it } from 'vitest';
import { openSocket } from '../../helpers/sockets';
import { paidParty, toggle } from '../live/live-helpers';
import { twoInstancesBehindRedisProxy } from './proxied-redis';
import { listenOnLoopback } from '../../helpers/listen';

const ready = process.env.DATABASE_URL && process.env.REDIS_URL;
const tokenOf = (s: { auth: { authorization: string } }) => s.auth.authorization.slice('Bearer '.length);

(ready ? describe : describe.skip)(`Redis going away under two instances${ready ? '' : ' — skipped: DATABASE_URL and REDIS_URL are not both set'}`, () => {
  const pair = twoInstancesBehindRedisProxy('outage');

  it('keeps each lobby live on its own instance during the outage and fans out again when Redis returns', async () => {
    const { a, b, proxy } = pair;
    const { partyId, students } = await paidParty(a, 4, { max: 6 });
    const baseA = await listenOnLoopback(a.app, 'ws');
    const baseB = await listenOnLoopback(b.app, 'ws');
    const onA = await openSocket(`${baseA}/ws/party/${partyId}/?token=${tokenOf(students[0])}`);
    const onB = await openSocket(`${baseB}/ws/party/${partyId}/?token=${tokenOf(students[1])}`);
    await onA.waitFor((m) => m.type === 'send_standby_update');
    await onB.waitFor((m) => m.type === 'send_standby_update');

    await proxy.cut();
    await expect.poll(async () => (await a.app.inject({ method: 'GET', url: '/readyz' })).json().checks.events).toBe('redis unreachable');
    // A toggle handled by A still reaches A's own sockets.
    expect((await toggle(a, partyId, students[0].auth)).statusCode).toBe(200);
    await onA.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 1);

    await proxy.start();
    await expect.poll(async () => (await b.app.inject({ method: 'GET', url: '/readyz' })).statusCode, { timeout: 15_000 }).toBe(200);
    await expect.poll(async () => (await a.app.inject({ method: 'GET', url: '/readyz' })).statusCode, { timeout: 15_000 }).toBe(200);
    // After the outage, B re-subscribed: a toggle through A reaches B's socket again.
    expect((await toggle(a, partyId, students[2].auth)).statusCode).toBe(200);
    await onB.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 2);
    onA.ws.close(1000);
    onB.ws.close(1000);
  });
});
