// Mobile Lighthouse (default throttling) in Debian's Chromium against the real server: performance,
// accessibility, best practices, LCP, TBT and CLS for /, /partyinfo/{id}, /map and /login as a guest, then /,
// /assist, the lobby /balancewait/{id} and the game /balancegame/{id} as a signed-in student (demo student1, in a
// demo party whose round three students' standby started) — the median of 3 runs each, every run on a cold cache.
// Run: npx tsx bench/lighthouse.ts [--runs 3] [--only /map] [--save DIR]. Prints a table; asserts nothing.
// --save writes each run's full report (JSON) to DIR, to read its trace audits (main-thread work, bootup time).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS, startRealServer } from './serve-real';

/** Tokens of a demo student (README: the demo campus's students sign in with this password). */
async function signIn(base: string, username: string) {
  const res = await fetch(`${base}/api/signup/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'partyon1234' }) });
  return (await res.json()) as { access: string; refresh: string };
}

/**
 * A demo party a few minutes away, joined and paid by the demo students (`POST /api/ops/demo/`), three of them on
 * standby so its round starts: the lobby and the game student1 sees, and student1's tokens.
 */
async function liveParty(base: string, opsToken: string) {
  const made = await fetch(`${base}/api/ops/demo/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ops-token': opsToken }, body: JSON.stringify({ minutes: 5 }) });
  const { id: partyId } = (await made.json()) as { id: number };
  const tokens = await Promise.all(['student1', 'student2', 'student3'].map((u) => signIn(base, u)));
  for (const t of tokens) await fetch(`${base}/api/partyassist/standby/${partyId}/toggle/`, { method: 'POST', headers: { authorization: `Bearer ${t.access}` } });
  const notices = (await (await fetch(`${base}/api/notice/`, { headers: { authorization: `Bearer ${tokens[0].access}` } })).json()) as { link: string | null }[];
  const game = notices.map((n) => n.link).find((l) => l?.startsWith('/balancegame/'));
  if (!game) throw new Error('the demo round did not start');
  return { lobby: `/balancewait/${partyId}`, game, tokens: tokens[0] };
}

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, only: { type: 'string' }, save: { type: 'string' } },
});
const runs = Number(values.runs);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startRealServer(4399);
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
try {
  const parties = (await (await fetch(`${server.base}/api/homemap/home/`)).json()) as { id: number }[];
  const live = await liveParty(server.base, server.opsToken);
  const pages: { path: string; signedIn: boolean }[] = [
    ...['/', `/partyinfo/${parties[0].id}`, '/map', '/login'].map((path) => ({ path, signedIn: false })),
    ...['/', '/assist', live.lobby, live.game].map((path) => ({ path, signedIn: true })),
  ].filter((p) => !values.only || p.path === values.only || p.path.startsWith(`${values.only}/`));
  // The student's tokens where the app keeps them (localStorage, never cookies), put there through the DevTools
  // protocol; each run then starts with Lighthouse's storage reset off and the HTTP cache, service workers and
  // caches cleared by hand: a cold load, signed in.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0];
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  async function prepare(signedIn: boolean) {
    await tab.goto(`${server.base}/robots.txt`);
    await tab.evaluate(
      ({ tokens, signedIn }) => {
        localStorage.clear();
        sessionStorage.clear();
        if (signedIn) for (const key of ['access', 'accessToken']) localStorage.setItem(key, tokens.access);
        if (signedIn) localStorage.setItem('refresh', tokens.refresh);
      },
      { tokens: live.tokens, signedIn },
    );
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin: server.base, storageTypes: 'service_workers,cache_storage,indexeddb' });
  }
  console.log(`Lighthouse ${runs}× per page, mobile form factor, default (simulated) throttling; medians\n`);
  console.log('| page | performance | accessibility | best practices | LCP ms | TBT ms | CLS | failed a11y audits |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const { path, signedIn } of pages) {
    const results: { perf: number; a11y: number; bp: number; lcp: number; tbt: number; cls: number; failed: string[] }[] = [];
    // Up to two extra attempts, so a median is of `runs` finished runs.
    for (let attempt = 1; results.length < runs && attempt <= runs + 2; attempt++) {
      await prepare(signedIn);
      const r = await lighthouse(`${server.base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: true,
      });
      const lhr = r!.lhr;
      if (values.save) {
        mkdirSync(values.save, { recursive: true });
        writeFileSync(join(values.save, `${signedIn ? 'student' : 'guest'}${path.replace(/\W+/g, '_')}-${attempt}.json`), JSON.stringify(lhr));
      }
      // A run Lighthouse could not finish (a lost trace, no paint seen) has no scores: say so, run again.
      if (lhr.runtimeError) {
        console.log(`  ${path}: attempt ${attempt} failed: ${lhr.runtimeError.code}`);
        continue;
      }
      const failed = Object.values(lhr.audits)
        .filter((a) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id) && a.score !== null && a.score < 1)
        .map((a) => a.id);
      results.push({
        perf: Math.round((lhr.categories.performance.score ?? 0) * 100),
        a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        bp: Math.round((lhr.categories['best-practices'].score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
        tbt: lhr.audits['total-blocking-time'].numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift'].numericValue ?? NaN,
        failed,
      });
    }
    const m = (k: 'perf' | 'a11y' | 'bp' | 'lcp' | 'tbt' | 'cls') => median(results.map((r) => r[k]));
    const failed = [...new Set(results.flatMap((r) => r.failed))].join(', ') || '—';
    const shown = signedIn ? `${path} (signed in)` : path;
    const page = results.length === runs ? shown : `${shown} (${results.length} of ${runs} runs)`;
    if (results.length === 0) continue;
    console.log(`| ${page} | ${m('perf')} | ${m('a11y')} | ${m('bp')} | ${m('lcp').toFixed(0)} | ${m('tbt').toFixed(0)} | ${m('cls').toFixed(3)} | ${failed} |`);
  }
  await browser.close();
} finally {
  chrome.kill();
  await server.stop();
}
process.exit(0);
