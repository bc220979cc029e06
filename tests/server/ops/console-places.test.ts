import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/audit';
import { places } from '../../../src/server/db/schema/places';
import { storedUploads } from '../../helpers/stored-uploads';
import { createParty, createStudents, createTestApp, multipart, type TestApp, tinyPng } from '../../helpers/test-app';

type Place = { id: number; name: string; x_norm: number; y_norm: number; photo: string | null; upcoming_parties: number };

// The console's places: the list, renaming and moving a pin, and a photo upload stored publicly like a profile photo.
describe('operator console: places', () => {
  let t: TestApp;
  let ops: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ops = { 'x-ops-token': t.opsToken };
  });
  afterAll(() => t?.close());

  const addPlace = async (name: string) => (await t.app.inject({ method: 'POST', url: '/api/ops/places/', headers: ops, payload: { name, x_norm: 0.4, y_norm: 0.6 } })).json().id as number;
  const patch = (id: number | string, payload: unknown, headers = ops) => t.app.inject({ method: 'PATCH', url: `/api/ops/places/${id}/`, headers, payload: payload as object });
  const upload = async (id: number | string, file?: { bytes: Buffer; name: string; type: string }, headers = ops) => {
    const body = await multipart({}, file ? { photo: file } : {});
    return t.app.inject({ method: 'POST', url: `/api/ops/places/${id}/photo/`, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const png = async () => ({ bytes: await tinyPng(), name: 'place.png', type: 'image/png' });
  // The console's edits of a place (its creation has a row of its own, 'place.create').
  const auditOf = (placeId: number) =>
    t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'place.update'), eq(auditLog.targetId, placeId))).orderBy(auditLog.id);
  const uploadedFiles = async () => (await storedUploads(t)).public.filter((url) => url.startsWith('/media/places/'));

  it('lists every place with its upcoming parties', async () => {
    await createParty(t); // makes the helper's place, with one upcoming party
    await createParty(t, { hoursFromNow: -5 });
    const quiet = await addPlace('조용한관');
    const res = await t.app.inject({ method: 'GET', url: '/api/ops/places/', headers: ops });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Place[];
    expect(list.find((p) => p.id === t.placeId)).toMatchObject({ upcoming_parties: 1, photo: '/art/places/library.webp', x_norm: 0.5 });
    expect(list.find((p) => p.id === quiet)).toEqual({ id: quiet, name: '조용한관', x_norm: 0.4, y_norm: 0.6, photo: null, upcoming_parties: 0 });
  });

  it('renames and moves a place, records what changed, and the students see it at once', async () => {
    const partyId = await createParty(t);
    const placeId = t.placeId!;
    const [before] = await t.database.db.select().from(places).where(eq(places.id, placeId));
    const mapBefore = (await t.app.inject({ method: 'GET', url: '/api/detailview/parties/' })).json() as { id: number; place_x_norm: number }[];
    expect(mapBefore.find((p) => p.id === partyId)?.place_x_norm).toBe(0.5);

    const res = await patch(placeId, { name: '  새이름관 ', x_norm: 0.25 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: placeId, name: '새이름관', x_norm: 0.25, y_norm: 0.5 });
    const mapAfter = (await t.app.inject({ method: 'GET', url: '/api/detailview/parties/' })).json() as { id: number; place_name: string; place_x_norm: number }[];
    expect(mapAfter.find((p) => p.id === partyId)).toMatchObject({ place_name: '새이름관', place_x_norm: 0.25 });

    const rows = await auditOf(placeId);
    expect(rows.map((r) => [r.actor, r.before, r.after])).toEqual([['token', { name: before.name, x_norm: 0.5 }, { name: '새이름관', x_norm: 0.25 }]]);
    // The same values again: nothing changes, nothing is recorded.
    expect((await patch(placeId, { y_norm: 0.5 })).statusCode).toBe(200);
    expect(await auditOf(placeId)).toHaveLength(1);
  });

  it('refuses positions off the map, a name in use, an empty body and unknown places', async () => {
    const placeId = await addPlace('검증관');
    await addPlace('이미있는관');
    const off = await patch(placeId, { x_norm: 1.5, y_norm: -0.1 });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toEqual({ x_norm: ['x_norm은 0~1 사이여야 합니다.'], y_norm: ['y_norm은 0~1 사이여야 합니다.'] });
    const taken = await patch(placeId, { name: '이미있는관' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ name: ['이미 있는 장소 이름입니다.'] });
    expect((await patch(placeId, {})).json()).toEqual({ non_field_errors: ['바꿀 항목을 하나 이상 보내 주세요.'] });
    expect((await patch(999_999, { name: '없음' })).json()).toEqual({ detail: '장소를 찾을 수 없습니다.' });
    expect((await patch('x1', { name: '없음' })).statusCode).toBe(404);
    expect(await auditOf(placeId)).toEqual([]);
  });

  it('stores an uploaded photo publicly, replaces the old file, and shows it on the students’ lists', async () => {
    const placeId = await addPlace('사진관');
    const filesBefore = (await uploadedFiles()).length;
    const first = await upload(placeId, await png());
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().photo as string;
    expect(firstUrl).toMatch(/^\/media\/places\/[\w-]+\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/jpeg');

    const second = await upload(placeId, await png());
    const secondUrl = second.json().photo as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await uploadedFiles()).length).toBe(filesBefore + 1); // the replaced file is gone
    expect((await auditOf(placeId)).map((r) => [r.before, r.after])).toEqual([
      [{ photo: null }, { photo: firstUrl }],
      [{ photo: firstUrl }, { photo: secondUrl }],
    ]);

    const partyId = await createParty(t);
    await t.database.db.update(places).set({ photo: null }).where(eq(places.id, t.placeId!));
    const helperPhoto = await upload(t.placeId!, await png());
    const home = (await t.app.inject({ method: 'GET', url: '/api/homemap/home/' })).json() as { id: number; place_photo: string }[];
    expect(home.find((p) => p.id === partyId)?.place_photo).toBe(helperPhoto.json().photo);
  });

  it('refuses a file that is not an image, a missing file and an unknown place, leaving no file behind', async () => {
    const placeId = await addPlace('거절관');
    const before = (await uploadedFiles()).length;
    const pdf = await upload(placeId, { bytes: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), name: 'photo.png', type: 'image/png' });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toEqual({ photo: ['JPEG, PNG, WebP 형식의 사진만 올릴 수 있습니다.'] });
    expect((await upload(placeId)).json()).toEqual({ photo: ['장소 사진을 올려 주세요.'] });
    expect((await upload(999_999, await png())).statusCode).toBe(404);
    expect((await uploadedFiles()).length).toBe(before);
    expect(await auditOf(placeId)).toEqual([]);
  });

  it('answers 401 without the operator token', async () => {
    const placeId = await addPlace('잠긴관');
    const [student] = await createStudents(t, 1);
    const files = (await uploadedFiles()).length;
    for (const headers of [{}, student.auth]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/ops/places/', headers })).statusCode).toBe(401);
      expect((await patch(placeId, { name: '바뀐관' }, headers)).statusCode).toBe(401);
      expect((await upload(placeId, await png(), headers)).statusCode).toBe(401);
    }
    expect((await uploadedFiles()).length).toBe(files);
    expect(await auditOf(placeId)).toEqual([]);
  });
});
