import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import type { ViteUserConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { NON_PAGE_PATH, NON_PAGE_PREFIXES } from './src/shared/non-page-paths.ts';
import { PAGE_LOADER_FILE } from './src/server/pages/vite-manifest.ts';
import { PUBLIC_API_ANSWER } from './src/client/api/public-answers.ts';

// `npm run dev` starts the API server on PORT (3000 unless set) beside Vite, which proxies to it so the client always
// talks to one origin. API_ORIGIN points the proxy at a server elsewhere (another machine, a server started apart).
const api = process.env.API_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// Vitest: the server's tests in Node, the client's in jsdom.
const TESTS: ViteUserConfig['test'] = {
  // expect.poll waits for a condition; 1 s (the default) before calling it missing assumes a fast machine.
  expect: { poll: { timeout: 10_000 } },
  projects: [
    {
      extends: true,
      test: {
        name: 'server',
        environment: 'node',
        include: ['tests/server/**/*.test.ts'],
        // A worker runs its files one after another in one module graph, instead of importing the whole server
        // anew for each of 100 files (4 s of CPU each). Safe here because each file builds its own app and database
        // and no server test mocks a module; a file that changes the environment or the clock puts it back.
        isolate: false,
        // With PARTYON_ANSWER_LOG set (the api-answers project below sets it), every app records what it answers.
        setupFiles: ['tests/helpers/answer-recorder.ts'],
        // The run's temp folder and database names, removed and dropped when the run ends (tests/helpers/scratch.ts).
        globalSetup: ['tests/helpers/scratch-setup.ts'],
        // Caps catch a wait that never ends, never a slow one: a server test hashes passwords (argon2) and starts
        // databases, and a 2-core machine running other suites beside this one was seen taking over 30 s for a test
        // of 50 logins and over 60 s to start a PGlite app.
        testTimeout: 120_000,
        hookTimeout: 240_000,
      },
    },
    {
      extends: true,
      test: {
        name: 'client',
        environment: 'jsdom',
        include: ['tests/client/**/*.test.{ts,tsx}'],
        setupFiles: ['tests/client/setup.ts'],
        // Node 25+ has a localStorage of its own (undefined without --localstorage-file), and vitest 4 then leaves
        // jsdom's Storage off the global: the app's session would be unreadable. Node 20 refuses the flag.
        execArgv: Number(process.versions.node.split('.')[0]) >= 25 ? ['--no-webstorage'] : [],
        // A test that waits for many screens (a form filled field by field) must not fail on a slow machine for
        // taking long; only a wait that never ends should (tests/client/waits.ts).
        testTimeout: 30_000,
      },
    },
    {
      extends: true,
      test: {
        name: 'api-answers',
        environment: 'node',
        include: ['tests/api-answers/**/*.test.ts'],
        // Names the folder the server tests record their answers in, before any worker starts.
        globalSetup: ['tests/helpers/answer-log-setup.ts'],
        // After the server and client tests (group 0): it checks every answer those saw against /api/openapi.json.
        sequence: { groupOrder: 1 },
        hookTimeout: 240_000,
      },
    },
  ],
};

// `vite build` is the browser's build (dist/client); `vite build --ssr src/client/entry-server.tsx` the server's
// renderer of first screens (dist/ssr, see src/server/pages/page-render.ts), which needs neither the worker nor
// precompressed files, and carries its own production React so `npm start` renders fast without NODE_ENV.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...plugins(isSsrBuild === true)],
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  publicDir: 'public',
  resolve: {
    alias: [{ find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('./src/client/lib/use-sync-external-store-shim.ts', import.meta.url)) }],
  },
  build: isSsrBuild
    ? { outDir: 'dist/ssr', emptyOutDir: true, assetsInlineLimit: 2048, copyPublicDir: false }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        assetsInlineLimit: 2048,
        manifest: true,
        // Every browser the app supports preloads modules itself: no polyfill in the first screen's code.
        modulePreload: { polyfill: false },
        // What the first screen runs (the entry and everything it imports statically) is one file: split into two
        // dozen small shared chunks, as the bundler does by default, it compressed 6.5 KB worse and took two dozen
        // requests (bench/bundle.ts, `/`: 88.3 → 81.8 KB br).
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } } },
      },
  server: {
    port: 5173,
    // Everything that is not a page goes to the API server (the same list the server and the worker use).
    proxy: Object.fromEntries(NON_PAGE_PREFIXES.map((prefix) => [prefix, prefix === '/ws' ? { target: api.replace(/^http/, 'ws'), ws: true } : api])),
  },
  test: TESTS,
}));

function plugins(ssr: boolean) {
  return [
    VitePWA({
      // The server's build writes no worker, but resolves the worker's virtual module the client imports.
      disable: ssr,
      // Registered by the client itself (src/client/lib/service-worker.ts), only in production builds.
      injectRegister: false,
      registerType: 'autoUpdate',
      filename: 'sw.js',
      manifest: {
        name: '파티온 - 캠퍼스 파티 찾기',
        short_name: '파티온',
        description: '캠퍼스 지도에서 파티를 찾고, 보증금으로 참가하고, 밸런스 게임으로 친해지는 대학생 파티 앱',
        lang: 'ko',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#ff6b3d',
        background_color: '#ffffff',
        icons: [
          { src: '/art/icons/app-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/art/icons/app-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/art/icons/app-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell and every hashed asset (which includes the map art imported by the map screen).
        globPatterns: ['**/*.{js,css,html,svg,webp,png,woff2}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: '/index.html',
        // Never answer these with the SPA shell: the API, sockets, uploads, art and the Kakao stand-in are the server's.
        navigateFallbackDenylist: [NON_PAGE_PATH],
        // Our own art (place photos, icons) is immutable enough to serve from cache first. Of /api, only the answers
        // that are everyone's (home and map lists, a party's page) are kept, network first, so what was seen last
        // opens offline (issue 17 §3); a student's own answers never reach a cache, and logout deletes these.
        runtimeCaching: [
          {
            urlPattern: PUBLIC_API_ANSWER,
            method: 'GET',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'partyon-public-answers',
              expiration: { maxEntries: 60, maxAgeSeconds: 14 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
              // The server varies on Authorization (a signed-in read is no-store for the browser's HTTP cache);
              // offline, the last answer read is wanted whatever token the page sends now.
              matchOptions: { ignoreVary: true },
              // Written into sw.js as source text: no imports, no names from this file.
              plugins: [
                {
                  // A gateway speaking for a server that is gone (nginx's 502/503/504) is no answer: the kept
                  // one is better (issue 30 §7: the map keeps its markers through an outage).
                  fetchDidSucceed: async ({ response }: { response: Response }) => {
                    if (response.status >= 502 && response.status <= 504) throw new Error(`gateway ${response.status}`);
                    return response;
                  },
                  // An answer from the cache is marked, so the app says the server was not reached instead of
                  // passing it off as the server's word of now (KEPT_ANSWER_HEADER, src/client/api/server-reach.ts).
                  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response | null }) => {
                    if (!cachedResponse) return cachedResponse ?? null;
                    const headers = new Headers(cachedResponse.headers);
                    headers.set('x-partyon-kept', '1');
                    return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
                  },
                },
              ],
            },
          },
          {
            urlPattern: ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/art/'),
            handler: 'CacheFirst',
            options: { cacheName: 'partyon-art', expiration: { maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600 } },
          },
        ],
        // Web Push (public/sw-push.js): shows a pushed notice and opens its screen when tapped.
        importScripts: ['/sw-push.js'],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    ...(ssr ? [] : [pageLoader()]),
    // .br and .gz beside every text asset, served by @fastify/static's preCompressed: no compression work per request.
    ...(ssr ? [] : [compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|html|svg|json|webmanifest)$/, threshold: 1024 })]),
  ];
}

/**
 * The page loader (src/client/lib/page-loader-main.ts) compiled to one small classic script beside the manifest,
 * for the server to inline in every page and allow by its hash (src/server/pages/page-shell.ts). A classic script,
 * not a chunk of the app: it has to run before the app's code arrives and read its own tag's data attributes.
 */
function pageLoader(): Plugin {
  return {
    name: 'partyon-page-loader',
    apply: 'build',
    async generateBundle() {
      const bundle = await rolldown({ input: 'src/client/lib/page-loader-main.ts', logLevel: 'warn' });
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true });
        this.emitFile({ type: 'asset', fileName: PAGE_LOADER_FILE, source: output[0].code });
      } finally {
        await bundle.close();
      }
    },
  };
}
