import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry of Vite's build manifest (dist/client/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

interface RoutePreload {
  path: RegExp;
  /** Source modules of the screen's lazy chunks (routes.tsx), fetched with the page instead of after the entry ran. */
  modules: string[];
  /** The public API answer the screen asks for first (a guest's request, no Authorization header, takes it). */
  data?: (match: RegExpExecArray) => string;
  /** Art the screen shows as its main picture. */
  images?: string[];
}

/**
 * The pages students open from a link or the home screen icon. A lazy screen otherwise costs three round trips
 * in a row before its first picture (the entry, then the screen's chunk, then its data and images); announced in
 * the page's own response, they all start at once. Other routes are reached from inside the app, by then the
 * shared chunks are loaded. A module listed here must be a lazy screen of routes.tsx (a test checks they exist).
 */
export const ROUTE_PRELOADS: RoutePreload[] = [
  { path: /^\/(home)?$/, modules: [], data: () => '/api/homemap/home/' },
  {
    path: /^\/map$/,
    // Not MapStage (Konva, 69 KB): it starts after the picture, and fetched now it would share the phone's bandwidth
    // with the picture and the entry.
    modules: ['src/client/map/MapScreen.tsx'],
    data: () => '/api/detailview/parties/',
    images: ['assets/map/campus-medium.webp'],
  },
  { path: /^\/partyinfo\/([1-9]\d{0,9})$/, modules: ['src/client/party/PartyDetailScreen.tsx'], data: (m) => `/api/detailview/parties/${m[1]}/` },
  { path: /^\/login$/, modules: ['src/client/auth/LoginScreen.tsx'] },
  { path: /^\/signup$/, modules: ['src/client/auth/SignupScreen.tsx'] },
  { path: /^\/assist$/, modules: ['src/client/assist/AssistScreen.tsx'] },
];

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

/**
 * The `Link` header value for a page path, or null when the path has nothing to announce. What index.html already
 * loads (the entry and its imports) is left out.
 */
export function createRoutePreloads(manifest: ViteManifest | null) {
  const entrySeen = new Set<string>();
  if (manifest) chunkClosure(manifest, 'index.html', entrySeen, [], []);
  const cache = new Map<string, string | null>();

  return (path: string): string | null => {
    if (cache.has(path)) return cache.get(path)!;
    let value: string | null = null;
    for (const route of ROUTE_PRELOADS) {
      const match = route.path.exec(path);
      if (!match) continue;
      const links: string[] = [];
      if (route.data) links.push(`<${route.data(match)}>; rel=preload; as=fetch; crossorigin=anonymous`);
      if (manifest) {
        const seen = new Set(entrySeen);
        const files: string[] = [];
        const css: string[] = [];
        for (const m of route.modules) chunkClosure(manifest, m, seen, files, css);
        for (const image of route.images ?? []) {
          const file = manifest[image]?.file;
          if (file) links.push(`</${file}>; rel=preload; as=image; fetchpriority=high`);
        }
        for (const c of css) links.push(`</${c}>; rel=preload; as=style`);
        for (const f of files) links.push(`</${f}>; rel=modulepreload`);
      }
      value = links.length ? links.join(', ') : null;
      break;
    }
    // Only the fixed routes are remembered; party ids vary, and their answer is cheap to build.
    if (!/\d/.test(path)) cache.set(path, value);
    return value;
  };
}
