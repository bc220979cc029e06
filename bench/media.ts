// One profile photo served from PostgreSQL beside the same photo served from the disk, in the same run: what keeping
// uploads in the database (so every instance serves them) costs per request. Two in-process apps on one fresh
// PostgreSQL database, one with each storage; Debian's wrk loads a bare route (the yardstick), each photo, and each
// photo's revalidation (If-None-Match → 304), in turn.
// Run: DATABASE_URL=… npx tsx bench/media.ts [--seconds 10] [--connections 50] [--runs 1]. Prints a table; asserts nothing.
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { benchDatabase, type BenchApp, fmt, startBenchApp } from './bench-app';
import { wrk, type WrkResult } from './wrk';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' }, runs: { type: 'string', default: '1' } } });
const load = { seconds: Number(values.seconds), connections: Number(values.connections) };
const runs = Number(values.runs);

if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL is not set: this bench compares PostgreSQL with the disk, and needs a PostgreSQL.');
  process.exit(1);
}

// A phone photo's worth of detail (grain at about the avatar's own scale, so it survives the downscale: ≈ 55 KB once
// the server has re-encoded it to a 512 px JPEG, as it does every profile photo).
async function phonePhoto(): Promise<Buffer> {
  const grain = await sharp({ create: { width: 512, height: 384, channels: 3, background: '#7a8fb0', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .png()
    .toBuffer();
  return sharp(grain).resize(1200, 900).jpeg({ quality: 90 }).toBuffer();
}

/** Signs a demo student in on `app` and sets their profile photo; answers its URL. */
async function uploadPhoto(app: BenchApp, username: string, bytes: Buffer): Promise<string> {
  const login = await fetch(`${app.base}/api/signup/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'partyon1234' }) });
  const { access } = (await login.json()) as { access: string };
  const form = new FormData();
  form.append('profile_image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'me.jpg');
  const res = await fetch(`${app.base}/api/mypage/profile/`, { method: 'PATCH', headers: { authorization: `Bearer ${access}` }, body: form });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { profile_image: string }).profile_image;
}

const db = await benchDatabase('postgres');
const disk = await startBenchApp(db.database, { storage: 'disk', extraRoutes: (app) => app.get('/__bench/bare', async () => ({ ok: true })) });
const inDatabase = await startBenchApp(db.database, { storage: 'database' });
try {
  const photo = await phonePhoto();
  const diskUrl = disk.base + (await uploadPhoto(disk, 'student1', photo));
  const databaseUrl = inDatabase.base + (await uploadPhoto(inDatabase, 'student2', photo));
  const first = await fetch(databaseUrl);
  const size = (await first.arrayBuffer()).byteLength;
  const etagOf = async (url: string) => (await fetch(url)).headers.get('etag') ?? '';
  const [diskEtag, databaseEtag] = [await etagOf(diskUrl), first.headers.get('etag') ?? ''];
  console.log(`photo: ${(size / 1024).toFixed(1)} KB JPEG (512 px); wrk: 2 threads, ${load.connections} connections, ${load.seconds} s each, ${runs} run(s)\n`);

  const cases: [string, string, Record<string, string>?][] = [
    ['bare route', `${disk.base}/__bench/bare`],
    ['photo from disk', diskUrl],
    ['photo from PostgreSQL', databaseUrl],
    ['304 from disk', diskUrl, { 'if-none-match': diskEtag }],
    ['304 from PostgreSQL', databaseUrl, { 'if-none-match': databaseEtag }],
  ];
  const results = new Map<string, WrkResult[]>();
  for (let run = 0; run < runs; run++) {
    for (const [name, url, headers] of cases) results.set(name, [...(results.get(name) ?? []), await wrk(url, { ...load, headers })]);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rps = (name: string) => median(results.get(name)!.map((r) => r.rps));
  console.log('| case | req/s | p50 ms | p99 ms | vs bare | errors | timeouts |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [name] of cases) {
    const rows = results.get(name)!;
    console.log(
      `| ${name} | ${fmt(rps(name), 0)} | ${fmt(median(rows.map((r) => r.p50)), 2)} | ${fmt(median(rows.map((r) => r.p99)), 2)} | ${fmt((100 * rps(name)) / rps('bare route'), 0)}% | ${rows.reduce((n, r) => n + r.errors, 0)} | ${rows.reduce((n, r) => n + r.timeouts, 0)} |`,
    );
  }
  console.log(`\nPostgreSQL / disk: ${fmt(rps('photo from PostgreSQL') / rps('photo from disk'), 2)}× the requests a second for the photo, ${fmt(rps('304 from PostgreSQL') / rps('304 from disk'), 2)}× for its revalidation`);
} finally {
  await inDatabase.close();
  await disk.close();
  await db.database.close();
  await db.drop();
}
process.exit(0);
