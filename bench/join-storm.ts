// 2,000 students join 20 parties at once through the real HTTP API: counts oversells (must be 0), errors and
// latency. PGlite, and PostgreSQL when DATABASE_URL is set. Run: npx tsx bench/join-storm.ts. Asserts nothing.
import { inArray, sql } from 'drizzle-orm';
import { Agent, request } from 'undici';
import { createAccessTokens } from '../src/server/auth/access-token';
import { systemClock } from '../src/server/clock';
import { parties, participations } from '../src/server/db/schema/parties';
import { places } from '../src/server/db/schema/places';
import { users } from '../src/server/db/schema/users';
import { type BenchDb, benchDatabase, fmt, percentile, startBenchApp } from './bench-app';

const STUDENTS = 2000;
const PARTIES = 20;
const SEATS = 50;

async function storm(kind: BenchDb) {
  const db = await benchDatabase(kind);
  const server = await startBenchApp(db.database);
  try {
    const d = db.database.db;
    const [place] = await d.select({ id: places.id }).from(places).limit(1);
    const partyRows = await d
      .insert(parties)
      .values(Array.from({ length: PARTIES }, (_, i) => ({ title: `폭주 파티 ${i}`, placeId: place.id, startTime: new Date(Date.now() + 86_400_000), maxParticipants: SEATS, deposit: 0 })))
      .returning({ id: parties.id });
    const students = await d
      .insert(users)
      .values(Array.from({ length: STUDENTS }, (_, i) => ({ username: `storm_${i}`, name: `폭주${i}` })))
      .returning({ id: users.id });
    // Tokens signed with the app's own secret, so no login storm distorts the join storm.
    const tokens = createAccessTokens(server.jwtSecret, systemClock);
    const auth = await Promise.all(students.map((s) => tokens.sign(s.id)));

    const agent = new Agent({ connections: 100 });
    const latencies: number[] = [];
    const codes = new Map<number, number>();
    const started = performance.now();
    await Promise.all(
      students.map(async (_s, i) => {
        const t0 = performance.now();
        const res = await request(`${server.base}/api/reserve/join/${partyRows[i % PARTIES].id}/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${auth[i]}` },
          dispatcher: agent,
        }).catch(() => null);
        latencies.push(performance.now() - t0);
        const code = res?.statusCode ?? 0;
        await res?.body.dump();
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }),
    );
    const wall = performance.now() - started;
    await agent.close();

    const live = await d
      .select({ partyId: participations.partyId, n: sql<number>`count(*)::int` })
      .from(participations)
      .where(inArray(participations.partyId, partyRows.map((p) => p.id)))
      .groupBy(participations.partyId);
    const counters = await d.select({ id: parties.id, applied: parties.appliedCount, max: parties.maxParticipants }).from(parties).where(inArray(parties.id, partyRows.map((p) => p.id)));
    const oversells = live.reduce((n, r) => n + Math.max(0, r.n - SEATS), 0);
    const mismatched = counters.filter((c) => c.applied !== (live.find((l) => l.partyId === c.id)?.n ?? 0)).length;
    const errors = [...codes].filter(([c]) => c !== 201 && c !== 400).reduce((n, [, k]) => n + k, 0);
    latencies.sort((a, b) => a - b);
    return { kind, seated: live.reduce((n, r) => n + r.n, 0), oversells, mismatched, errors, codes, wall, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await server.close();
    await db.database.close();
    await db.drop();
  }
}

const kinds: BenchDb[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
if (!process.env.DATABASE_URL) console.log('(DATABASE_URL not set: PostgreSQL skipped)');
console.log(`${STUDENTS} students join ${PARTIES} parties of ${SEATS} seats at once (100 connections)\n`);
console.log('| database | seated | oversells | counter mismatches | errors (not 201/400) | status codes | wall s | p50 ms | p99 ms |');
console.log('|---|---:|---:|---:|---:|---|---:|---:|---:|');
for (const kind of kinds) {
  const r = await storm(kind);
  const codes = [...r.codes].sort().map(([c, n]) => `${c}×${n}`).join(' ');
  console.log(`| ${r.kind} | ${r.seated} | ${r.oversells} | ${r.mismatched} | ${r.errors} | ${codes} | ${fmt(r.wall / 1000, 2)} | ${fmt(r.p50)} | ${fmt(r.p99)} |`);
}
process.exit(0);
