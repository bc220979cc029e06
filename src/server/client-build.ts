import { existsSync, readdirSync, statSync } from 'node:fs';
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

export async function buildClient(root: string): Promise<void> {
  const { build } = await import('vite');
  const configFile = join(root, 'vite.config.ts');
  await build({ root, logLevel: 'warn', configFile });
  await build({ root, logLevel: 'warn', configFile, build: { ssr: 'src/client/entry-server.tsx' } });
}
