// Websocket fan-out: N sockets in one round while votes arrive at a steady rate; prints delivery latency
// percentiles (vote request sent → vote_update received) and messages lost, for one instance and for two instances
// sharing PostgreSQL + Redis (sockets on B, votes through A). Each case is measured against a bare baseline of the
// same layout — one `ws` broadcast for one instance (fanout-baseline.ts), two bare servers and one Redis hop for two
// (fanout-baseline-redis.ts) — and the app's figures are given as multiples of the baseline's, so the machine's speed
// cancels out. On a shared machine a single run swings 2–3× (issue 34), so the baseline and the app runs alternate
// (baseline, app, app, baseline, …: a drift in the machine's load falls on both alike) and the figure is the median
// of the runs, with its spread. Clients run in a worker thread and share the process and its two cores with the
// servers, so figures are pessimistic. Asserts nothing.
// Run: npx tsx bench/fanout.ts [--runs 5] [--only '5,000']
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { Worker } from 'node:worker_threads';
import { createAccessTokens } from '../src/server/auth/access-token';
import { systemClock } from '../src/server/clock';
import { questions, rounds } from '../src/server/db/schema/game';
import { parties, participations } from '../src/server/db/schema/parties';
import { places } from '../src/server/db/schema/places';
import { users } from '../src/server/db/schema/users';
import { type BenchApp, type BenchDb, benchDatabase, fmt, percentile, startBenchApp } from './bench-app';
import { type Baseline, startBaseline } from './fanout-baseline';
import { startRedisBaseline } from './fanout-baseline-redis';

interface WorkerResult {
  type: string;
  received?: [string, number[]][];
  perSocket?: number[];
}

interface Scenario {
  name: string;
  sockets: number;
  votesPerSecond: number;
  seconds: number;
  instances: 1 | 2;
}

/** Where the clients connect and how the v-th vote (on question `q`) is sent. */
interface Target {
  urls: string[];
  questionIds: number[];
  vote(v: number, q: number, choice: 'A' | 'B', agent: Agent): Promise<unknown>;
}

/** Opens the sockets in the worker, sends the votes at a steady rate and reads what arrived when. */
async function measure(s: Scenario, t: Target) {
  const worker = new Worker(new URL('./fanout-clients.mjs', import.meta.url), { workerData: { urls: t.urls, resync: t.questionIds.length } });
  const messages = new Map<string, (m: WorkerResult) => void>();
  worker.on('message', (m: WorkerResult) => messages.get(m.type)?.(m));
  const answer = (type: string) => new Promise<WorkerResult>((resolve) => messages.set(type, resolve));
  await answer('ready');

  const agent = new Agent({ connections: 32 });
  const sent = new Map<string, number>();
  const now = () => performance.timeOrigin + performance.now();
  const counts = new Map<number, number>();
  const total = s.votesPerSecond * s.seconds;
  const start = performance.now();
  const pending: Promise<unknown>[] = [];
  const answered: number[] = []; // how long each vote request took to be answered
  for (let v = 0; v < total; v++) {
    const due = start + (v * 1000) / s.votesPerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const q = t.questionIds[v % t.questionIds.length];
    const n = (counts.get(q) ?? 0) + 1;
    counts.set(q, n);
    sent.set(`${q}:${n}`, now());
    const t0 = performance.now();
    pending.push(t.vote(v, q, v % 2 ? 'A' : 'B', agent).then(() => answered.push(performance.now() - t0)));
  }
  await Promise.all(pending);
  // Let the last broadcasts arrive, then collect what the clients saw.
  await new Promise((r) => setTimeout(r, 2000));
  await agent.close();
  worker.postMessage({ type: 'finish' });
  const result = await answer('result');
  await worker.terminate();
  const received = new Map(result.received!);
  const perSocket = result.perSocket!;

  // Counts only rise, so "question:total" names one vote; a vote that landed out of order is matched by key.
  const latencies: number[] = [];
  for (const [key, times] of received) {
    const t0 = sent.get(key);
    if (t0 !== undefined) for (const time of times) latencies.push(time - t0);
  }
  latencies.sort((x, y) => x - y);
  answered.sort((x, y) => x - y);
  const lost = perSocket.reduce((n, got) => n + Math.max(0, total - got), 0);
  return { votes: total, delivered: latencies.length, lost, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), voteP95: percentile(answered, 95) };
}

const post = (url: string, agent: Agent, body: unknown, headers: Record<string, string> = {}) =>
  request(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body), dispatcher: agent }).then((r) => r.body.dump());

async function runBaseline(s: Scenario) {
  const questionIds = [1, 2, 3, 4, 5];
  const baseline: Baseline = s.instances === 2 ? await startRedisBaseline(questionIds, process.env.REDIS_URL!) : await startBaseline(questionIds);
  try {
    const url = `${baseline.sockets.replace('http', 'ws')}/`;
    return await measure(s, {
      urls: Array.from({ length: s.sockets }, () => url),
      questionIds,
      vote: (_v, q, choice, agent) => post(`${baseline.votes}/vote/${q}/`, agent, { choice }),
    });
  } finally {
    await baseline.close();
  }
}

async function runHub(kind: BenchDb, s: Scenario) {
  const db = await benchDatabase(kind);
  const prefix = `partyon-bench-${Date.now()}:`;
  const redisUrl = s.instances === 2 ? process.env.REDIS_URL : undefined;
  const a = await startBenchApp(db.database, { redisUrl, prefix });
  const b: BenchApp = s.instances === 2 ? await startBenchApp(db.database, { redisUrl, prefix, jwtSecret: a.jwtSecret }) : a;
  try {
    const d = db.database.db;
    const voters = Math.ceil((s.votesPerSecond * s.seconds) / 5);
    const people = Math.max(s.sockets, voters);
    const [place] = await d.select({ id: places.id }).from(places).limit(1);
    const [party] = await d.insert(parties).values({ title: '팬아웃 파티', placeId: place.id, startTime: new Date(Date.now() + 600_000), maxParticipants: people, deposit: 0, appliedCount: people }).returning({ id: parties.id });
    const ids: number[] = [];
    for (let i = 0; i < people; i += 1000) {
      const rows = await d.insert(users).values(Array.from({ length: Math.min(1000, people - i) }, (_, k) => ({ username: `fan_${i + k}`, name: `팬${i + k}` }))).returning({ id: users.id });
      await d.insert(participations).values(rows.map((r) => ({ partyId: party.id, userId: r.id, status: 'confirmed' as const, paidAt: new Date() })));
      ids.push(...rows.map((r) => r.id));
    }
    const [round] = await d.insert(rounds).values({ partyId: party.id }).returning({ id: rounds.id });
    const qs = await d.insert(questions).values(Array.from({ length: 5 }, (_, i) => ({ roundId: round.id, position: i, aText: `A${i}`, bText: `B${i}` }))).returning({ id: questions.id });
    const tokens = createAccessTokens(a.jwtSecret, systemClock);

    // The clients connect to instance B; votes go through instance A, each voter voting once per question.
    const wsBase = b.base.replace('http', 'ws');
    const urls = await Promise.all(ids.slice(0, s.sockets).map(async (userId) => `${wsBase}/ws/game/round/${round.id}/?token=${await tokens.sign(userId)}`));
    const voterTokens = await Promise.all(ids.slice(0, voters).map((id) => tokens.sign(id)));
    return await measure(s, {
      urls,
      questionIds: qs.map((q) => q.id),
      vote: (v, q, choice, agent) => post(`${a.base}/api/v1/game/questions/${q}/vote/`, agent, { choice }, { authorization: `Bearer ${voterTokens[Math.floor(v / 5)]}` }),
    });
  } finally {
    if (b !== a) await b.close();
    await a.close();
    await db.database.close();
    await db.drop();
  }
}

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' }, only: { type: 'string' } } });
const kind: BenchDb = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const scenarios: Scenario[] = [
  { name: '1,000 sockets, one instance, 20 votes/s', sockets: 1000, votesPerSecond: 20, seconds: 5, instances: 1 },
  { name: '1,000 sockets, one instance', sockets: 1000, votesPerSecond: 100, seconds: 5, instances: 1 },
  { name: '5,000 sockets held, one instance', sockets: 5000, votesPerSecond: 20, seconds: 5, instances: 1 },
];
if (process.env.DATABASE_URL && process.env.REDIS_URL) scenarios.push({ name: '1,000 sockets on B, votes on A (Redis)', sockets: 1000, votesPerSecond: 100, seconds: 5, instances: 2 });
else console.log('(DATABASE_URL and REDIS_URL not both set: the two-instance run is skipped)');

type Run = Awaited<ReturnType<typeof measure>>;
const median = (xs: number[]) => percentile([...xs].sort((x, y) => x - y), 50);
const spread = (xs: number[], digits = 1) => `${fmt(Math.min(...xs), digits)}–${fmt(Math.max(...xs), digits)}`;
const ms = (r: Run) => `${fmt(r.p50)} / ${fmt(r.p95)} / ${fmt(r.p99)}`;

console.log(`database: ${kind}\n`);
console.log('| case | run | order | baseline p50 / p95 / p99 ms | app p50 / p95 / p99 ms | app p95 ÷ baseline p95 | lost (baseline / app) | vote answered p95 ms (baseline / app) |');
console.log('|---|---:|---|---:|---:|---:|---:|---:|');
const summary: string[] = [];
for (const s of scenarios.filter((x) => !args.only || x.name.includes(args.only))) {
  const pairs: { base: Run; app: Run }[] = [];
  for (let i = 0; i < Number(args.runs); i++) {
    // Baseline first in even runs, the app first in odd ones (B A A B B A …), so a load that rises or falls over the
    // sitting is shared by both sides instead of falling on whichever always runs second.
    const baseFirst = i % 2 === 0;
    const first = baseFirst ? await runBaseline(s) : await runHub(kind, s);
    const second = baseFirst ? await runHub(kind, s) : await runBaseline(s);
    const pair = baseFirst ? { base: first, app: second } : { base: second, app: first };
    pairs.push(pair);
    const { base, app } = pair;
    console.log(`| ${s.name} | ${i + 1} | ${baseFirst ? 'baseline, app' : 'app, baseline'} | ${ms(base)} | ${ms(app)} | ${fmt(app.p95 / base.p95, 2)}× | ${base.lost} / ${app.lost} | ${fmt(base.voteP95)} / ${fmt(app.voteP95)} |`);
  }
  const of = (side: 'base' | 'app', p: 'p50' | 'p95' | 'p99') => pairs.map((x) => x[side][p]);
  const ratios = (p: 'p50' | 'p95' | 'p99') => pairs.map((x) => x.app[p] / x.base[p]);
  const medians = (side: 'base' | 'app') => `${fmt(median(of(side, 'p50')))} / ${fmt(median(of(side, 'p95')))} / ${fmt(median(of(side, 'p99')))}`;
  const lost = pairs.reduce((n, x) => n + x.app.lost, 0);
  summary.push(
    `| ${s.name} | ${pairs.length} | ${medians('base')} | ${medians('app')} | ${fmt(median(ratios('p50')), 2)}× / **${fmt(median(ratios('p95')), 2)}×** / ${fmt(median(ratios('p99')), 2)}× | ${spread(ratios('p95'), 2)}× | ${spread(of('base', 'p95'))} | ${spread(of('app', 'p95'))} | ${lost} |`,
  );
}
// On a shared machine one pair can be off by several times either way; the medians over the runs are the figure, and
// the spread says how far a single run could be trusted.
console.log('\n| case | runs | baseline p50 / p95 / p99 ms, medians | app p50 / p95 / p99 ms, medians | app ÷ baseline p50 / p95 / p99, medians of the runs\' ratios | p95 ratio, min–max | baseline p95 ms, min–max | app p95 ms, min–max | app lost, all runs |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const line of summary) console.log(line);
process.exit(0);
