import { defineConfig } from '@playwright/test';

// Real server, real client, Debian's Chromium (never a downloaded browser), a phone-sized touch viewport.
const port = Number(process.env.E2E_PORT ?? 4317);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // A run on another port (E2E_PORT) keeps its results apart: Playwright empties its output folder as it starts,
  // which deleted the traces of a run still going on the default port in the same checkout.
  outputDir: process.env.E2E_PORT ? `test-results/e2e-${port}` : 'test-results/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
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
    trace: 'retain-on-failure',
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
