// Prints one closing line for the whole CI run ("N passed, N failed, N skipped") from the JSON reports, with a line
// per suite before it. A suite that never ran (an earlier step failed) is said to be missing.
import { existsSync, readFileSync } from 'node:fs';

const SUITES = [
  ['npm test (Node LTS)', 'test-results/ci-vitest-lts.json', 'vitest'],
  ['npm run test:e2e', 'test-results/ci-playwright.json', 'playwright'],
  ['npm test (Node 20)', 'test-results/ci-vitest-oldest.json', 'vitest'],
];

const total = { passed: 0, failed: 0, skipped: 0 };
for (const [name, file, kind] of SUITES) {
  if (!existsSync(file)) {
    console.log(`${name}: did not run`);
    continue;
  }
  let counts;
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    counts =
      kind === 'vitest'
        ? { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + (report.numTodoTests ?? 0) }
        : { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped };
  } catch (err) {
    console.log(`${name}: unreadable report (${err.message})`);
    total.failed += 1;
    continue;
  }
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  for (const key of Object.keys(total)) total[key] += counts[key];
}
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
