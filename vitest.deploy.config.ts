import { defineConfig } from 'vitest/config';

// `npm run test:deploy`: the deploy recipe (deploy/) run as shipped — three instances from the systemd unit behind
// the nginx site, on PostgreSQL and Redis (docs/testing.md). Not part of `npm test`: it needs nginx, openssl,
// systemd-analyze and the PostgreSQL client tools, starts real processes and takes a few minutes.
export default defineConfig({
  // A cache folder of its own: CI runs this beside `npm test`, and two vitest runs ending together would write one
  // results.json at once — a garbled file the next run fails to parse as it starts.
  cacheDir: 'node_modules/.vite-deploy',
  test: {
    include: ['tests/deploy/**/*.test.ts'],
    // One file at a time: each starts three instances and nginx on ports counted from DEPLOY_TEST_PORT, may build
    // the client into the checkout (deploy.test.ts checks it is left as it was), and the rolling restart measures
    // failures under a fixed load that another file's instances would only make noisier.
    fileParallelism: false,
    environment: 'node',
    // The run's scratch folder and database names, removed and dropped when the run ends even if a hook failed.
    globalSetup: ['tests/helpers/scratch-setup.ts'],
    expect: { poll: { timeout: 10_000 } },
    // Caps for a wait that never ends, not a slow one: the setup may build the client and starts three servers on
    // a machine shared with other work.
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
