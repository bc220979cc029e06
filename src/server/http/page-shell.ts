import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EARLY_TAPS_GLOBAL, PAGE_DATA_ID, serializePageData, type PageData } from '../../shared/page-data';
import { STORAGE } from '../../shared/storage-keys';
import { entryFiles, type ViteManifest } from './page-routes';

// Spec §3's access token keys, in the order the client reads them (src/client/api/token-store.ts).
const SIGNED_IN = `[${[STORAGE.access, STORAGE.accessCompat, STORAGE.legacyLocalToken].map((k) => `localStorage.getItem('${k}')`).join(', ')}, sessionStorage.getItem('${STORAGE.legacySessionAccess}')].some(Boolean)`;

/**
 * Starts the app once the first screen's main pictures are in and painted (or after 3 s; at once when the page has
 * none). On a phone the pictures and the code share one slow link: the few kilobytes the student looks at go
 * first, and the code that makes the page tappable follows (its links work before that). A classic script, so it
 * can read its own data attributes; inline, so it costs no request (CSP allows it by hash).
 *
 * The server draws pages as a guest. A signed-in student must not see the guest's copy (another name, a
 * 참가신청 for a party they are in), so for them it is dropped before it is painted and the app starts at once.
 *
 * Until the app runs, a button on the drawn page does nothing (links work: they are real links). The loader
 * remembers the taps nothing handled, and the app replays the last one once it has taken the page over
 * (src/client/lib/early-taps.ts).
 */
export const LOADER = `(() => {
  const me = document.currentScript;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of me.dataset.modules.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    import(me.dataset.entry);
  };
  let signedIn = false;
  try {
    signedIn = ${SIGNED_IN};
  } catch {
    // storage refused (private mode): a guest
  }
  const root = document.getElementById('root');
  if (signedIn) root.replaceChildren();
  // A tap is kept when nothing handled it: the app had not started, or React dropped it (a part not hydrated yet:
  // React then stops the event at #root, so it never bubbles back to #root). Decided after the event is done.
  const taps = (window.${EARLY_TAPS_GLOBAL} = { buttons: [], appStarted: false, done: false });
  const handled = new WeakSet();
  document.addEventListener(
    'click',
    (event) => {
      const button = !taps.done && root.contains(event.target) && event.target.closest('button');
      if (!button) return;
      setTimeout(() => {
        if (!handled.has(event) && !taps.done) taps.buttons.push(button);
      });
    },
    true,
  );
  root.addEventListener('click', (event) => {
    if (taps.appStarted) handled.add(event);
  });
  const pictures = [...document.querySelectorAll('#root img[fetchpriority="high"]')];
  if (pictures.length === 0) return start();
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start));
  const loading = pictures.filter((img) => !img.complete);
  let left = loading.length;
  if (left === 0) return afterPaint();
  const settled = () => {
    if (--left === 0) afterPaint();
  };
  for (const img of loading) {
    img.addEventListener('load', settled, { once: true });
    img.addEventListener('error', settled, { once: true });
  }
  setTimeout(start, 3000);
})();`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export interface PageShell {
  /** The page with nothing drawn; the app draws everything (pages the server does not draw, or could not). */
  empty: string;
  /** A page with its first screen drawn (`html`), the data it was drawn from and its screen's own chunks and styles. */
  drawn(page: { html: string; data: PageData; modules: string[]; css: string[] }): string;
  /** CSP sources for what the pages carry inline. */
  csp: { scripts: string[]; styles: string[] };
}

/**
 * index.html as the server sends it: the entry's styles inline (they would otherwise hold the first paint for a
 * round trip) and the entry started by LOADER instead of a module script in the head. Without a manifest (API
 * tests, a hand-made index.html) the file is sent as it is.
 */
export function createPageShell(clientDir: string, manifest: ViteManifest | null, routeCss: string[]): PageShell {
  const index = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const entry = manifest && entryFiles(manifest);
  if (!entry) return { empty: index, drawn: () => index, csp: { scripts: [], styles: [] } };

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
    `<script data-entry="/${entry.entry}" data-modules="${escapeAttr([...entry.imports.map((f) => `/${f}`), ...modules].join(' '))}">${LOADER}</script>`;
  const page = (root: string, extraHead: string, data: string, modules: string[]) =>
    `${head}${entryStyles}${extraHead}</head>${middle}<div id="root">${root}</div>${data}${loader(modules)}${tail}`;

  return {
    empty: page('', '', '', []),
    drawn: ({ html, data, modules, css }) =>
      page(html, css.map(styleTag).join(''), `<script type="application/json" id="${PAGE_DATA_ID}">${serializePageData(data)}</script>`, modules),
    csp: { scripts: [sha256(LOADER)], styles: [...styles.values()].map(sha256) },
  };
}

function cut(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`index.html has no ${marker}`);
  return [text.slice(0, at), text.slice(at + marker.length)];
}
