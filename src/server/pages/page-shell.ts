import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_DATA_ID, serializePageData, type PageData } from '../../shared/page-data';
import { entryFiles, PAGE_LOADER_FILE, type ViteManifest } from './vite-manifest';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export interface PageShell {
  /** The page with nothing drawn; the app draws everything (pages the server does not draw, or could not). */
  empty: string;
  /** A page with its first screen drawn (`html`), the data it was drawn from and its screen's own chunks and styles. */
  drawn(page: { html: string; data: PageData; modules: string[]; css: string[]; head?: string }): string;
  /** CSP sources for what the pages carry inline. */
  csp: { scripts: string[]; styles: string[] };
}

/**
 * index.html as the server sends it: the entry's styles inline (they would otherwise hold the first paint for a
 * round trip) and the entry started by the page loader (src/client/lib/page-loader.ts, compiled by the build into
 * PAGE_LOADER_FILE) instead of a module script in the head. Without a manifest or a loader (API tests, a
 * hand-made index.html) the file is sent as it is.
 */
export function createPageShell(clientDir: string, manifest: ViteManifest | null, routeCss: string[]): PageShell {
  const index = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const entry = manifest && entryFiles(manifest);
  const loaderFile = join(clientDir, PAGE_LOADER_FILE);
  if (!entry || !existsSync(loaderFile)) return { empty: index, drawn: () => index, csp: { scripts: [], styles: [] } };
  // Inline, so it costs no request; a classic script, so it can read its own data attributes.
  const loaderJs = readFileSync(loaderFile, 'utf8').trim();

  const styles = new Map<string, string>();
  for (const file of [...entry.css, ...routeCss]) {
    if (!styles.has(file)) styles.set(file, readFileSync(join(clientDir, file), 'utf8'));
  }
  // Each inlined stylesheet keeps a disabled link to its file, which the browser never fetches: Vite's loader of
  // lazy screens adds a screen's styles unless a stylesheet link to them is in the page, and added again later they
  // would come after other screens' styles and win ties they lose now.
  const styleTag = (file: string) => `<style>${styles.get(file)}</style><link rel="stylesheet" href="/${file}" disabled>`;

  // Cut once at fixed points and joined by concatenation: page content never passes through String.replace,
  // whose `$&` patterns a party title could otherwise trigger.
  const stripped = index.replace(/\s*<script type="module"[^>]*><\/script>/g, '').replace(/\s*<link rel="(?:modulepreload|stylesheet)"[^>]*>/g, '');
  const [head, rest] = cut(stripped, '</head>');
  const [middle, tail] = cut(rest, '<div id="root"></div>');
  const entryStyles = entry.css.map(styleTag).join('');
  const loader = (modules: string[]) =>
    `<script data-entry="/${entry.entry}" data-modules="${escapeAttr([...entry.imports.map((f) => `/${f}`), ...modules].join(' '))}">${loaderJs}</script>`;
  const page = (root: string, extraHead: string, data: string, modules: string[]) =>
    `${head}${entryStyles}${extraHead}</head>${middle}<div id="root">${root}</div>${data}${loader(modules)}${tail}`;

  return {
    empty: page('', '', '', []),
    drawn: ({ html, data, modules, css, head = '' }) =>
      page(html, head + css.map(styleTag).join(''), `<script type="application/json" id="${PAGE_DATA_ID}">${serializePageData(data)}</script>`, modules),
    csp: { scripts: [sha256(loaderJs)], styles: [...styles.values()].map(sha256) },
  };
}

function cut(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`index.html has no ${marker}`);
  return [text.slice(0, at), text.slice(at + marker.length)];
}
