import type { KnipConfig } from 'knip';

// Dead-code check: `npm run knip`, part of `npm run check` and of CI.
//
// Knip's plugins find most entry points on their own: package.json's scripts (src/server/main.ts, dev.ts,
// ops/cli.ts, the SSR build's src/client/entry-server.tsx), index.html (src/client/main.tsx), the vitest projects
// (tests/**/*.test.*), playwright (tests/e2e/*.spec.ts and the webServer's tests/e2e/serve.ts), and the config files
// themselves. Listing those again only earns a "redundant entry" hint. Below are the entries nothing it reads
// points to: files a person, a shell script or a build plugin starts.
//
// Tests count as users (the default, non-production mode): an export reached only from a test stays when the test
// checks behaviour through it.
const config: KnipConfig = {
  entry: [
    // Compiled on its own by the partyon-page-loader plugin of vite.config.ts (rolldown, by path); nothing imports it.
    'src/client/lib/page-loader-main.ts',
    // Run by hand to redraw the raster art (assets/README.md).
    'assets/render-art.ts',
    // The scripts of bench/README.md, each run as `npx tsx bench/<name>.ts`; bench-app.ts, party-seed.ts, serve-real.ts
    // and wrk.ts are their helpers and stay subject to the check.
    'bench/{api,bundle,fanout,join-storm,lighthouse,list-filters,map-frames,media,ops-queue,search-burst}.ts',
    // Run by .ci/run, a bash script knip does not read.
    '.ci/*.mjs',
    // Pulled into the generated service worker by `importScripts` (vite.config.ts, workbox options).
    'public/sw-push.js',
  ],
  // Debian's, not npm's: the deploy suite makes its certificate with openssl, the metrics test checks its text with
  // promtool (Debian's prometheus package); .ci/run installs the system tools.
  ignoreBinaries: ['openssl', 'promtool'],
};

export default config;
