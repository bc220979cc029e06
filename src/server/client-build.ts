import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// `npm start` must work on a fresh clone and after a `git pull`: rebuild the SPA when any client source is newer
// than the last build. Walking the tree takes a few milliseconds; a rebuild takes seconds and happens rarely.
const CLIENT_INPUTS = ['index.html', 'vite.config.ts', 'package-lock.json', 'src/client', 'src/shared', 'assets', 'public'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The server's renderer of first screens, built beside the client (see vite.config.ts). */
export const SERVER_RENDERER = 'dist/ssr/entry-server.js';

export function clientBuildIsStale(root: string, outDir: string): boolean {
  const index = join(outDir, 'index.html');
  if (!existsSync(index) || !existsSync(join(root, SERVER_RENDERER))) return true;
  const built = statSync(index).mtimeMs;
  return CLIENT_INPUTS.some((p) => newestMtime(join(root, p)) > built);
}

/**
 * Builds the browser's client and the server's renderer, each in a child process whose temp folder is one of ours,
 * removed afterwards: workbox-build (vite-plugin-pwa) writes the unbundled service worker to a temp folder of its own
 * and never removes it, so every build left a `<hash>/sw.js` in the machine's temp dir.
 */
export async function buildClient(root: string): Promise<void> {
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const scratch = mkdtempSync(join(tmpdir(), 'partyon-build-'));
  try {
    for (const args of [['build'], ['build', '--ssr', 'src/client/entry-server.tsx']]) {
      const child = spawn(process.execPath, [vite, ...args, '--logLevel', 'warn'], {
        cwd: root,
        // Always a production build: Vite builds in the mode NODE_ENV names, and under NODE_ENV=test or development
        // the renderer's JSX compiled to the dev runtime, which its bundled production React lacks (the server then
        // fails to start on it: "jsxDEV is not a function").
        env: { ...process.env, TMPDIR: scratch, NODE_ENV: 'production' },
        stdio: 'inherit',
      });
      const [code] = (await once(child, 'exit')) as [number | null];
      if (code !== 0) throw new Error(`vite ${args.join(' ')} failed (exit ${code})`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
