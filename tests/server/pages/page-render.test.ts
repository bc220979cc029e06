import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageData } from '../../../src/shared/page-data';
import { PAGE_DATA_ID } from '../../../src/shared/page-data';
import { DEFAULT_CAMPUS } from '../../../src/shared/campus';
import { createParty, createTestApp, type TestApp } from '../../helpers/test-app';
import { PAGE_LOADER_FILE } from '../../../src/server/pages/vite-manifest';
import { scratchDir } from '../../helpers/scratch';

// A client build shaped like Vite's (index.html, manifest, styles, the compiled page loader) and a stand-in for dist/ssr/entry-server.js that
// draws what it was given, so these tests see what the server hands its renderer and what it makes of the answer.
// The real renderer is tested against the real screens in tests/client/server-render.test.tsx.
function fakeBuild() {
  const dir = scratchDir('pages');
  const client = join(dir, 'client');
  mkdirSync(join(client, 'assets'), { recursive: true });
  mkdirSync(join(client, '.vite'));
  writeFileSync(
    join(client, 'index.html'),
    '<!doctype html><html lang="ko"><head><title>파티온</title><script type="module" crossorigin src="/assets/index-a.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-b.css"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(client, 'assets/index-b.css'), 'body{margin:0}'.repeat(100));
  writeFileSync(join(client, 'assets/detail-d.css'), '.party-detail{padding:0}');
  writeFileSync(join(client, 'assets/lobby-f.css'), '.lobby{gap:14px}');
  writeFileSync(join(client, PAGE_LOADER_FILE), '(function(){start()})();');
  writeFileSync(
    join(client, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-a.js', css: ['assets/index-b.css'] },
      'src/client/party/PartyDetailScreen.tsx': { file: 'assets/detail-c.js', imports: ['index.html'], css: ['assets/detail-d.css'] },
      'src/client/lobby/LobbyScreen.tsx': { file: 'assets/lobby-e.js', imports: ['index.html'], css: ['assets/lobby-f.css'] },
    }),
  );
  const renderer = join(dir, 'entry-server.mjs');
  writeFileSync(
    renderer,
    `export async function renderPage(path, fallback, asMember) {
      if (path === '/home') throw new Error('renderer broke');
      if (asMember) return '<main data-members="" data-path="' + path + '" data-keys="' + Object.keys(fallback).join(' ') + '"></main>';
      const [key, data] = Object.entries(fallback)[0];
      const titles = Array.isArray(data) ? data.map((p) => p.title) : [data.title];
      return '<main data-path="' + path + '" data-key="' + key + '">' + titles.map((t) => '<h2>' + t + '</h2>').join('') + '</main>';
    }`,
  );
  return { dir, client, renderer };
}

const page = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
const root = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1];
/** A meta tag's content, read back as a browser (or a link-preview scraper) would: entities decoded. */
const meta = (head: string, key: string) => {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(head);
  return m?.[1].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
};
/** The request headers an answer says it varies by, lower-case. */
const varies = (res: { headers: Record<string, unknown> }) =>
  String(res.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
const pageData = (html: string) => {
  const m = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(html);
  return m ? (JSON.parse(m[1]) as PageData) : null;
};

describe('pages drawn on the server (home list, party detail)', () => {
  let t: TestApp;
  let build: ReturnType<typeof fakeBuild>;
  let partyId: number;
  beforeAll(async () => {
    build = fakeBuild();
    t = await createTestApp({ clientDir: build.client, serverRenderer: build.renderer });
    await createParty(t, { title: '먼저 파티', hoursFromNow: 3 });
    partyId = await createParty(t, { title: '보드게임 파티', hoursFromNow: 5 });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(build.dir, { recursive: true, force: true });
  });

  it('draws the home list from the API’s own answer and hands that answer to the browser', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/homemap/home/' })).json();
    const res = await page(t, '/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(root(res.body)).toBe('<main data-path="/" data-key="/api/homemap/home/"><h2>먼저 파티</h2><h2>보드게임 파티</h2></main>');
    // The campus travels with it: the screens name it and show its map (issue 29).
    expect(pageData(res.body)).toEqual({ fallback: { '/api/homemap/home/': list, '/api/campus/': DEFAULT_CAMPUS }, sameForEveryone: true });
    // The data is in the page: nothing to preload.
    expect(res.headers.link).toBeUndefined();
  });

  it('draws a shared filtered link filtered, keyed as the browser asks for it (filters in one order, bad ones dropped)', async () => {
    const res = await page(t, `/?q=${encodeURIComponent('보드')}&day=nope&open=1`);
    const key = `/api/homemap/home/?open=1&q=${encodeURIComponent('보드')}`;
    expect(root(res.body)).toBe(`<main data-path="/?open=1&q=${encodeURIComponent('보드')}" data-key="${key}"><h2>보드게임 파티</h2></main>`);
    expect(Object.keys(pageData(res.body)!.fallback)).toEqual([key, '/api/campus/']);
  });

  it('draws a party’s detail with its screen’s chunk and styles, marked as differing per visitor', async () => {
    const res = await page(t, `/partyinfo/${partyId}`);
    expect(root(res.body)).toContain('<h2>보드게임 파티</h2>');
    expect(pageData(res.body)?.sameForEveryone).toBe(false);
    expect(res.body).toContain('data-modules="/assets/detail-c.js"');
    expect(res.body).toContain('<style>.party-detail{padding:0}</style>');
  });

  it('draws the lobby as a member sees it before any data of theirs: nothing of a student is asked, only the campus travels', async () => {
    const res = await page(t, `/balancewait/${partyId}`);
    expect(root(res.body)).toBe(`<main data-members="" data-path="/balancewait/${partyId}" data-keys="/api/campus/"></main>`);
    expect(pageData(res.body)).toEqual({ fallback: { '/api/campus/': DEFAULT_CAMPUS }, sameForEveryone: true });
    expect(res.body).toContain('data-modules="/assets/lobby-e.js"');
    expect(res.body).toContain('<style>.lobby{gap:14px}</style>');
  });

  it('draws no lobby for a party that does not exist: a made-up id costs no drawing', async () => {
    const res = await page(t, '/balancewait/99999');
    expect(res.statusCode).toBe(200);
    expect(root(res.body)).toBe('');
    expect(pageData(res.body)).toBeNull();
    expect(res.headers.link ?? '').not.toContain('/api/detailview/');
  });

  it('sends an unknown party’s page undrawn, with its data preloaded, so the app shows the error as before', async () => {
    const res = await page(t, '/partyinfo/99999');
    expect(res.statusCode).toBe(200);
    expect(root(res.body)).toBe('');
    expect(pageData(res.body)).toBeNull();
    expect(res.headers.link).toContain('</api/detailview/parties/99999/>; rel=preload; as=fetch');
  });

  it('gives a party’s page link-preview tags: title, place and Seoul time, absolute image and page links from the Host', async () => {
    const res = await page(t, `/partyinfo/${partyId}`, { host: 'campus.example:8080' });
    const head = /<head>([\s\S]*?)<\/head>/.exec(res.body)![1];
    const detail = (await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/` })).json();
    const seoul = new Date(new Date(detail.start_time).getTime() + 9 * 3_600_000);
    const hhmm = `${String(seoul.getUTCHours()).padStart(2, '0')}:${String(seoul.getUTCMinutes()).padStart(2, '0')}`;
    expect(meta(head, 'og:title')).toBe('보드게임 파티');
    expect(meta(head, 'og:description')).toMatch(new RegExp(`^한빛대학교 ${detail.place_name} · ${seoul.getUTCFullYear()}년 ${seoul.getUTCMonth() + 1}월 ${seoul.getUTCDate()}일 \\([일월화수목금토]\\) ${hhmm}$`));
    expect(meta(head, 'og:type')).toBe('website');
    expect(meta(head, 'og:url')).toBe(`http://campus.example:8080/partyinfo/${partyId}`);
    // The place art is WebP, which link-preview scrapers often refuse: its PNG render is linked.
    expect(meta(head, 'og:image')).toBe('http://campus.example:8080/art/places/library.png');
    expect(meta(head, 'twitter:card')).toBe('summary_large_image');
    // The same second, another Host: drawn again for it, never the first Host's copy.
    expect(meta(/<head>([\s\S]*?)<\/head>/.exec((await page(t, `/partyinfo/${partyId}`, { host: 'other.example' })).body)![1], 'og:url')).toBe(
      `http://other.example/partyinfo/${partyId}`,
    );
  });

  it('says a drawn page varies by Host without PUBLIC_URL, its 304 too, so no shared cache hands one Host’s links to another', async () => {
    const res = await page(t, `/partyinfo/${partyId}`, { host: 'campus.example', 'accept-encoding': 'br' });
    expect(varies(res)).toEqual(expect.arrayContaining(['host', 'accept-encoding']));
    expect(varies(res)).not.toContain('x-forwarded-host'); // no proxy trusted: nothing else names the origin
    const again = await page(t, `/partyinfo/${partyId}`, { host: 'campus.example', 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(varies(again)).toContain('host');
    expect(varies(await page(t, '/', { host: 'campus.example' }))).toContain('host');
  });

  it('escapes every tag value, and writes no absolute link for a Host that is not a host name', async () => {
    const id = await createParty(t, { title: '"따옴표" <b>굵게</b> & \'홑\'', hoursFromNow: 6 });
    const res = await page(t, `/partyinfo/${id}`, { host: 'evil.example"><script>' });
    const head = /<head>([\s\S]*?)<\/head>/.exec(res.body)![1];
    expect(head).toContain('<meta property="og:title" content="&quot;따옴표&quot; &lt;b&gt;굵게&lt;/b&gt; &amp; &#39;홑&#39;">');
    expect(head).not.toContain('<b>');
    expect(meta(head, 'og:image')).toBeUndefined();
    expect(meta(head, 'og:url')).toBeUndefined();
  });

  it('gives an unknown party’s page no party tags, and the home list the campus’s', async () => {
    expect((await page(t, '/partyinfo/99999')).body).not.toContain('og:');
    const head = /<head>([\s\S]*?)<\/head>/.exec((await page(t, '/', { host: 'campus.example' })).body)![1];
    expect(meta(head, 'og:title')).toBe('파티온 · 한빛대학교');
    expect(meta(head, 'og:image')).toBe('http://campus.example/art/map/campus.png');
  });

  it('draws the map page from the map list, filtered as its link says', async () => {
    const map = await page(t, '/map');
    expect(root(map.body)).toMatch(/^<main data-path="\/map" data-key="\/api\/detailview\/parties\/"><h2>먼저 파티<\/h2><h2>보드게임 파티<\/h2>/);
    const filtered = await page(t, `/map?q=${encodeURIComponent('보드')}`);
    expect(root(filtered.body)).toContain('<h2>보드게임 파티</h2>');
    expect(root(filtered.body)).not.toContain('먼저 파티');
  });

  it('sends pages it does not draw as the bare shell, and the bare shell when the renderer fails', async () => {
    const login = await page(t, '/login');
    expect(root(login.body)).toBe('');
    const broken = await page(t, '/home');
    expect(broken.statusCode).toBe(200);
    expect(root(broken.body)).toBe('');
  });

  it('allows its inline loader and styles by hash, and no inline code at all', async () => {
    const csp = String((await page(t, '/')).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).toMatch(/style-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('sends pages in the encoding the browser takes, and answers an unchanged page with 304', async () => {
    const br = await page(t, '/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain('<h2>보드게임 파티</h2>');
    const gz = await page(t, '/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(html);
    const plain = await page(t, '/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    // The shell too (a page not drawn).
    expect((await page(t, '/map', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');

    const again = await page(t, '/', { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('redraws after a write: a new party is on the next page', async () => {
    await createParty(t, { title: '새로 생긴 파티', hoursFromNow: 7 });
    expect(root((await page(t, '/')).body)).toContain('<h2>새로 생긴 파티</h2>');
  });

  it('keeps API paths, other methods and non-page requests out of the pages', async () => {
    const api = await page(t, '/api/nothing-here/');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: expect.any(String) });
    expect((await t.app.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/somewhere', headers: { accept: 'application/json' } })).statusCode).toBe(404);
  });
});

/** An app serving a fake build, made before the block's tests and closed (with the build) after them. */
function appOnFakeBuild(options: Parameters<typeof createTestApp>[0] = {}) {
  const served = {} as { t: TestApp; build: ReturnType<typeof fakeBuild> };
  beforeAll(async () => {
    served.build = fakeBuild();
    served.t = await createTestApp({ clientDir: served.build.client, serverRenderer: served.build.renderer, ...options });
  });
  afterAll(async () => {
    await served.t?.close();
    if (served.build) rmSync(served.build.dir, { recursive: true, force: true });
  });
  return served;
}

describe('link-preview tags behind a proxy (PUBLIC_URL)', () => {
  const served = appOnFakeBuild({ env: { PUBLIC_URL: 'https://partyon.example.kr' } });

  it('links to PUBLIC_URL whatever Host the request names, and keeps the CSP', async () => {
    const id = await createParty(served.t, { title: '프록시 뒤 파티' });
    const res = await page(served.t, `/partyinfo/${id}`, { host: 'attacker.example' });
    const head = /<head>([\s\S]*?)<\/head>/.exec(res.body)![1];
    expect(meta(head, 'og:url')).toBe(`https://partyon.example.kr/partyinfo/${id}`);
    expect(meta(head, 'og:image')).toBe('https://partyon.example.kr/art/places/library.png');
    expect(meta(head, 'twitter:image')).toBe('https://partyon.example.kr/art/places/library.png');
    expect(res.body).not.toContain('attacker.example');
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline');
  });

  it('does not vary a drawn page by Host: PUBLIC_URL is its one origin', async () => {
    const id = await createParty(served.t, { title: '한 주소 파티' });
    const res = await page(served.t, `/partyinfo/${id}`, { host: 'attacker.example' });
    expect(root(res.body)).toContain('<h2>한 주소 파티</h2>');
    expect(varies(res)).not.toContain('host');
  });
});

describe('link-preview tags behind a trusted proxy without PUBLIC_URL', () => {
  const served = appOnFakeBuild({ env: { TRUST_PROXY: '1' } });

  it('varies a drawn page by the forwarded host and protocol too, which then name its links', async () => {
    const id = await createParty(served.t, { title: '프록시 파티' });
    const res = await page(served.t, `/partyinfo/${id}`, { host: 'campus.example', 'x-forwarded-host': 'forwarded.example', 'x-forwarded-proto': 'https' });
    expect(meta(/<head>([\s\S]*?)<\/head>/.exec(res.body)![1], 'og:url')).toBe(`https://forwarded.example/partyinfo/${id}`);
    expect(varies(res)).toEqual(expect.arrayContaining(['host', 'x-forwarded-host', 'x-forwarded-proto']));
  });
});

describe('a filtered page counts against its visitor’s search budget', () => {
  const served = appOnFakeBuild({ limits: { filteredListsPerIpPerMinute: 2 } });
  beforeAll(() => createParty(served.t, { title: '보드게임 파티', hoursFromNow: 5 }));

  it('draws filtered links within the visitor’s budget and sends the bare shell past it; another visitor and the server’s own address are not charged', async () => {
    const visit = (remoteAddress: string, word: string) =>
      served.t.app.inject({ method: 'GET', url: `/?q=${encodeURIComponent(word)}`, remoteAddress, headers: { accept: 'text/html' } });
    expect(root((await visit('10.9.0.1', '첫째')).body)).toMatch(/^<main /);
    expect(root((await visit('10.9.0.1', '둘째')).body)).toMatch(/^<main /);
    const past = await visit('10.9.0.1', '셋째');
    expect(past.statusCode).toBe(200);
    expect(root(past.body)).toBe('');
    expect(root((await visit('10.9.0.2', '보드')).body)).toBe(`<main data-path="/?q=${encodeURIComponent('보드')}" data-key="/api/homemap/home/?q=${encodeURIComponent('보드')}"><h2>보드게임 파티</h2></main>`);
    // The renderer asks the API from inside the server; those asks were the visitors’, not 127.0.0.1’s.
    for (const word of ['넷째', '다섯째']) expect((await served.t.app.inject({ method: 'GET', url: `/api/homemap/home/?q=${encodeURIComponent(word)}` })).statusCode).toBe(200);
  });
});
