// The home/map list filters at 10,000 upcoming parties: each filtered query's median time as a share of the
// unfiltered list's, measured in the same run (so the machine's speed cancels out), on PGlite and (with
// DATABASE_URL) PostgreSQL. Run: npx tsx bench/list-filters.ts [--runs 30]. Prints a table; asserts nothing.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { PartyFilters } from '../src/shared/party-filters';
import type { Db } from '../src/server/db/connect';
import { parties, partyTags } from '../src/server/db/schema/parties';
import { places, tags } from '../src/server/db/schema/places';
import { partyFilterWhere } from '../src/server/parties/list-filters';
import { upcomingPartyCards } from '../src/server/parties/party-cards';
import { type BenchDb, benchDatabase } from './bench-app';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' } } });
const runs = Number(values.runs);
const PARTIES = 10_000;
const WORDS = ['보드게임', '축구', '스터디', '야식', '버스킹', '러닝', '코딩', '영화', '독서', '맛집'];

// A fixed pseudo-random sequence, so every run seeds the same campus.
let state = 42;
const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];

async function seed(db: Db, now: Date) {
  state = 42;
  const placeIds = (await db.insert(places).values(Array.from({ length: 40 }, (_, i) => ({ name: `${pick(WORDS)}관 ${i}`, xNorm: random(), yNorm: random() }))).returning({ id: places.id })).map((r) => r.id);
  const tagIds = (await db.insert(tags).values(Array.from({ length: 30 }, (_, i) => ({ name: i < WORDS.length ? WORDS[i] : `태그${i}` }))).returning({ id: tags.id })).map((r) => r.id);
  for (let done = 0; done < PARTIES; done += 1000) {
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const max = 2 + Math.floor(random() * 10);
      return {
        title: `${pick(WORDS)} 모임 ${done + i}`,
        placeId: pick(placeIds),
        // Over the next 60 days.
        startTime: new Date(now.getTime() + 60_000 + Math.floor(random() * 60 * 86_400_000)),
        maxParticipants: max,
        appliedCount: Math.floor(random() * (max + 1)),
      };
    });
    const ids = (await db.insert(parties).values(rows).returning({ id: parties.id })).map((r) => r.id);
    const links = ids.flatMap((partyId) => [...new Set([pick(tagIds), pick(tagIds)])].map((tagId) => ({ partyId, tagId })));
    await db.insert(partyTags).values(links);
  }
  await db.execute(sql`analyze`);
}

const CASES: [string, PartyFilters][] = [
  ['tag', { tag: '축구' }],
  ['day=today', { day: 'today' }],
  ['day=week', { day: 'week' }],
  ['day=a date (in 30 days)', { day: new Date(Date.now() + 30 * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10) }],
  ['open=1', { open: true }],
  ['q (2 letters, common)', { q: '축구' }],
  ['q (rare, matches 1)', { q: '모임 9999' }],
  ['q (no match)', { q: '없는말' }],
  ['tag + day=week + open + q', { tag: '영화', day: 'week', open: true, q: '모임' }],
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
    await seed(bench.database.db, now);
    // The routes' own query (without their one-second cache): home takes 50 of it, the map 500.
    const list = (filters: PartyFilters, limit: number) => upcomingPartyCards(bench.database.db, now, limit, partyFilterWhere(filters, now));
    for (const limit of [50, 500]) {
      await list({}, limit); // warm up
      const base = await median(() => list({}, limit));
      console.log(`| ${kind} | ${limit === 50 ? 'home (50)' : 'map (500)'} | unfiltered | 1.00 |`);
      for (const [name, filters] of CASES) {
        const found = (await list(filters, limit)).length;
        const t = await median(() => list(filters, limit));
        console.log(`| ${kind} | ${limit === 50 ? 'home (50)' : 'map (500)'} | ${name} (${found} rows) | ${(t / base).toFixed(2)} |`);
      }
    }
  } finally {
    await bench.database.close();
    await bench.drop();
  }
}

const kinds: BenchDb[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
if (!process.env.DATABASE_URL) console.log('(DATABASE_URL not set: PostgreSQL skipped)');
console.log(`${PARTIES} upcoming parties, median of ${runs} runs, as a share of the unfiltered list's time\n`);
console.log('| database | list | filter | vs unfiltered |');
console.log('|---|---|---|---:|');
for (const kind of kinds) await measure(kind);
