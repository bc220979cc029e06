import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { adminQuery } from '../helpers/scratch';
import { freshPng, multipart } from '../helpers/test-app';
import { approveListedCard } from './card-decision';
import { type Cluster, startCluster, UNIT } from './cluster';
import { callAsTheAppDoes, type Client } from './http';
import { reconnectingSocket, steadyLoad } from './load';
import { describeIfHas, missing } from './needs';
import { NGINX } from './nginx';
import { readServiceUnit } from './unit-file';

// Issue 31: a rolling restart under load — three instances behind nginx with its upstream keep-alive, each restarted
// in turn (SIGTERM, wait for it to exit, start it again) while students keep asking, vote in their balance game and
// keep 30 lobby sockets open — fails no request, loses no vote, every instance exits 0, and every socket told
// "going away" reconnects.

const PER_SECOND = 200;
// One request in this many is a student's vote: about one a second, so the 50 votes of the round (10 students, 5
// questions) fall across the whole roll.
const VOTE_EVERY = 200;
const STUDENTS = 10;
const SOCKETS_PER_STUDENT = 3;
// Each socket's client address (nginx passes the one it saw): 10 per address keeps within the per-address cap on any
// instance, however the sockets gather while one instance is down.
const SOCKET_ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];
const execStart = readServiceUnit(UNIT, '3001').execStart[0];
const figures: string[] = [];
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describeIfHas('a rolling restart behind nginx under load', missing(['DATABASE_URL', 'REDIS_URL'], [NGINX, 'openssl', execStart]), () => {
  const tag = randomBytes(3).toString('hex');
  let cluster: Cluster;
  let balancer: Client;
  const ops = () => ({ 'x-ops-token': cluster.settings.OPS_TOKEN });
  const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

  beforeAll(async () => {
    cluster = await startCluster({
      adminUrl: process.env.DATABASE_URL!,
      redisUrl: process.env.REDIS_URL!,
      fromPort: Number(process.env.DEPLOY_TEST_PORT ?? 4500) + 20,
      kind: 'deploy-rolling',
      figures,
    });
    balancer = cluster.balancer;
  });

  afterAll(async () => {
    if (figures.length) console.log(`\n[deploy suite] rolling restart\n${figures.map((f) => `  ${f}`).join('\n')}\n`);
    await cluster?.teardown();
  });

  /** Students who signed up and paid for one party through nginx (what a lobby socket needs), 10 minutes before it starts. */
  async function partyWithStudents() {
    const place = await balancer.call('/api/ops/places/', { method: 'POST', headers: ops(), json: { name: `재시작 시험관 ${tag}`, x_norm: 0.3, y_norm: 0.5 } });
    expect(place.status, place.text).toBe(201);
    const party = await balancer.call('/api/ops/parties/', {
      method: 'POST',
      headers: ops(),
      json: { title: `재시작 시험 파티 ${tag}`, place_id: place.json<{ id: number }>().id, start_time: new Date(Date.now() + 10 * 60_000).toISOString(), max_participants: STUDENTS, deposit: 1000 },
    });
    expect(party.status, party.text).toBe(201);
    const partyId = party.json<{ id: number }>().id;
    const policy = (await balancer.call('/api/privacy/')).json<{ version: number }>();
    const tokens: string[] = [];
    for (let i = 1; i <= STUDENTS; i++) {
      const username = `rr_${tag}_${i}`;
      const password = 'rolling-pass-1';
      const phone = `010${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
      const form = await multipart(
        { username, password, password2: password, name: '재시작학생', email: `${username}@hanbit.ac.kr`, phone, school: '한빛대학교', privacy_policy_version: String(policy.version) },
        { student_card_image: { bytes: await freshPng(), name: 'card.png', type: 'image/png' } },
      );
      const signup = await balancer.call('/api/signup/auth/signup/', { method: 'POST', body: form.payload, headers: form.headers });
      expect(signup.status, signup.text).toBe(201);
      const approved = await approveListedCard(balancer, signup.json<{ id: number }>().id, ops());
      expect(approved.status, approved.text).toBe(200);
      const login = await balancer.call('/api/signup/auth/login/', { method: 'POST', json: { username, password } });
      expect(login.status, login.text).toBe(200);
      const { access } = login.json<{ access: string }>();
      const joined = await balancer.call(`/api/reserve/join/${partyId}/`, { method: 'POST', headers: bearer(access) });
      expect(joined.status, joined.text).toBe(201);
      const pay = await balancer.call(`/api/reserve/pay/${joined.json<{ id: number }>().id}/`, { method: 'POST', headers: bearer(access), json: { payment_method: 'POINT' } });
      expect(pay.status, pay.text).toBe(200);
      tokens.push(access);
    }
    return { partyId, tokens };
  }

  /** More than half of the students on standby open the party's balance game (inside the standby window). */
  async function gameOf(partyId: number, tokens: string[]) {
    for (const token of tokens.slice(0, Math.floor(tokens.length / 2) + 1)) {
      const standby = await balancer.call(`/api/partyassist/standby/${partyId}/toggle/`, { method: 'POST', headers: bearer(token) });
      expect(standby.status, standby.text).toBe(200);
    }
    const roundId = await vi.waitFor(
      async () => {
        const [round] = (await adminQuery(cluster.databaseUrl, `select id from rounds where party_id = ${partyId}`)).rows as { id: number }[];
        if (!round) throw new Error('no round yet');
        return round.id;
      },
      { timeout: 30_000, interval: 100 },
    );
    const round = await balancer.call(`/api/v1/game/rounds/${roundId}/`, { headers: bearer(tokens[0]) });
    expect(round.status, round.text).toBe(200);
    return { roundId, questionIds: round.json<{ questions: { id: number }[] }>().questions.map((q) => q.id) };
  }

  it(
    'restarting the instances one at a time under ~200 requests/s and 30 lobby sockets fails no request and loses no vote; every instance exits 0 and every socket reconnects',
    { timeout: 600_000 },
    async () => {
      const { partyId, tokens } = await partyWithStudents();
      const { roundId, questionIds } = await gameOf(partyId, tokens);
      // Every student's vote on every question, in the order they are cast: A or B as the student pleases.
      const ballots = questionIds.flatMap((questionId, q) => tokens.map((token, s) => ({ questionId, token, choice: (q + s) % 3 === 0 ? 'B' : 'A' })));
      const castBallots: (typeof ballots)[number][] = [];
      const vote = async (ballot: (typeof ballots)[number]) => {
        castBallots.push(ballot);
        const seen = await callAsTheAppDoes(balancer, `/api/v1/game/questions/${ballot.questionId}/vote/`, { headers: bearer(ballot.token), json: { choice: ballot.choice } });
        return { label: `POST vote ${seen.status}${seen.replayed ? ' (replayed)' : ''}`, ok: seen.status === 201 };
      };
      const sockets = tokens.flatMap((token, s) =>
        SOCKET_ADDRESSES.slice(0, SOCKETS_PER_STUDENT).map((localAddress) =>
          reconnectingSocket(`wss://127.0.0.1:${cluster.https}/ws/party/${partyId}/?token=${token}`, { ca: cluster.ca, localAddress, headers: { origin: balancer.origin } }),
        ).map((socket, i) => Object.assign(socket, { name: `student ${s + 1} socket ${i + 1}` })),
      );
      await vi.waitFor(() => expect(sockets.filter((s) => s.state.admissions === 0).map((s) => s.name)).toEqual([]), { timeout: 60_000, interval: 100 });

      // Reads (a list, the readiness nginx would be asked for) and writes nginx must never send twice (POST).
      const load = steadyLoad(PER_SECOND, async (n) => {
        if (n % VOTE_EVERY === VOTE_EVERY - 1 && ballots.length) return vote(ballots.shift()!);
        const kind = n % 4;
        if (kind === 0) {
          const res = await balancer.call('/api/signup/auth/refresh/', { method: 'POST', json: { refresh: `not-a-token-${n}` } });
          return { label: `POST /api/signup/auth/refresh/ ${res.status}`, ok: res.status === 401 };
        }
        const path = kind === 1 ? '/readyz' : '/api/detailview/parties/';
        const res = await balancer.call(path);
        return { label: `GET ${path} ${res.status}`, ok: res.status === 200 };
      });
      const settle = async (requests: number) => {
        const target = load.answered() + requests;
        await vi.waitFor(() => expect(load.answered()).toBeGreaterThanOrEqual(target), { timeout: 60_000, interval: 50 });
      };
      const began = Date.now();
      try {
        await settle(PER_SECOND * 2);
        for (let i = 0; i < cluster.ports.length; i++) {
          const instance = cluster.running[i];
          const stopping = Date.now();
          instance.child.kill('SIGTERM');
          const code = await instance.exited;
          const stopped = Date.now() - stopping;
          expect(code, `partyon@${instance.port} exited ${code}:\n${instance.output()}`).toBe(0);
          const starting = Date.now();
          await cluster.start(i);
          figures.push(`partyon@${instance.port}: SIGTERM to exit 0 in ${seconds(stopped)}, ready again ${seconds(Date.now() - starting)} later`);
          // The restarted instance serves for a while before the next one stops, as an operator's script waits.
          await settle(PER_SECOND * 2);
        }
        await vi.waitFor(() => expect(sockets.filter((s) => !s.isOpen()).map((s) => s.name)).toEqual([]), { timeout: 60_000, interval: 100 });
      } finally {
        await load.stop();
        for (const s of sockets) s.stop();
      }
      const castInRoll = castBallots.length;
      // The votes the roll was too short for, cast now: the count below is of all 50.
      for (const ballot of ballots.splice(0)) {
        const { label, ok } = await vote(ballot);
        if (!ok) load.figures.failures.push(label);
      }
      const { sent, answers, failures } = load.figures;
      figures.push(`${sent} requests in ${seconds(Date.now() - began)} (~${Math.round(sent / ((Date.now() - began) / 1000))}/s), ${failures.length} failed`);
      figures.push(`answers: ${[...answers].map(([label, count]) => `${label} ×${count}`).join(', ')}`);
      const closes = sockets.flatMap((s) => s.state.closeCodes);
      figures.push(
        `${sockets.length} lobby sockets: ${closes.length} closed by a stopping instance (codes ${[...new Set(closes)].join(', ') || 'none'}), ` +
          `${sockets.reduce((sum, s) => sum + s.state.admissions, 0) - sockets.length} readmitted, ${sockets.reduce((sum, s) => sum + s.state.connectFailures, 0)} reconnect attempts refused`,
      );
      const retried = cluster.nginx.accessLog().filter((line) => line.upstream.includes(',')).length;
      figures.push(`requests nginx passed to a second instance (a draining one answered 503 or closed): ${retried}`);
      figures.push(`nginx's error log: ${cluster.nginx.errorSummary() || 'nothing at [warn] or above'}`);

      // Every vote cast is counted, once: what the round says to a student, and the votes the database holds.
      const round = await balancer.call(`/api/v1/game/rounds/${roundId}/`, { headers: bearer(tokens[0]) });
      expect(round.status, round.text).toBe(200);
      const counted = round.json<{ questions: { id: number; vote_a_count: number; vote_b_count: number }[] }>().questions;
      const expected = questionIds.map((id) => ({
        id,
        vote_a_count: castBallots.filter((b) => b.questionId === id && b.choice === 'A').length,
        vote_b_count: castBallots.filter((b) => b.questionId === id && b.choice === 'B').length,
      }));
      const stored = Number((await adminQuery(cluster.databaseUrl, `select count(*) from votes where question_id in (${questionIds.join(',')})`)).rows[0].count);
      figures.push(`${castBallots.length} votes (${castInRoll} during the roll): ${stored} stored, counts ${JSON.stringify(counted.map((q) => [q.vote_a_count, q.vote_b_count]))}`);

      expect(failures.slice(0, 20), `${failures.length} of ${sent} requests failed`).toEqual([]);
      expect(castBallots).toHaveLength(tokens.length * questionIds.length);
      expect(counted.map(({ id, vote_a_count, vote_b_count }) => ({ id, vote_a_count, vote_b_count }))).toEqual(expected);
      expect(stored).toBe(castBallots.length);
      // Every socket on a stopping instance was told it was going away, and each came back.
      expect([...new Set(closes)]).toEqual(closes.length ? [1001] : []);
      expect(closes.length).toBeGreaterThan(0);
      for (const s of sockets) expect(s.state.admissions, s.name).toBe(s.state.closeCodes.length + 1);
      // Every instance ever started here exited 0 when stopped, and the restarted ones still run.
      expect(cluster.started.length).toBe(cluster.ports.length * 2);
    },
  );
});
