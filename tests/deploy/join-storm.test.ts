import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { and, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerWasLost } from '../../src/client/api/idempotency-key';
import { createAccessTokens } from '../../src/server/auth/access-token';
import { systemClock } from '../../src/server/clock';
import { connectPostgres, type Database } from '../../src/server/db/connect';
import { parties, participations } from '../../src/server/db/schema/parties';
import { users } from '../../src/server/db/schema/users';
import { type Cluster, SITE, startCluster, UNIT } from './cluster';
import { callAsTheAppDoes } from './http';
import { killGroup } from './instance';
import { describeIfHas, missing } from './needs';
import { NGINX } from './nginx';
import { readServiceUnit } from './unit-file';

// Issue 31 §6: with three instances behind nginx, `kill -9` of one during a join storm left students answered 502
// whose join had in fact seated them; their retry then said "이미 참가한 파티입니다". With the Idempotency-Key the
// client resends a lost answer's join with the same key (src/client/api/client.ts) and gets the first answer: every
// student ends with the answer the database holds.

const STUDENTS = 120;
const PARTIES = 3;
const SEATS = 25;
/**
 * One instance is frozen (SIGSTOP) before this student's join is sent, with the earlier ones in flight or answered.
 * Counted in joins sent, not answers: a test process starved of CPU reads its answers late, when the instances may
 * have answered the whole storm already.
 */
const FREEZE_BEFORE = 30;
/**
 * Once every join has been sent — a third of those after the freeze went to the frozen instance and wait there — it
 * is killed (SIGKILL) as soon as the others have answered this many more, or a second later if they wait on a row it
 * holds. The requests it holds die with it, so some answers are surely lost (a kill landing between two requests
 * would prove nothing).
 */
const KILL_AFTER_MORE = 12;

describeIfHas(
  'a join storm through nginx while one of three instances is killed',
  missing(['DATABASE_URL', 'REDIS_URL'], [NGINX, 'openssl', readServiceUnit(UNIT, '3001').execStart[0]]),
  () => {
    const figures: string[] = [];
    let d: Cluster;
    let database: Database;

    beforeAll(async () => {
      d = await startCluster({
        adminUrl: process.env.DATABASE_URL!,
        redisUrl: process.env.REDIS_URL!,
        fromPort: Number(process.env.DEPLOY_TEST_PORT ?? 4500) + 20,
        kind: 'deploy-storm',
        figures,
      });
      database = await connectPostgres(d.databaseUrl, 4);
    });

    afterAll(async () => {
      await database?.close();
      await d?.teardown();
    });

    it('never lets nginx hand a request an instance received to another instance (proxy_next_upstream without non_idempotent)', () => {
      const directives = readFileSync(SITE, 'utf8')
        .split('\n')
        .map((line) => line.replace(/#.*$/, '').trim())
        .filter((line) => line.startsWith('proxy_next_upstream '));
      // Passing on a request that never reached an instance, or a GET a draining one refused, is fine; a POST it
      // received is never passed on without `non_idempotent`.
      expect(directives).toEqual(['proxy_next_upstream error timeout http_502 http_503;']);
      expect(directives.join('\n')).not.toMatch(/non_idempotent/);
    });

    it('ends every student of the storm with the answer the database holds, and oversells no party', async () => {
      const ops = { 'x-ops-token': d.settings.OPS_TOKEN };
      const tag = randomBytes(3).toString('hex');
      const place = await d.balancer.call('/api/ops/places/', { method: 'POST', headers: ops, json: { name: `폭주 시험관 ${tag}`, x_norm: 0.3, y_norm: 0.3 } });
      expect(place.status, place.text).toBe(201);
      const partyIds: number[] = [];
      for (let i = 0; i < PARTIES; i++) {
        const party = await d.balancer.call('/api/ops/parties/', {
          method: 'POST',
          headers: ops,
          json: { title: `폭주 파티 ${tag} ${i}`, place_id: place.json<{ id: number }>().id, start_time: new Date(Date.now() + 48 * 3_600_000).toISOString(), max_participants: SEATS, deposit: 0 },
        });
        expect(party.status, party.text).toBe(201);
        partyIds.push(party.json<{ id: number }>().id);
      }

      // Approved students made in the database, each with an access token the instances accept (as the server tests'
      // bulk students are): the storm is about joining, not signing up.
      const rows = await database.db
        .insert(users)
        .values(Array.from({ length: STUDENTS }, (_, i) => ({ username: `st_${tag}_${i}`, name: `폭주학생${i}`, isAdditionalInfoProvided: true, verificationStatus: 'approved' as const })))
        .returning({ id: users.id });
      const tokens = createAccessTokens(d.settings.JWT_SECRET, systemClock);
      const students = await Promise.all(rows.map(async ({ id }, i) => ({ id, partyId: partyIds[i % PARTIES], auth: `Bearer ${await tokens.sign(id)}` })));

      let answered = 0;
      let lostAnswers = 0;
      let frozenAt = -1;
      let allSent = false;
      let killedAt = -1;
      const victim = d.running[1];
      let failsafe: NodeJS.Timeout | undefined;
      const kill = () => {
        if (killedAt >= 0) return;
        clearTimeout(failsafe);
        killedAt = answered;
        killGroup(victim.child); // kill -9 of the instance's whole process group
      };
      const freeze = () => {
        process.kill(-victim.child.pid!, 'SIGSTOP');
        frozenAt = answered;
      };
      const sentAll = () => {
        allSent = true;
        if (answered >= frozenAt + KILL_AFTER_MORE) kill();
        else failsafe = setTimeout(kill, 1_000);
      };
      const answeredOne = () => {
        answered += 1;
        if (allSent && answered >= frozenAt + KILL_AFTER_MORE) kill();
      };

      const joinAsTheAppDoes = (s: (typeof students)[number]) =>
        callAsTheAppDoes(d.balancer, `/api/reserve/join/${s.partyId}/`, { headers: { authorization: s.auth } }, (seen) => {
          answeredOne();
          if (answerWasLost(seen.status)) lostAnswers += 1;
        });

      // The taps of a busy minute, compressed: a student every few milliseconds.
      let sent = 0;
      const last = await Promise.all(
        students.map(async (s, i) => {
          await new Promise((resolve) => setTimeout(resolve, i * 3));
          if (i === FREEZE_BEFORE) freeze();
          const answer = joinAsTheAppDoes(s);
          if (++sent === students.length) sentAll();
          return answer;
        }),
      );
      const toVictim = d.nginx.accessLog().filter((l) => l.request.includes('/api/reserve/join/') && l.upstream.includes(`:${victim.port}`));
      expect(frozenAt).toBeGreaterThanOrEqual(0);
      expect(killedAt).toBeGreaterThanOrEqual(frozenAt);
      expect(await victim.exited).toBe(null);

      const live = await database.db
        .select({ id: participations.id, userId: participations.userId, partyId: participations.partyId })
        .from(participations)
        .where(and(inArray(participations.userId, students.map((s) => s.id)), inArray(participations.status, ['pending', 'confirmed'])));
      const mismatches: string[] = [];
      students.forEach((s, i) => {
        const seats = live.filter((p) => p.userId === s.id);
        const seen = last[i];
        const said = `${seen.status} ${JSON.stringify(seen.body)}`;
        if (seen.status === 201) {
          const id = (seen.body as { id: number }).id;
          if (seats.length !== 1 || seats[0].id !== id || seats[0].partyId !== s.partyId) mismatches.push(`student ${s.id}: saw ${said}, database has ${JSON.stringify(seats)}`);
        } else if (seen.status === 400) {
          if (seats.length !== 0) mismatches.push(`student ${s.id}: saw ${said}, database has ${JSON.stringify(seats)}`);
        } else {
          mismatches.push(`student ${s.id}: ended with ${said} (database has ${JSON.stringify(seats)})`);
        }
      });

      const counts = await database.db.select({ id: parties.id, applied: parties.appliedCount, max: parties.maxParticipants }).from(parties).where(inArray(parties.id, partyIds));
      const oversold = counts.filter((p) => p.applied > p.max || live.filter((l) => l.partyId === p.id).length !== p.applied);
      const replayedSeats = last.filter((seen) => seen.status === 201 && seen.replayed).length;
      console.log(
        `\n[join storm] ${STUDENTS} students, ${PARTIES} parties of ${SEATS}; instance ${victim.port} frozen before join ${FREEZE_BEFORE + 1} was sent (${frozenAt} answers in), killed after ${killedAt} answers\n` +
          `  joins nginx sent it: ${toVictim.length} (${toVictim.filter((l) => l.status >= 500).length} of them cut off by the kill)\n` +
          `  answers lost on the way (502/503/504, network; each sent again with its key while tries were left): ${lostAnswers}\n` +
          `  seated: ${last.filter((seen) => seen.status === 201).length} (${replayedSeats} of them learned it from a replayed answer); refused as full: ${last.filter((seen) => seen.status === 400).length}\n` +
          `  mismatches between the last answer and the database: ${mismatches.length}${mismatches.length ? `\n    ${mismatches.join('\n    ')}` : ''}\n`,
      );
      // The kill cut requests it held: their answers were lost, and the students' retries with their keys decided.
      expect(lostAnswers).toBeGreaterThan(0);
      expect(mismatches).toEqual([]);
      expect(oversold).toEqual([]);
      expect(live).toHaveLength(PARTIES * SEATS);
      // Each seat is one student's: nobody holds two.
      expect(new Set(live.map((l) => l.userId)).size).toBe(live.length);
    });
  },
);
