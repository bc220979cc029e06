// What a CI run may leave behind on the machine. .ci/run gives the run a temp folder of its own (TMPDIR), so
// whatever the tests and tools put in the temp folder is ours and nothing else on the machine can be mistaken for
// it; it must be empty at the end but for the caches tools keep there on purpose. Beside it: PostgreSQL databases
// named partyon…, and partyon… entries of the machine's own temp folder (a path written without TMPDIR). Redis keys
// under partyon… are counted too (printed, not failing: a rate counter a test leaves expires by itself within its
// window, but the count shows a test that forgets its namespace).
//   snapshot FILE   records the databases and the machine's partyon… temp entries
//   compare FILE    prints what is there before and after, and fails on anything new
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

const runTmp = tmpdir();
const machineTmp = process.env.CI_MACHINE_TMP ?? '/tmp';
// Made once and reused by every later run when the temp folder is the machine's; here they go with the run's folder.
// (tsx's compiled files, Node's compile cache, Playwright's transform cache, the JVM's perf data.)
const CACHES = /^(tsx-\d+|node-compile-cache|playwright-transform-cache-\d+|hsperfdata_.+)$/;

async function databases() {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query("select datname from pg_database where datname like 'partyon%' order by 1");
  await client.end();
  return rows.map((r) => r.datname);
}

async function redisKeys() {
  if (!process.env.REDIS_URL) return 0;
  const redis = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let count = 0;
    for await (const keys of redis.scanStream({ match: 'partyon*', count: 1000 })) count += keys.length;
    return count;
  } finally {
    redis.disconnect();
  }
}

const machineEntries = () => readdirSync(machineTmp).filter((name) => name.startsWith('partyon') && name !== basename(runTmp));

const [mode, file] = process.argv.slice(2);
if (mode === 'snapshot') {
  writeFileSync(file, JSON.stringify({ databases: await databases(), machine: machineEntries(), redisKeys: await redisKeys() }));
} else {
  const before = JSON.parse(readFileSync(file, 'utf8'));
  const now = { databases: await databases(), machine: machineEntries(), redisKeys: await redisKeys() };
  const inRunTmp = readdirSync(runTmp).filter((name) => !CACHES.test(name));
  console.log(
    `Left behind: databases partyon… ${before.databases.length} before, ${now.databases.length} after; ` +
      `${machineTmp}/partyon… ${before.machine.length} before, ${now.machine.length} after; ` +
      `entries in the run's temp folder (tools' caches aside): ${inRunTmp.length}; ` +
      `Redis keys partyon… ${before.redisKeys ?? 0} before, ${now.redisKeys} after`,
  );
  const extra = [
    ...now.databases.filter((d) => !before.databases.includes(d)).map((d) => `database ${d}`),
    ...now.machine.filter((e) => !before.machine.includes(e)).map((e) => `${machineTmp}/${e}`),
    ...inRunTmp.map((e) => `${runTmp}/${e}`),
  ];
  if (extra.length) {
    console.error(`This run left behind:\n  ${extra.join('\n  ')}`);
    process.exit(1);
  }
}
