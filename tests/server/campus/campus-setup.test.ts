import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/audit';
import { campusSettings } from '../../../src/server/db/schema/campus';
import { PAGE_LOADER_FILE } from '../../../src/server/pages/vite-manifest';
import type { CampusSettings } from '../../../src/shared/campus';
import { scratchDir } from '../../helpers/scratch';
import { storedUploads } from '../../helpers/stored-uploads';
import { createParty, createStudents, createTestApp, multipart, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

// Issue 29: the operators set up their own campus — its names and its map art — and every visitor sees it.

/** A build whose renderer writes out the campus it was handed, so the test sees what a drawn page carries. */
function fakeBuild() {
  const dir = scratchDir('campus-pages');
  const client = join(dir, 'client');
  mkdirSync(join(client, 'assets'), { recursive: true });
  mkdirSync(join(client, '.vite'));
  writeFileSync(join(client, 'index.html'), '<!doctype html><html lang="ko"><head><title>파티온</title><script type="module" crossorigin src="/assets/index-a.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(client, PAGE_LOADER_FILE), '(function(){start()})();');
  writeFileSync(
    join(client, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-a.js' },
      'src/client/map/MapScreen.tsx': { file: 'assets/MapScreen-b.js', imports: ['index.html'] },
      'src/client/party/PartyDetailScreen.tsx': { file: 'assets/detail-c.js', imports: ['index.html'] },
      'assets/map/campus-medium.webp': { file: 'assets/campus-medium-d.webp' },
    }),
  );
  const renderer = join(dir, 'entry-server.mjs');
  writeFileSync(
    renderer,
    `export async function renderPage(path, fallback) {
      const campus = fallback['/api/campus/'];
      return '<main data-school="' + campus.school + '" data-art="' + (campus.map ? campus.map.medium : 'built-in') + '"></main>';
    }`,
  );
  return { dir, client, renderer };
}

type File = { bytes: Buffer; name: string; type: string };
let shade = 0;
/** A flat picture (cheap to encode at 3704×1824), a different colour each time: on PostgreSQL a file is named by its bytes. */
const picture = async (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png'): Promise<File> => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 90, g: 160, b: (shade += 7) % 256 } } });
  const bytes = await image.toFormat(format).toBuffer();
  return { bytes, name: `map.${format}`, type: `image/${format}` };
};

describeEachDb('campus set-up: names and map art', (kind) => {
  let t: TestApp;
  let build: ReturnType<typeof fakeBuild>;
  let ops: Record<string, string>;
  let overview: File;
  let large: File;
  beforeAll(async () => {
    build = fakeBuild();
    t = await createTestApp({ kind, clientDir: build.client, serverRenderer: build.renderer });
    ops = { 'x-ops-token': t.opsToken };
    [overview, large] = await Promise.all([picture(822, 460), picture(3704, 1824, 'jpeg')]);
  });
  afterAll(async () => {
    await t?.close();
    if (build) rmSync(build.dir, { recursive: true, force: true });
  });

  const campus = async () => (await t.app.inject({ method: 'GET', url: '/api/campus/' })).json() as CampusSettings;
  const rename = (payload: unknown, headers = ops) => t.app.inject({ method: 'PUT', url: '/api/ops/campus/', headers, payload: payload as object });
  const upload = async (files: Record<string, File>, headers = ops) => {
    const body = await multipart({}, files);
    return t.app.inject({ method: 'POST', url: '/api/ops/campus/map/', headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const campusFiles = async () => (await storedUploads(t)).public.filter((url) => url.startsWith('/media/campus/'));
  const audits = () => t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'campus')).orderBy(auditLog.id);
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', host: 'campus.example' } });
  const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

  it('is the built-in 한빛대학교 with its art until an operator sets one up', async () => {
    expect(await campus()).toEqual({ school: '한빛대학교', campus_name: '', map: null });
    expect(await t.database.db.select().from(campusSettings)).toEqual([]);
    const home = await page('/');
    expect(home.body).toContain('data-school="한빛대학교" data-art="built-in"');
    expect(meta(home.body, 'og:image')).toBe('http://campus.example/art/map/campus.png');
  });

  it('refuses a wrong size or format with Korean messages, and stores nothing', async () => {
    const before = await campusFiles();
    const small = await upload({ overview: await picture(800, 450), large });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toEqual({ overview: ['전체 지도는 822×460 픽셀이어야 합니다. (올린 그림: 800×450)'] });

    const both = await upload({ overview: await picture(822, 461), large: await picture(1852, 912) });
    expect(both.json()).toEqual({
      overview: ['전체 지도는 822×460 픽셀이어야 합니다. (올린 그림: 822×461)'],
      large: ['상세 지도는 3704×1824 픽셀이어야 합니다. (올린 그림: 1852×912)'],
    });

    const gif = await upload({ overview: await picture(822, 460, 'gif'), large });
    expect(gif.statusCode).toBe(400);
    expect(gif.json()).toEqual({ overview: ['JPEG, PNG, WebP 형식의 사진만 올릴 수 있습니다.'] });
    const pdf = await upload({ overview, large: { bytes: Buffer.from('%PDF-1.4\n1 0 obj\n'), name: 'map.png', type: 'image/png' } });
    expect(pdf.json()).toEqual({ large: ['JPEG, PNG, WebP 형식의 사진만 올릴 수 있습니다.'] });
    // Cut short after a header that reads well: found while rendering.
    const cut = await upload({ overview: { ...overview, bytes: overview.bytes.subarray(0, 400) }, large });
    expect(cut.statusCode).toBe(400);
    expect(Object.keys(cut.json() as object)).toEqual(['overview']);

    const missing = await upload({ overview });
    expect(missing.json()).toEqual({ large: ['상세 지도 그림을 올려 주세요.'] });
    expect((await t.app.inject({ method: 'POST', url: '/api/ops/campus/map/', headers: ops, payload: {} })).statusCode).toBe(400);

    expect(await campusFiles()).toEqual(before);
    expect(await t.database.db.select().from(campusSettings)).toEqual([]);
    expect(await audits()).toEqual([]);
    expect((await campus()).map).toBeNull();
  });

  it('refuses bad names with Korean messages', async () => {
    expect((await rename({ school: '   ' })).json()).toEqual({ school: ['학교 이름을 입력해 주세요.'] });
    expect((await rename({ school: '가'.repeat(41), campus_name: '나'.repeat(41) })).json()).toEqual({
      school: ['학교 이름은 40자 이하로 입력해 주세요.'],
      campus_name: ['캠퍼스 이름은 40자 이하로 입력해 주세요.'],
    });
    expect(await audits()).toEqual([]);
  });

  it('names the campus: guests read it, the pages and share tags carry it, the change is audited', async () => {
    const res = await rename({ school: ' 새솔대학교 ', campus_name: '서울캠퍼스' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ school: '새솔대학교', campus_name: '서울캠퍼스', map: null });
    expect(await campus()).toEqual({ school: '새솔대학교', campus_name: '서울캠퍼스', map: null });
    // The same names again: nothing changes, nothing is recorded.
    expect((await rename({ school: '새솔대학교', campus_name: '서울캠퍼스' })).statusCode).toBe(200);
    const rows = await audits();
    expect(rows.map((r) => [r.action, r.actor, r.before, r.after])).toEqual([
      ['campus.update', 'token', { school: '한빛대학교', campus_name: '' }, { school: '새솔대학교', campus_name: '서울캠퍼스' }],
    ]);

    const home = await page('/');
    expect(home.body).toContain('data-school="새솔대학교"');
    expect(meta(home.body, 'og:title')).toBe('파티온 · 새솔대학교 서울캠퍼스');
    const partyId = await createParty(t);
    const detail = await page(`/partyinfo/${partyId}`);
    expect(meta(detail.body, 'og:description')).toMatch(/^새솔대학교 서울캠퍼스 /);
  });

  it('replaces the map art: rendered at both sizes, served under /media/, shown on every page, audited', async () => {
    const partyId = await createParty(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/` })).json().place_map).toBe('/art/map/campus.webp');

    const res = await upload({ overview, large });
    expect(res.statusCode).toBe(200);
    const { map } = res.json() as CampusSettings;
    expect(map).not.toBeNull();
    expect(await campus()).toEqual({ school: '새솔대학교', campus_name: '서울캠퍼스', map });
    const sizes: [string, string, number, number][] = [
      [map!.overview, 'webp', 822, 460],
      [map!.overview_png, 'png', 822, 460],
      [map!.medium, 'webp', 1852, 912],
      [map!.large, 'webp', 3704, 1824],
    ];
    for (const [url, format, width, height] of sizes) {
      expect(url).toMatch(/^\/media\/campus\/[\w-]+\.(webp|png)$/);
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode, url).toBe(200);
      expect(served.headers['content-type']).toContain(`image/${format}`);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format, width, height });
    }
    expect((await campusFiles()).sort()).toEqual(sizes.map(([url]) => url).sort());

    // The party page's picture is the new overview, for places made before and after the upload.
    expect((await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/` })).json().place_map).toBe(map!.overview);
    const place = (await t.app.inject({ method: 'POST', url: '/api/ops/places/', headers: ops, payload: { name: '새지도관', x_norm: 0.3, y_norm: 0.3 } })).json().id as number;
    const start = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const party = { title: '새 지도 파티', place_id: place, start_time: start, max_participants: 4, deposit: 0 };
    const later = (await t.app.inject({ method: 'POST', url: '/api/ops/parties/', headers: ops, payload: party })).json().id as number;
    expect((await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${later}/` })).json().place_map).toBe(map!.overview);

    // Drawn pages carry the new art (and a page drawn a moment ago is not served again: the write dropped it).
    const mapPage = await page('/map');
    expect(mapPage.body).toContain(`data-art="${map!.medium}"`);
    expect(meta((await page('/')).body, 'og:image')).toBe(`http://campus.example${map!.overview_png}`);

    const rows = (await audits()).filter((r) => r.action === 'campus.map');
    expect(rows.map((r) => [r.before, r.after])).toEqual([[{ map: null }, { map }]]);

    // Another upload replaces the files; going back to the built-in art removes them.
    const second = await upload({ overview: await picture(822, 460, 'webp'), large: await picture(3704, 1824, 'webp') });
    const next = (second.json() as CampusSettings).map!;
    expect(await campusFiles()).toEqual(Object.values(next).sort());
    const reset = await t.app.inject({ method: 'DELETE', url: '/api/ops/campus/map/', headers: ops });
    expect(reset.json()).toEqual({ school: '새솔대학교', campus_name: '서울캠퍼스', map: null });
    expect(await campusFiles()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/` })).json().place_map).toBe('/art/map/campus.webp');
    expect((await audits()).filter((r) => r.action === 'campus.map').map((r) => r.after)).toEqual([{ map }, { map: next }, { map: null }]);
  });

  it('records nothing for the same drawings sent again (in the database, the same files) nor for the built-in art restored twice', async () => {
    const resets = async () => (await audits()).filter((r) => (r.after as { map?: unknown } | null)?.map === null).length;
    const resetsBefore = await resets();
    const first = (await upload({ overview, large })).json() as CampusSettings;
    const recorded = (await audits()).length;
    const again = await upload({ overview, large });
    expect(again.statusCode).toBe(200);
    const { map } = again.json() as CampusSettings;
    if (kind === 'postgres') {
      // Named by their bytes: the art already shown, a change of nothing.
      expect(map).toEqual(first.map);
      expect(await audits()).toHaveLength(recorded);
    } else {
      // On the disk each upload is files of new names: a change, recorded.
      expect(map).not.toEqual(first.map);
      expect(await audits()).toHaveLength(recorded + 1);
    }
    expect(await campusFiles()).toEqual(Object.values(map!).sort());
    for (let i = 0; i < 2; i++) {
      expect((await t.app.inject({ method: 'DELETE', url: '/api/ops/campus/map/', headers: ops })).json()).toMatchObject({ map: null });
    }
    expect((await audits()).at(-1)).toMatchObject({ action: 'campus.map', before: { map }, after: { map: null } });
    expect(await resets()).toBe(resetsBefore + 1);
    // Every count the saves took is let go: nothing of either upload is left.
    expect(await campusFiles()).toEqual([]);
  });

  it('answers 401 to a guest and a student, changing nothing', async () => {
    const [student] = await createStudents(t, 1);
    const before = await campus();
    const count = (await audits()).length;
    for (const headers of [{}, student.auth]) {
      expect((await rename({ school: '몰래대학교' }, headers)).statusCode).toBe(401);
      expect((await upload({ overview, large }, headers)).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/ops/campus/map/', headers })).statusCode).toBe(401);
    }
    expect(await campus()).toEqual(before);
    expect(await campusFiles()).toEqual([]);
    expect(await audits()).toHaveLength(count);
    expect((await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'campus'), eq(auditLog.actor, 'token')))).length).toBe(count);
  });
});
