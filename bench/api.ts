// HTTP throughput of the busiest read endpoints, each beside a bare Fastify route measured in the same run, on
// PGlite and (with DATABASE_URL) PostgreSQL. Uses Debian's wrk, which leaves the two cores to the server.
// Run: npx tsx bench/api.ts [--seconds 10] [--connections 50] [--only <part of an endpoint's name>] [--students 1000].
// Prints a table; asserts nothing.
import { parseArgs } from 'node:util';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_RENDERER } from '../src/server/client-build';
import { and, eq, sql } from 'drizzle-orm';
import { createAccessTokens } from '../src/server/auth/access-token';
import { systemClock } from '../src/server/clock';
import { parties } from '../src/server/db/schema/parties';
import { places } from '../src/server/db/schema/places';
import { participations } from '../src/server/db/schema/parties';
import { users } from '../src/server/db/schema/users';
import { type BenchDb, benchDatabase, fmt, startBenchApp } from './bench-app';
import { wrk, type WrkResult } from './wrk';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' }, only: { type: 'string' }, students: { type: 'string', default: '1000' } },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const students = Number(values.students);

// wrk's Lua: each request carries the next student's token (one file line each), the second thread starting half
// way down the list, so consecutive requests are different students.
const ROTATE_TOKENS = `
local threads = 0
function setup(thread)
  thread:set("first", threads)
  threads = threads + 1
end
local tokens, i = {}, 0
function init(args)
  for line in io.lines(args[1]) do tokens[#tokens + 1] = line end
  i = first * math.floor(#tokens / 2)
end
function request()
  i = i % #tokens + 1
  return wrk.format(nil, nil, { ["Authorization"] = "Bearer " .. tokens[i] })
end
`;

interface Row extends WrkResult {
  db: BenchDb;
  endpoint: string;
}

/**
 * `students` students straight into the database, each holding a paid seat in a party of four that starts in an
 * hour (student1's place in the demo party), and a file of their access tokens for ROTATE_TOKENS.
 */
async function manyStudents(db: Awaited<ReturnType<typeof benchDatabase>>, jwtSecret: string): Promise<string> {
  const d = db.database.db;
  const [place] = await d.select({ id: places.id }).from(places).limit(1);
  const people = await d
    .insert(users)
    .values(Array.from({ length: students }, (_, i) => ({ username: `crowd_${i}`, name: `학생${i}` })))
    .returning({ id: users.id });
  const groups = Math.ceil(people.length / 4);
  const partyRows = await d
    .insert(parties)
    .values(Array.from({ length: groups }, (_, g) => ({ title: `저녁 파티 ${g}`, placeId: place.id, startTime: new Date(Date.now() + 3_600_000), maxParticipants: 8, deposit: 0, appliedCount: Math.min(4, people.length - 4 * g) })))
    .returning({ id: parties.id });
  await d.insert(participations).values(people.map((p, i) => ({ partyId: partyRows[Math.floor(i / 4)].id, userId: p.id, status: 'confirmed' as const, paidAt: new Date(), paidAmount: 0 })));
  const tokens = createAccessTokens(jwtSecret, systemClock);
  const dir = mkdtempSync(join(tmpdir(), 'partyon-bench-tokens-'));
  const file = join(dir, 'tokens.txt');
  writeFileSync(file, (await Promise.all(people.map((p) => tokens.sign(p.id)))).join('\n') + '\n');
  writeFileSync(join(dir, 'rotate.lua'), ROTATE_TOKENS);
  return file;
}

async function measure(kind: BenchDb): Promise<Row[]> {
  const db = await benchDatabase(kind);
  const server = await startBenchApp(db.database, {
    // The yardstick: a route that touches neither the database nor the auth guard's lookups.
    extraRoutes: (app) => app.get('/__bench/bare', async () => ({ ok: true })),
    pages: drawnPages,
  });
  let tokensFile: string | undefined;
  try {
    const demo = await fetch(`${server.base}/api/ops/demo/`, { method: 'POST', headers: { 'x-ops-token': server.opsToken, 'content-type': 'application/json' }, body: '{"minutes":60}' });
    const partyId = (await demo.json()).id as number;
    const login = await fetch(`${server.base}/api/signup/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'student1', password: 'partyon1234' }) });
    const { access } = (await login.json()) as { access: string };
    const signedIn = { authorization: `Bearer ${access}` };
    // student1's seat in the demo party (the demo joins and pays it), for the participation page.
    const [seat] = await db.database.db
      .select({ id: participations.id })
      .from(participations)
      .innerJoin(users, eq(users.id, participations.userId))
      .where(and(eq(participations.partyId, partyId), eq(users.username, 'student1')));
    tokensFile = await manyStudents(db, server.jwtSecret);
    // Statistics for the rows just written, now: autovacuum would otherwise gather them in the middle of a
    // measurement (and the planner meanwhile scans the wrong index for a student's seats).
    await db.database.db.execute(sql`analyze`);
    const targets: [string, string, Record<string, string>?, string?][] = [
      ['bare route', '/__bench/bare'],
      ['GET /api/homemap/home/', '/api/homemap/home/'],
      ['GET /api/detailview/parties/{id}/', `/api/detailview/parties/${partyId}/`],
      // Signed in (student1, who holds a paid seat in the demo party): every request passes the auth guard.
      ['GET /api/partyassist/myparties/', '/api/partyassist/myparties/', signedIn],
      // The same with a different student each request (each in a party of four), so no answer of one student's
      // is reused by the next request: what a busy evening looks like to the caches.
      [`GET /api/partyassist/myparties/ (${students.toLocaleString('en')} students)`, '/api/partyassist/myparties/', {}, tokensFile],
      ['GET /api/mypage/main/', '/api/mypage/main/', signedIn],
      ['GET /api/notice/', '/api/notice/', signedIn],
      ['GET /api/reserve/participation/{id}/', `/api/reserve/participation/${seat.id}/`, signedIn],
      ['GET /api/partyassist/standby/{id}/participants/', `/api/partyassist/standby/${partyId}/participants/`, signedIn],
      ['GET /api/mypage/history/', '/api/mypage/history/', signedIn],
      // The home page drawn on the server (HTML with the list, brotli), as a first visit from a link gets it.
      ...(drawnPages ? [['GET / (drawn page)', '/', { accept: 'text/html', 'accept-encoding': 'br' }] as [string, string, Record<string, string>]] : []),
    ];
    const rows: Row[] = [];
    // --only: the endpoints whose name contains it (the bare route is always measured, first).
    const chosen = targets.filter(([name], i) => i === 0 || !values.only || name.includes(values.only));
    for (const [name, path, headers, tokens] of chosen) rows.push({ db: kind, endpoint: name, ...(await wrk(server.base + path, { seconds, connections, headers, script: tokens ? { file: join(tokens, '..', 'rotate.lua'), args: [tokens] } : undefined })) });
    return rows;
  } finally {
    if (tokensFile) rmSync(join(tokensFile, '..'), { recursive: true, force: true });
    await server.close();
    await db.database.close();
    await db.drop();
  }
}

const drawnPages = existsSync(join(import.meta.dirname, '..', SERVER_RENDERER));
if (!drawnPages) console.log('(no client build: run `npm run build` to include the drawn home page)');
const kinds: BenchDb[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
if (!process.env.DATABASE_URL) console.log('(DATABASE_URL not set: PostgreSQL skipped)');
console.log(`wrk: 2 threads, ${connections} connections, ${seconds} s per endpoint\n`);
console.log('| database | endpoint | req/s | p50 ms | p99 ms | vs bare | non-2xx | timeouts |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const kind of kinds) {
  const rows = await measure(kind);
  const bare = rows[0].rps;
  for (const r of rows) console.log(`| ${r.db} | ${r.endpoint} | ${fmt(r.rps, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${fmt((100 * r.rps) / bare, 0)}% | ${r.errors} | ${r.timeouts} |`);
}
process.exit(0);
