// The home/map list filters at many upcoming parties: each filtered query's median time as a share of the unfiltered
// list's, measured in the same run (so the machine's speed cancels out), on PGlite and (with DATABASE_URL)
// PostgreSQL. Run: npx tsx bench/list-filters.ts [--runs 30] [--parties 10000] [--db postgres]. Prints a table;
// asserts nothing.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PartyFilters } from '../src/shared/party-filters';
import { parties, partyTags } from '../src/server/db/schema/parties';
import { places, tags } from '../src/server/db/schema/places';
import { partyFilterWhere } from '../src/server/parties/list-filters';
import { upcomingPartyCards } from '../src/server/parties/party-cards';
import { type BenchDb, benchDatabase } from './bench-app';
import { seedParties } from './party-seed';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' }, parties: { type: 'string', default: '10000' }, db: { type: 'string' } } });
const runs = Number(values.runs);
const PARTIES = Number(values.parties);

const CASES: [string, PartyFilters][] = [
  ['tag', { tag: '축구' }],
  ['day=today', { day: 'today' }],
  ['day=week', { day: 'week' }],
  ['day=a date (in 30 days)', { day: new Date(Date.now() + 30 * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10) }],
  ['open=1', { open: true }],
  ['q (2 letters, common)', { q: '축구' }],
  ['q (matches 20 of the 30 tags)', { q: '태그' }],
  ['q (rare, matches 1)', { q: '모임 9999' }],
  ['q (no match)', { q: '없는말' }],
  ['tag + day=week + open + q', { tag: '영화', day: 'week', open: true, q: '모임' }],
];

/**
 * The search as it was before issue 32, for comparison in the same run: every upcoming party read, and a tag-name
 * match through the list of every party that tag was ever on.
 */
function searchBefore(q: string): SQL | undefined {
  const pattern = `%${q}%`;
  const taggedLike = sql`(select ${partyTags.partyId} from ${partyTags} join ${tags} on ${tags.id} = ${partyTags.tagId} where ${ilike(tags.name, pattern)})`;
  return or(ilike(parties.title, pattern), ilike(places.name, pattern), inArray(parties.id, taggedLike));
}
const BEFORE: [string, string][] = [
  ['q (matches 20 of the 30 tags), before the horizon', '태그'],
  ['q (no match), before the horizon', '없는말'],
];

async function median(fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

async function measure(kind: BenchDb) {
  const bench = await benchDatabase(kind);
  try {
    const now = new Date();
    await seedParties(bench.database.db, now, PARTIES);
    // The routes' own query (without their one-second cache): home takes 50 of it, the map 500.
    const query = (where: SQL | undefined, limit: number) => upcomingPartyCards(bench.database.db, now, limit, where);
    for (const limit of [50, 500]) {
      const list = limit === 50 ? 'home (50)' : 'map (500)';
      await query(undefined, limit); // warm up
      const base = await median(() => query(undefined, limit));
      console.log(`| ${kind} | ${list} | unfiltered (${base.toFixed(1)} ms) | 1.00 |`);
      const cases: [string, SQL | undefined][] = [...CASES.map(([name, f]) => [name, partyFilterWhere(f, now)] as [string, SQL | undefined]), ...BEFORE.map(([name, q]) => [name, searchBefore(q)] as [string, SQL | undefined])];
      for (const [name, where] of cases) {
        const found = (await query(where, limit)).length;
        const t = await median(() => query(where, limit));
        console.log(`| ${kind} | ${list} | ${name} (${found} rows) | ${(t / base).toFixed(2)} |`);
      }
    }
  } finally {
    await bench.database.close();
    await bench.drop();
  }
}

if (values.db && values.db !== 'pglite' && values.db !== 'postgres') throw new Error('--db is pglite or postgres');
const kinds: BenchDb[] = values.db ? [values.db as BenchDb] : process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
if (kinds.includes('postgres') && !process.env.DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL');
if (!process.env.DATABASE_URL) console.log('(DATABASE_URL not set: PostgreSQL skipped)');
console.log(`${PARTIES} upcoming parties, median of ${runs} runs, as a share of the unfiltered list's time\n`);
console.log('| database | list | filter | vs unfiltered |');
console.log('|---|---|---|---:|');
for (const kind of kinds) await measure(kind);
