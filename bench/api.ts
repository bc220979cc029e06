// HTTP throughput of the busiest read endpoints, each beside a bare Fastify route measured in the same run, on
// PGlite and (with DATABASE_URL) PostgreSQL. Uses Debian's wrk, which leaves the two cores to the server.
// Run: npx tsx bench/api.ts [--seconds 10] [--connections 50] [--only <part of an endpoint's name>].
// Prints a table; asserts nothing.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_RENDERER } from '../src/server/client-build';
import { and, eq } from 'drizzle-orm';
import { participations } from '../src/server/db/schema/parties';
import { users } from '../src/server/db/schema/users';
import { type BenchDb, benchDatabase, fmt, startBenchApp } from './bench-app';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' }, only: { type: 'string' } } });
const seconds = Number(values.seconds);
const connections = Number(values.connections);

interface Row {
  db: BenchDb;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
}

function toMs(v: string): number {
  const m = v.match(/^([\d.]+)(us|ms|s)$/);
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
}

// Async on purpose: the server runs in this process and must keep serving while wrk waits.
async function wrk(url: string, headers: Record<string, string> = {}) {
  const args = ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  const { stdout: out } = await promisify(execFile)('wrk', args, { encoding: 'utf8' });
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const p50 = toMs(out.match(/\s50%\s+(\S+)/)?.[1] ?? '');
  const p99 = toMs(out.match(/\s99%\s+(\S+)/)?.[1] ?? '');
  // Apart: an answer other than 2xx is the server's doing, a timeout (wrk's 2 s) is a request still waiting.
  const errors = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const timeouts = Number(out.match(/Socket errors:.*timeout (\d+)/)?.[1] ?? 0);
  return { rps, p50, p99, errors, timeouts };
}

async function measure(kind: BenchDb): Promise<Row[]> {
  const db = await benchDatabase(kind);
  const server = await startBenchApp(db.database, {
    // The yardstick: a route that touches neither the database nor the auth guard's lookups.
    extraRoutes: (app) => app.get('/__bench/bare', async () => ({ ok: true })),
    pages: drawnPages,
  });
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
    const targets: [string, string, Record<string, string>?][] = [
      ['bare route', '/__bench/bare'],
      ['GET /api/homemap/home/', '/api/homemap/home/'],
      ['GET /api/detailview/parties/{id}/', `/api/detailview/parties/${partyId}/`],
      // Signed in (student1, who holds a paid seat in the demo party): every request passes the auth guard.
      ['GET /api/partyassist/myparties/', '/api/partyassist/myparties/', signedIn],
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
    for (const [name, path, headers] of chosen) rows.push({ db: kind, endpoint: name, ...(await wrk(server.base + path, headers)) });
    return rows;
  } finally {
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
