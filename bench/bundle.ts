// The JS and CSS each route loads before it can paint (its chunk and everything it imports statically, plus the
// entry), gzip and brotli, from a fresh production build's Vite manifest. Run: npx tsx bench/bundle.ts.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const root = join(import.meta.dirname, '..');
const out = join(root, 'dist/client');
execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

const ROUTES: [string, string][] = [
  ['/', 'src/client/home/HomeScreen.tsx'],
  ['/partyinfo/{id}', 'src/client/party/PartyDetailScreen.tsx'],
  ['/map', 'src/client/map/MapScreen.tsx'],
  ['/assist', 'src/client/assist/AssistScreen.tsx'],
  ['/balancewait/{id}', 'src/client/lobby/LobbyScreen.tsx'],
  ['/balancegame/{id}', 'src/client/game/BalanceGameScreen.tsx'],
  ['/payment', 'src/client/payment/PaymentScreen.tsx'],
  ['/mypage', 'src/client/mypage/MyPageScreen.tsx'],
  ['/login', 'src/client/auth/LoginScreen.tsx'],
  ['/signup', 'src/client/auth/SignupScreen.tsx'],
];

/** A chunk key and every chunk it imports statically (what the browser must fetch before running it). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
const sizes = (files: string[]) =>
  files.reduce(
    (acc, f) => {
      const bytes = readFileSync(join(out, f));
      return { raw: acc.raw + bytes.length, gzip: acc.gzip + gzipSync(bytes, { level: 9 }).length, br: acc.br + brotliCompressSync(bytes).length };
    },
    { raw: 0, gzip: 0, br: 0 },
  );
const kb = (n: number) => (n / 1024).toFixed(1);

console.log('| route | JS files | JS raw KB | JS gzip KB | JS br KB | CSS gzip KB |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [route, src] of ROUTES) {
  const keys = new Set([...closure(entryKey), ...closure(src)]);
  const js = [...keys].map((k) => manifest[k].file);
  const css = [...keys].flatMap((k) => manifest[k].css ?? []);
  const j = sizes(js);
  const c = sizes([...new Set(css)]);
  console.log(`| ${route} | ${js.length} | ${kb(j.raw)} | ${kb(j.gzip)} | ${kb(j.br)} | ${kb(c.gzip)} |`);
}

// What a screen loads after its first paint: its lazy parts (the map's markers canvas, the game's gauge: Konva),
// counted beyond what the route above already fetched.
const LATER: [string, string, string][] = [
  ['/map', 'src/client/map/MapScreen.tsx', 'src/client/map/MapStage.tsx'],
  ['/balancegame/{id}', 'src/client/game/BalanceGameScreen.tsx', 'src/client/game/VoteGauge.tsx'],
];
console.log('\n| route | then, after the first paint | JS files | JS gzip KB | JS br KB |');
console.log('|---|---|---:|---:|---:|');
for (const [route, src, later] of LATER) {
  const first = new Set([...closure(entryKey), ...closure(src)]);
  const extra = [...closure(later)].filter((k) => !first.has(k)).map((k) => manifest[k].file);
  const j = sizes(extra);
  console.log(`| ${route} | ${later.split('/').pop()} | ${extra.length} | ${kb(j.gzip)} | ${kb(j.br)} |`);
}
