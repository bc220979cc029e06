// Frame times of /map with 300 parties while a scripted pan and pinch run in Debian's Chromium. Prints a table,
// asserts nothing (docs/testing.md: timings are never asserted). Run: npx tsx bench/map-frames.ts
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import type { MapParty } from '../src/shared/parties';

const PARTIES = 300;
const NEW_PLACES = 80; // plus the 14 seeded ones: ~90 markers, some stacked
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

// A fixed-seed generator, so every run places the same parties on the same spots.
let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);

async function waitReady(url: string) {
  for (let i = 0; i < 360; i += 1) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server not ready at ${url}`);
}

async function seedParties(base: string, token: string) {
  const ops = (path: string, body: unknown) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ops-token': token }, body: JSON.stringify(body) }).then(async (r) => {
      if (!r.ok) throw new Error(`${path} → ${r.status} ${await r.text()}`);
      return (await r.json()) as { id: number };
    });
  const seeded = (await (await fetch(`${base}/api/detailview/parties/`)).json()) as MapParty[];
  const placeIds: number[] = [];
  for (let i = 0; i < NEW_PLACES; i += 1) {
    placeIds.push((await ops('/api/ops/places/', { name: `벤치 장소 ${i + 1}`, x_norm: 0.03 + random() * 0.94, y_norm: 0.05 + random() * 0.9 })).id);
  }
  // The seeded places' ids are not in the list; their parties are (one per place is enough to stack more on).
  const start = Date.now() + 2 * 86_400_000;
  for (let i = 0; i < PARTIES; i += 1) {
    await ops('/api/ops/parties/', {
      title: `벤치 파티 ${i + 1}`,
      place_id: placeIds[i % placeIds.length],
      start_time: new Date(start + i * 3_600_000).toISOString(),
      max_participants: 8,
      deposit: 0,
      tags: ['벤치'],
    });
  }
  return seeded.length;
}

// A string, not a function: tsx names functions with a helper (__name) that does not exist in the page.
const START_FRAMES = `(() => {
  window.__frames = [];
  window.__stop = false;
  let last = 0;
  const tick = (t) => {
    if (last) window.__frames.push(t - last);
    last = t;
    if (!window.__stop) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;
const STOP_FRAMES = '(() => { window.__stop = true; return window.__frames; })()';

async function frames(page: Page, run: () => Promise<void>): Promise<number[]> {
  await page.evaluate(START_FRAMES);
  await run();
  return page.evaluate(STOP_FRAMES);
}

const touchEvent = (cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
  cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ ...p, id })) });

async function pan(cdp: CDPSession, page: Page) {
  for (const dx of [-260, 260, -260, 260]) {
    const from = { x: dx < 0 ? 330 : 70, y: 300 };
    await touchEvent(cdp, 'touchStart', [from]);
    for (let i = 1; i <= 40; i += 1) {
      await touchEvent(cdp, 'touchMove', [{ x: from.x + (dx * i) / 40, y: from.y + Math.sin(i / 6) * 40 }]);
      await page.waitForTimeout(16);
    }
    await touchEvent(cdp, 'touchEnd', []);
  }
}

async function pinch(cdp: CDPSession, page: Page) {
  const c = { x: 196, y: 320 };
  for (const [from, to] of [[30, 150], [150, 30], [30, 150], [150, 40]]) {
    await touchEvent(cdp, 'touchStart', [{ x: c.x - from, y: c.y }, { x: c.x + from, y: c.y }]);
    for (let i = 1; i <= 40; i += 1) {
      const d = from + ((to - from) * i) / 40;
      await touchEvent(cdp, 'touchMove', [{ x: c.x - d, y: c.y - i }, { x: c.x + d, y: c.y + i }]);
      await page.waitForTimeout(16);
    }
    await touchEvent(cdp, 'touchEnd', []);
  }
}

function row(label: string, times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  const q = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN);
  return { phase: label, frames: s.length, 'p50 ms': q(0.5).toFixed(1), 'p95 ms': q(0.95).toFixed(1), 'p99 ms': q(0.99).toFixed(1), 'max ms': (s.at(-1) ?? NaN).toFixed(1) };
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'partyon-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  await waitReady(`${base}/readyz`);
  const seeded = await seedParties(base, readFileSync(join(dataDir, 'ops-token'), 'utf8').trim());
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const rows = [];
  for (const dpr of [1, 2]) {
    const context = await browser.newContext({ viewport: { width: 393, height: 852 }, hasTouch: true, isMobile: true, deviceScaleFactor: dpr });
    const page = await context.newPage();
    await page.goto(`${base}/map`);
    const surface = page.locator('.map-stage__surface');
    // Zoomed out, DPR 1 needs only the medium art, DPR 2 the large one (map-math needsLargeArt).
    await surface.waitFor();
    await page.locator(`.map-art[data-detail="${dpr === 1 ? 'medium' : 'large'}"]`).waitFor();
    const markers = await surface.getAttribute('data-markers');
    const cdp = await context.newCDPSession(page);
    await page.waitForTimeout(500);
    const idle = await frames(page, () => page.waitForTimeout(1000));
    const panned = await frames(page, () => pan(cdp, page));
    const pinched = await frames(page, () => pinch(cdp, page));
    rows.push(row(`idle (dpr ${dpr})`, idle), row(`pan (dpr ${dpr})`, panned), row(`pinch (dpr ${dpr})`, pinched));
    console.log(`dpr ${dpr}: ${markers} markers for ${PARTIES + seeded} parties`);
    await context.close();
  }
  await browser.close();
  console.table(rows);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
