// Prints one closing line for the whole CI run ("N passed, N failed, N skipped") from the JSON reports.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0, failed = 0, skipped = 0;
const vitest = 'test-results/ci-vitest.json';
if (existsSync(vitest)) {
  const r = JSON.parse(readFileSync(vitest, 'utf8'));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
const pw = 'test-results/ci-playwright.json';
if (existsSync(pw)) {
  const s = JSON.parse(readFileSync(pw, 'utf8')).stats;
  passed += s.expected + s.flaky; failed += s.unexpected; skipped += s.skipped;
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
