// Prints one closing line for the whole CI run ("N passed, N failed, N skipped") from the JSON reports, with a line
// per suite before it and every failed test named (file, line, title, the error's first line): the end of the log is
// often all a reader gets, and a test's name is where fixing it starts. A suite that never ran is said to be missing.
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const SUITES = [
  ['npm test (Node LTS)', 'test-results/ci-vitest-lts.json', 'vitest'],
  ['npm run test:e2e', 'test-results/ci-playwright.json', 'playwright'],
  ['npm test (Node 20)', 'test-results/ci-vitest-oldest.json', 'vitest'],
  ['npm run test:deploy', 'test-results/ci-deploy.json', 'vitest'],
];

// The error's first meaningful line, without terminal colours, short enough for one line of a log.
function firstLine(message) {
  const plain = stripVTControlCharacters(String(message ?? ''));
  const line = plain.split('\n').map((l) => l.trim()).find((l) => l.length > 0) ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

// Where a browser test's failing expectation sits and what it looked for: "toBeVisible() failed" alone does not say
// which of a test's many steps it was, and a run's traces stay on the machine that ran it.
function failedAt(error) {
  if (!error) return '';
  const plain = stripVTControlCharacters(String(error.message ?? ''));
  const locator = plain.split('\n').map((l) => l.trim()).find((l) => l.startsWith('Locator:') || l.startsWith('Expected'));
  const at = error.location ? `${error.location.file.replace(`${process.cwd()}/`, '')}:${error.location.line}` : '';
  const parts = [at && `at ${at}`, locator].filter(Boolean);
  return parts.length ? `\n      (${parts.join('; ')})` : '';
}

function vitestSuite(report) {
  const failures = [];
  let failedOutsideTests = 0;
  for (const file of report.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const where = test.location ? `${name}:${test.location.line}` : name;
      failures.push(`${where} › ${test.fullName} — ${firstLine(test.failureMessages?.[0])}`);
    }
    // A file that failed to load, or whose beforeAll/afterAll failed, has no failed test of its own to blame; it
    // counts as one failure (the JSON report keeps no hook's error, the log above has it).
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failedOutsideTests += 1;
      failures.push(`${name} — ${firstLine(file.message) || 'failed outside its tests (a beforeAll or afterAll): the error is in the log above'}`);
    }
  }
  const counts = {
    passed: report.numPassedTests,
    failed: report.numFailedTests + failedOutsideTests,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
  };
  return { counts, failures };
}

function playwrightSuite(report) {
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = (test.results ?? []).map((r) => r.error ?? r.errors?.[0]).find((e) => e?.message);
        failures.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')} — ${firstLine(error?.message)}${failedAt(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && child.title !== child.file ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  // Errors outside any test (a global teardown, the web server) fail the run too.
  for (const error of report.errors ?? []) failures.push(`(outside the tests) — ${firstLine(error.message)}`);
  const counts = {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
  };
  return { counts, failures };
}

const total = { passed: 0, failed: 0, skipped: 0 };
for (const [name, file, kind] of SUITES) {
  if (!existsSync(file)) {
    console.log(`${name}: did not run`);
    continue;
  }
  let result;
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    result = kind === 'vitest' ? vitestSuite(report) : playwrightSuite(report);
  } catch (err) {
    console.log(`${name}: unreadable report (${err.message})`);
    total.failed += 1;
    continue;
  }
  const { counts, failures } = result;
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  for (const failure of failures) console.log(`  ✘ ${failure}`);
  for (const key of Object.keys(total)) total[key] += counts[key];
}
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
