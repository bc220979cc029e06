// What a run may leave behind on the machine: PostgreSQL databases and temp folders of ours (and Playwright's).
// `snapshot FILE` records them; `compare FILE` prints the counts before and after and fails on anything new.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';

const OURS = /^(partyon|playwright)/;

async function current() {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query("select datname from pg_database where datname like 'partyon%' order by 1");
  await client.end();
  return { databases: rows.map((r) => r.datname), temp: readdirSync(tmpdir()).filter((name) => OURS.test(name)).sort() };
}

const [mode, file] = process.argv.slice(2);
const now = await current();
if (mode === 'snapshot') {
  writeFileSync(file, JSON.stringify(now));
} else {
  const before = JSON.parse(readFileSync(file, 'utf8'));
  const added = (key) => now[key].filter((name) => !before[key].includes(name));
  console.log(
    `Left behind: databases ${before.databases.length} before, ${now.databases.length} after; ` +
      `temp folders (${tmpdir()}/partyon*, playwright*) ${before.temp.length} before, ${now.temp.length} after`,
  );
  const extra = [...added('databases').map((d) => `database ${d}`), ...added('temp').map((t) => `${tmpdir()}/${t}`)];
  if (extra.length) {
    console.error(`This run left behind:\n  ${extra.join('\n  ')}`);
    process.exit(1);
  }
}
