// Mobile Lighthouse (default throttling) in Debian's Chromium against the real server: performance,
// accessibility, best practices, LCP, TBT and CLS for /, /partyinfo/{id}, /map and /login — the median of 3 runs.
// Run: npx tsx bench/lighthouse.ts [--runs 3] [--only /map] [--save DIR]. Prints a table; asserts nothing.
// --save writes each run's full report (JSON) to DIR, to read its trace audits (main-thread work, bootup time).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS, startRealServer } from './serve-real';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, only: { type: 'string' }, save: { type: 'string' } },
});
const runs = Number(values.runs);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startRealServer(4399);
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
try {
  const parties = (await (await fetch(`${server.base}/api/homemap/home/`)).json()) as { id: number }[];
  const pages = ['/', `/partyinfo/${parties[0].id}`, '/map', '/login'].filter((p) => !values.only || p === values.only);
  console.log(`Lighthouse ${runs}× per page, mobile form factor, default (simulated) throttling; medians\n`);
  console.log('| page | performance | accessibility | best practices | LCP ms | TBT ms | CLS | failed a11y audits |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const path of pages) {
    const results: { perf: number; a11y: number; bp: number; lcp: number; tbt: number; cls: number; failed: string[] }[] = [];
    // Up to two extra attempts, so a median is of `runs` finished runs.
    for (let attempt = 1; results.length < runs && attempt <= runs + 2; attempt++) {
      const r = await lighthouse(`${server.base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] });
      const lhr = r!.lhr;
      if (values.save) {
        mkdirSync(values.save, { recursive: true });
        writeFileSync(join(values.save, `${path.replace(/\W+/g, '_') || 'root'}-${attempt}.json`), JSON.stringify(lhr));
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
    const page = results.length === runs ? path : `${path} (${results.length} of ${runs} runs)`;
    if (results.length === 0) continue;
    console.log(`| ${page} | ${m('perf')} | ${m('a11y')} | ${m('bp')} | ${m('lcp').toFixed(0)} | ${m('tbt').toFixed(0)} | ${m('cls').toFixed(3)} | ${failed} |`);
  }
} finally {
  chrome.kill();
  await server.stop();
}
process.exit(0);
