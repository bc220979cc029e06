import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openReconnectingSocket, type SocketLike } from '../../../src/client/lib/reconnecting-socket';
import { connectPglite } from '../../../src/server/db/connect';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { paidParty, toggle } from '../live/live-helpers';
import { scratchDir } from '../../helpers/scratch';

type VoteUpdate = { type: string; data: { question_id: number; vote_a_count: number; vote_b_count: number } };

describe('restarting the server in the middle of a game', () => {
  const dir = scratchDir('restart');
  let running: TestApp | undefined;
  afterAll(async () => {
    await running?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(port: number) {
    // The same on-disk database both times: what a real restart keeps.
    const database = await connectPglite(join(dir, 'pglite'));
    await database.migrate();
    const t = await createTestApp({ database });
    await t.app.listen({ port, host: '127.0.0.1' });
    return t;
  }

  it('keeps the votes, and the client reconnects with backoff and resyncs the counts', async () => {
    running = await start(0);
    const port = (running.app.server.address() as { port: number }).port;
    const { partyId, students } = await paidParty(running, 2);
    for (const s of students) await toggle(running, partyId, s.auth);
    const lobby = (await running.app.inject({ method: 'GET', url: `/api/partyassist/standby/${partyId}/participants/`, headers: students[0].auth })).json();
    expect(lobby.every((p: { is_standby: boolean }) => p.is_standby)).toBe(true);
    const roundId = (await running.database.db.execute('select id from rounds limit 1' as never) as unknown as { rows: { id: number }[] }).rows[0].id;
    const round = (await running.app.inject({ method: 'GET', url: `/api/v1/game/rounds/${roundId}/`, headers: students[0].auth })).json();
    const q = round.questions[0].id as number;

    // The real client code of the game screen, with Node's websocket in place of the browser's.
    const seen: VoteUpdate[] = [];
    const statuses: string[] = [];
    const token = students[0].auth.authorization.slice('Bearer '.length);
    const client = openReconnectingSocket({
      url: () => `ws://127.0.0.1:${port}/ws/game/round/${roundId}/?token=${token}`,
      onMessage: (m) => seen.push(m as VoteUpdate),
      onStatus: (s) => statuses.push(s),
      create: (url) => new WebSocket(url) as unknown as SocketLike,
    });
    const countOf = () => seen.filter((m) => m.data.question_id === q).at(-1)?.data;

    await running.app.inject({ method: 'POST', url: `/api/v1/game/questions/${q}/vote/`, headers: students[1].auth, payload: { choice: 'A' } });
    await expect.poll(countOf).toEqual({ question_id: q, vote_a_count: 1, vote_b_count: 0 });

    await running.close(); // sockets get 1001; the client starts backing off
    await expect.poll(() => statuses.at(-1)).toBe('reconnecting');
    seen.length = 0;
    running = await start(port);
    await expect.poll(() => statuses.at(-1), { timeout: 15_000 }).toBe('connected');
    // On reconnect the server resends every question's counts: the vote survived the restart.
    await expect.poll(countOf).toEqual({ question_id: q, vote_a_count: 1, vote_b_count: 0 });

    const again = await running.app.inject({ method: 'POST', url: `/api/v1/game/questions/${q}/vote/`, headers: students[1].auth, payload: { choice: 'B' } });
    expect(again.json()).toEqual({ detail: '이미 투표했습니다.' });
    await running.app.inject({ method: 'POST', url: `/api/v1/game/questions/${q}/vote/`, headers: students[0].auth, payload: { choice: 'B' } });
    await expect.poll(countOf).toEqual({ question_id: q, vote_a_count: 1, vote_b_count: 1 });
    client.close();
  });
});
