import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { partyChannel } from '../../../src/server/realtime/socket-hub';
import { paidParty, toggle } from '../live/live-helpers';
import { holdCommitsOf } from './held-commit';
import { appOnProxiedDatabase } from './proxied-database';

const adminUrl = process.env.DATABASE_URL;

// A standby toggle has committed when the database goes away: the student is told it happened (a 503 would have them
// press again, which undoes it), and the round the toggle made due is created by the next sweep.
(adminUrl ? describe : describe.skip)(`a standby toggle when the database goes away after its commit${adminUrl ? '' : ' — skipped: DATABASE_URL is not set'}`, () => {
  const suite = appOnProxiedDatabase(4);
  const one = async (text: string) => (await suite.db.sql(text)).rows[0]?.v ?? null;

  it('answers the toggle as it committed, and the next sweep starts the round it made due', async () => {
    const { partyId, students } = await paidParty(suite.t, 3);
    expect((await toggle(suite.t, partyId, students[0].auth)).statusCode).toBe(200);
    const heard: unknown[] = [];
    await suite.t.bus.subscribe(partyChannel(partyId), (m) => {
      const payload = (m as { payload: { type: string } }).payload;
      if (payload.type === 'send_game_created') heard.push(payload);
    });

    // The second toggle (2 of 3: the lobby is ready) waits in its COMMIT; a session of the test's own asks for the
    // whole users table meanwhile, and queues behind the toggle's lock on the student's row. Released, the toggle
    // commits, that session takes the table, and the app's first read after the commit waits behind it.
    const student = students[1];
    const hold = await holdCommitsOf(suite.db.directUrl, student.id);
    const locker = new pg.Client({ connectionString: suite.db.directUrl });
    await locker.connect();
    try {
      const lockerPid = (await locker.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      const waitingForUsers = () =>
        one(`select count(*)::int as v from pg_locks where relation = 'users'::regclass and not granted and pid <> ${lockerPid}`);
      const answer = toggle(suite.t, partyId, student.auth);
      await expect.poll(hold.waiting).toBe(true);
      await locker.query('begin');
      const locked = locker.query('lock table users in access exclusive mode');
      await expect.poll(() => one(`select count(*)::int as v from pg_locks where pid = ${lockerPid} and not granted`)).toBe(1);
      await hold.release();
      await locked;
      await expect.poll(waitingForUsers).toBe(1);
      // The database goes away now: after the commit, before the counts are read again and the round created.
      await suite.db.proxy.cut();
      const res = await answer;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ standby_count: 2, participation_count: 3, is_standby: true });
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
      await hold.drop();
    }
    expect(await one(`select count(*)::int as v from participations where party_id = ${partyId} and is_standby`)).toBe(2);
    expect(await one(`select count(*)::int as v from rounds where party_id = ${partyId}`)).toBe(0);

    await suite.db.proxy.start();
    await expect.poll(async () => (await suite.t.app.inject({ method: 'GET', url: '/readyz' })).statusCode, { timeout: 20_000 }).toBe(200);
    expect((await suite.t.app.sweeper.runOnce()).roundsStarted).toBe(1);
    const roundId = await one(`select id as v from rounds where party_id = ${partyId}`);
    expect(heard).toEqual([{ type: 'send_game_created', data: { round_id: roundId } }]);
    expect(suite.recorder.crashes).toEqual([]);
  });
});
