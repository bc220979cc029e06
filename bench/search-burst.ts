// A sweep of made-up searches from one address (issue 32 §2: 400 distinct `q` at once on a campus of 50,000
// parties), and another visitor's search meanwhile, through the whole app (app.inject, each from its own address):
// with the default budget per address, and with the budget lifted (the search's horizon alone). Run:
// npx tsx bench/search-burst.ts [--parties 50000] [--burst 400] [--runs 3] [--db postgres]. Prints a table;
// asserts nothing.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { DEFAULT_LIMITS } from '../src/server/context';
import { type BenchDb, benchDatabase, fmt, percentile, startBenchApp } from './bench-app';
import { seedParties } from './party-seed';

const { values } = parseArgs({
  options: { parties: { type: 'string', default: '50000' }, burst: { type: 'string', default: '400' }, runs: { type: 'string', default: '3' }, db: { type: 'string' } },
});
const PARTIES = Number(values.parties);
const BURST = Number(values.burst);
const RUNS = Number(values.runs);
const kind: BenchDb = values.db === 'pglite' || values.db === 'postgres' ? values.db : process.env.DATABASE_URL ? 'postgres' : 'pglite';

const bench = await benchDatabase(kind);
try {
  await seedParties(bench.database.db, new Date(), PARTIES);
  console.log(`${kind}, ${PARTIES} upcoming parties; ${BURST} searches at once from one address (words matching nothing), and one search from another`);
  console.log(`address a moment later; median over ${RUNS} runs (latencies in ms)\n`);
  console.log('| budget per address | sweep: answered 200 / 429 | sweep p50 / p95 | other visitor |');
  console.log('|---|---:|---:|---:|');
  for (const budget of [DEFAULT_LIMITS.filteredListsPerIpPerMinute, 1e9]) {
    const app = await startBenchApp(bench.database, { limits: { filteredListsPerIpPerMinute: budget } });
    const rows: { ok: number; refused: number; p50: number; p95: number; other: number }[] = [];
    try {
      for (let run = 0; run < RUNS; run++) {
        // A fresh address and fresh words each run: no budget or cached answer carries over.
        const ask = async (remoteAddress: string, word: string) => {
          const start = performance.now();
          const res = await app.app.inject({ method: 'GET', url: `/api/detailview/parties/?q=${encodeURIComponent(word)}`, remoteAddress });
          return { status: res.statusCode, ms: performance.now() - start };
        };
        const sweep = Array.from({ length: BURST }, (_, i) => ask(`10.1.${run}.1`, `없는말 ${budget} ${run} ${i}`));
        await new Promise((resolve) => setTimeout(resolve, 20));
        const other = await ask(`10.2.${run}.1`, `다른 사람 ${budget} ${run}`);
        const answers = await Promise.all(sweep);
        const times = answers.map((a) => a.ms).sort((a, b) => a - b);
        rows.push({
          ok: answers.filter((a) => a.status === 200).length,
          refused: answers.filter((a) => a.status === 429).length,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          other: other.ms,
        });
      }
    } finally {
      await app.close();
    }
    const med = (pick: (r: (typeof rows)[number]) => number) => rows.map(pick).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
    const name = budget === 1e9 ? 'none (the horizon alone)' : `${budget} a minute (default)`;
    console.log(`| ${name} | ${med((r) => r.ok)} / ${med((r) => r.refused)} | ${fmt(med((r) => r.p50))} / ${fmt(med((r) => r.p95))} | ${fmt(med((r) => r.other))} |`);
  }
} finally {
  await bench.database.close();
  await bench.drop();
}
