import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPageShell } from '../../../src/server/pages/page-shell';
import { PAGE_LOADER_FILE, type ViteManifest } from '../../../src/server/pages/vite-manifest';
import { PAGE_DATA_ID, type PageData } from '../../../src/shared/page-data';
import { scratchDir } from '../../helpers/scratch';

// index.html as Vite writes it: the entry in the head, its imports preloaded, its styles linked.
const INDEX = `<!doctype html>
<html lang="ko">
  <head>
    <title>파티온</title>
    <script type="module" crossorigin src="/assets/index-aaa.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-bbb.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ccc.css">
  <link rel="manifest" href="/manifest.webmanifest"></head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const MANIFEST: ViteManifest = {
  'index.html': { file: 'assets/index-aaa.js', imports: ['_shared-bbb.js'], css: ['assets/index-ccc.css'] },
  '_shared-bbb.js': { file: 'assets/shared-bbb.js' },
};
const ENTRY_CSS = '.app{color:#1d1d1f}';
const DETAIL_CSS = '.party-detail{margin:0}';
// What the build compiles src/client/lib/page-loader-main.ts to (its behaviour is tested in the client's tests).
const LOADER = '(function(){start()})();';

function clientDir() {
  const dir = scratchDir('shell');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets/index-ccc.css'), ENTRY_CSS);
  writeFileSync(join(dir, 'assets/detail-ddd.css'), DETAIL_CSS);
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, PAGE_LOADER_FILE), `${LOADER}\n`);
  return dir;
}

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const inlineStyles = (html: string) => [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]);
const inlineScripts = (html: string) => [...html.matchAll(/<script(?! type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
const pageData = (html: string) => JSON.parse(new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(html)![1]) as PageData;

describe('the page shell (index.html as the server sends it)', () => {
  const shell = createPageShell(clientDir(), MANIFEST, ['assets/detail-ddd.css']);

  it('inlines the entry’s styles and starts the entry from the loader, not from the head', () => {
    const html = shell.empty;
    expect(html).not.toContain('<script type="module"');
    // Only a disabled link per inlined file (never fetched; it tells Vite's loader the styles are in the page).
    expect([...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0])).toEqual(['<link rel="stylesheet" href="/assets/index-ccc.css" disabled>']);
    expect(html).not.toContain('rel="modulepreload"');
    expect(inlineStyles(html)).toEqual([ENTRY_CSS]);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('data-entry="/assets/index-aaa.js" data-modules="/assets/shared-bbb.js"');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('allows by hash exactly what it carries inline, and nothing else', () => {
    const drawn = shell.drawn({ html: '<p>목록</p>', data: { fallback: {}, sameForEveryone: true }, modules: [], css: ['assets/detail-ddd.css'] });
    for (const style of inlineStyles(drawn)) expect(shell.csp.styles).toContain(hash(style));
    for (const script of inlineScripts(drawn)) expect(shell.csp.scripts).toContain(hash(script));
    expect(shell.csp.scripts).toEqual([hash(LOADER)]);
    expect(shell.csp.styles).toHaveLength(2);
  });

  it('puts the drawn screen in #root, its own chunks in the loader and its styles in the head', () => {
    const html = shell.drawn({
      html: '<section><h1>파티</h1></section>',
      data: { fallback: { '/api/x/': [1] }, sameForEveryone: false },
      modules: ['/assets/detail-eee.js'],
      css: ['assets/detail-ddd.css'],
    });
    expect(html).toContain('<div id="root"><section><h1>파티</h1></section></div>');
    expect(html).toContain('data-modules="/assets/shared-bbb.js /assets/detail-eee.js"');
    expect(inlineStyles(html)).toEqual([ENTRY_CSS, DETAIL_CSS]);
    expect(pageData(html)).toEqual({ fallback: { '/api/x/': [1] }, sameForEveryone: false });
  });

  it('keeps a hostile party title inside the data, unchanged, and never lets it end the script', () => {
    const title = '</script><script>window.__pwned=1</script> $& $1 $` 파티 \u2028';
    const html = shell.drawn({ html: '<p>x</p>', data: { fallback: { '/api/p/': { title } }, sameForEveryone: true }, modules: [], css: [] });
    expect(html).not.toContain('<script>window.__pwned');
    expect(pageData(html).fallback['/api/p/']).toEqual({ title });
  });

  it('sends a hand-made index.html (no build manifest) as it is', () => {
    const dir = clientDir();
    const plain = createPageShell(dir, null, []);
    expect(plain.empty).toBe(INDEX);
    expect(plain.csp).toEqual({ scripts: [], styles: [] });
  });
});
