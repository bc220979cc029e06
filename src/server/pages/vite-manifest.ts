import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Reading Vite's build manifest: which files each page's code and styles are in. What a page does with them is
// page-plans.ts and page-shell.ts.

/** One entry of Vite's build manifest (dist/client/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The page loader as the build compiles it (vite.config.ts), beside the manifest: inlined, never served. */
export const PAGE_LOADER_FILE = '.vite/page-loader.js';

export function readManifest(clientDir: string): ViteManifest | null {
  const file = join(clientDir, '.vite/manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ViteManifest) : null;
}

/** Every chunk file `key` needs before it runs: itself and its static imports, depth first. */
function chunkClosure(manifest: ViteManifest, key: string, seen: Set<string>, files: string[], css: string[]) {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  const chunk = manifest[key];
  files.push(chunk.file);
  for (const c of chunk.css ?? []) if (!css.includes(c)) css.push(c);
  for (const i of chunk.imports ?? []) chunkClosure(manifest, i, seen, files, css);
}

/** What index.html loads: the entry's chunk, the chunks it imports and its styles (`seen`: their manifest keys). */
export function entryClosure(manifest: ViteManifest) {
  const seen = new Set<string>();
  const files: string[] = [];
  const css: string[] = [];
  chunkClosure(manifest, 'index.html', seen, files, css);
  return { seen, files, css };
}

/** What a screen needs beyond the entry: its chunk files and styles. */
export function screenFiles(manifest: ViteManifest, entrySeen: Set<string>, modules: string[]) {
  const seen = new Set(entrySeen);
  const files: string[] = [];
  const css: string[] = [];
  for (const m of modules) chunkClosure(manifest, m, seen, files, css);
  return { files, css };
}

/** The entry's chunk, the chunks it imports and its styles, from the manifest. */
export function entryFiles(manifest: ViteManifest): { entry: string; imports: string[]; css: string[] } | null {
  if (!manifest['index.html']) return null;
  const { files, css } = entryClosure(manifest);
  return { entry: files[0], imports: files.slice(1), css };
}

