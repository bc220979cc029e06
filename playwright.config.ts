import { defineConfig } from '@playwright/test';

// Real server, real client, Debian's Chromium (never a downloaded browser), a phone-sized touch viewport.
const port = Number(process.env.E2E_PORT ?? 4317);
export const baseURL = `http://127.0.0.1:${port}`;
const WHOLE_SERVER_SPECS = [/campus-setup\.spec\.ts$/, /privacy\.spec\.ts$/];

export default defineConfig({
  testDir: 'tests/e2e',
  // A run on another port (E2E_PORT) keeps its results apart: Playwright empties its output folder as it starts,
  // which deleted the traces of a run still going on the default port in the same checkout.
  outputDir: process.env.E2E_PORT ? `test-results/e2e-${port}` : 'test-results/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // A cap catches a test that never ends, never a slow one: under a CI run's load (npm test beside, load average
  // over 20 on two cores) a page took 11 s to open and a three-phone test used all of its 120 s.
  timeout: 180_000,
  // The same for each wait on the page: a lobby opened by three phones at once was still 연결 중 after 10 s in a CI
  // run (npm test beside it, load average over 20). A pass never waits longer for it; only a real failure does.
  expect: { timeout: 30_000 },
  reporter: [['list']],
  // Fails the run when the server gave an answer /api/openapi.json does not list (while the server is still up).
  globalTeardown: './tests/e2e/answers-documented.ts',
  use: {
    baseURL,
    viewport: { width: 393, height: 852 },
    hasTouch: true,
    isMobile: true,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    // A failed test's trace keeps the DOM at each step, without the screencast: that recorded every frame of every
    // test's pages (a lobby's countdown, a game's gauge) as JPEGs, passing or not, on two busy cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Two specs change what every page shows — the campus (its names and map art) and the 개인정보 처리방침 in effect —
  // so they run after all the others (a project that depends on the first), never beside a test that reads the
  // campus or signs up through the form. `npx playwright test --no-deps tests/e2e/campus-setup.spec.ts` runs one alone.
  projects: [
    { name: 'students', testIgnore: WHOLE_SERVER_SPECS },
    { name: 'whole-server', testMatch: WHOLE_SERVER_SPECS, dependencies: ['students'] },
  ],
  webServer: {
    command: 'npx tsx tests/e2e/serve.ts',
    url: `${baseURL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    // Stopped like a supervisor stops it, so tests/e2e/serve.ts drops its database and data folder on the way out
    // (the default is SIGKILL, which left both behind). The server drains within 10 s; the rest is the drop.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
