import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../../src/server/db/schema/uploads';
import { users } from '../../../src/server/db/schema/users';
import { storedUploads } from '../../helpers/stored-uploads';
import { signUpWithCard } from '../../helpers/student-cards';
import { createTestApp, freshPng, multipart, type TestApp } from '../../helpers/test-app';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const photo = async () => ({ bytes: await freshPng(), name: 'me.png', type: 'image/png' });

// Issue 28: three instances on one PostgreSQL behind a load balancer. Uploads on one instance's disk were a 404 on
// the other two; in the database every instance serves them.
const adminUrl = process.env.DATABASE_URL;
(adminUrl ? describe : describe.skip)(`uploads in PostgreSQL, served by every instance${adminUrl ? '' : ' — skipped: DATABASE_URL is not set'}`, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ kind: 'postgres' });
    // The second instance shares the first one's database, as behind a load balancer; the first one drops it.
    b = await createTestApp({ database: { ...a.database, close: async () => undefined } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const setPhoto = async (t: TestApp, auth: Record<string, string>, file?: Awaited<ReturnType<typeof photo>>) => {
    const body = await multipart({ intro: '안녕하세요' }, { profile_image: file ?? (await photo()) });
    const res = await t.app.inject({ method: 'PATCH', url: '/api/mypage/profile/', payload: body.payload, headers: { ...body.headers, ...auth } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().profile_image as string;
  };
  const withdraw = async (t: TestApp, s: { auth: Record<string, string>; password: string }) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/mypage/withdraw/', headers: s.auth, payload: { password: s.password } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const status = async (t: TestApp, url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

  it('serves a photo uploaded through one instance from the other, cached for good and revalidated with 304', async () => {
    const s = await signUpWithCard(a);
    const url = await setPhoto(a, s.auth);
    const res = await b.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Named by its bytes: the name is the sha256 of what is served, and the ETag says the same.
    const hash = createHash('sha256').update(res.rawPayload).digest('hex');
    expect(url).toBe(`/media/avatars/${hash}.jpg`);
    expect(res.headers.etag).toBe(`"${hash}"`);
    expect((await a.app.inject({ method: 'GET', url })).rawPayload).toEqual(res.rawPayload);

    for (const ifNoneMatch of [`"${hash}"`, `W/"${hash}"`, `"other", "${hash}"`]) {
      const again = await a.app.inject({ method: 'GET', url, headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
      expect(again.headers.etag).toBe(`"${hash}"`);
      expect(again.headers['cache-control']).toBe(IMMUTABLE);
      expect(again.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    expect((await b.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    const head = await b.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
  });

  it('shows a student card sent through one instance to operators on the other, and never under /media/', async () => {
    const s = await signUpWithCard(a);
    const [row] = await a.database.db.select({ key: users.studentCardPath }).from(users).where(eq(users.id, s.id));
    const key = row.key!;
    for (const url of [`/api/ops/verifications/${s.id}/card`, `/api/ops/users/${s.id}/student-card/`]) {
      const card = await b.app.inject({ method: 'GET', url, headers: { 'x-ops-token': b.opsToken } });
      expect(card.statusCode, url).toBe(200);
      expect(card.headers['content-type']).toBe('image/jpeg');
      expect(card.headers['cache-control']).toBe('no-store');
    }
    const hash = key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('.'));
    for (const t of [a, b]) {
      for (const url of [`/media/${key}`, `/media/avatars/${hash}.jpg`, `/media/../${key}`, `/media/student-cards%2F${hash}.jpg`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).not.toBe('image/jpeg');
        // A revalidation that names the card's hash learns nothing either: 404, not 304.
        expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': `"${hash}"` } })).statusCode, url).toBe(404);
      }
    }
  });

  it('removes the bytes of a replaced photo and of a withdrawn student, on every instance', async () => {
    const s = await signUpWithCard(a);
    const first = await setPhoto(a, s.auth);
    const second = await setPhoto(b, s.auth);
    expect(second).not.toBe(first);
    expect(await status(a, first)).toBe(404);
    expect(await status(a, second)).toBe(200);
    const [row] = await a.database.db.select({ card: users.studentCardPath }).from(users).where(eq(users.id, s.id));
    expect((await storedUploads(a)).private).toContain(row.card);

    await withdraw(b, s);
    expect(await status(a, second)).toBe(404);
    expect(await status(b, second)).toBe(404);
    const left = await a.database.db.select({ name: uploads.name }).from(uploads);
    expect(left.map((r) => r.name)).not.toContain(second.slice('/media/'.length));
    expect(left.map((r) => r.name)).not.toContain(row.card);
  });

  it('keeps one copy of the same photo sent twice, until no student names it', async () => {
    const same = await photo();
    const one = await signUpWithCard(a);
    const two = await signUpWithCard(b);
    const url = await setPhoto(a, one.auth, same);
    expect(await setPhoto(b, two.auth, same)).toBe(url);
    // Sending the photo one already has replaces it with itself: still there.
    expect(await setPhoto(a, one.auth, same)).toBe(url);
    expect(await status(b, url)).toBe(200);
    expect((await storedUploads(a)).public.filter((u) => u === url)).toHaveLength(1);

    await withdraw(a, one);
    expect(await status(b, url)).toBe(200);
    await setPhoto(b, two.auth);
    expect(await status(a, url)).toBe(404);
  });

  it('keeps a photo one student lets go of while another sends the same bytes on the other instance', async () => {
    const one = await signUpWithCard(a);
    const two = await signUpWithCard(b);
    for (let round = 0; round < 10; round++) {
      const shared = await photo();
      const url = await setPhoto(a, one.auth, shared);
      // One lets go of it (a new photo) while the other takes it: whichever runs first, the other's row names it.
      const [, taken] = await Promise.all([setPhoto(a, one.auth), setPhoto(b, two.auth, shared)]);
      expect(taken).toBe(url);
      expect(await status(a, url), `round ${round}`).toBe(200);
      expect((await storedUploads(b)).public.filter((u) => u === url)).toHaveLength(1);
    }
  });

  it('serves a replaced place photo from no instance, and the new one from every instance', async () => {
    const ops = { 'x-ops-token': a.opsToken };
    const place = await a.app.inject({ method: 'POST', url: '/api/ops/places/', headers: ops, payload: { name: '사진 공유관', x_norm: 0.3, y_norm: 0.3 } });
    const upload = async (t: TestApp) => {
      const body = await multipart({}, { photo: await photo() });
      const res = await t.app.inject({ method: 'POST', url: `/api/ops/places/${place.json().id}/photo/`, headers: { ...ops, ...body.headers }, payload: body.payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().photo as string;
    };
    const first = await upload(a);
    expect(await status(b, first)).toBe(200);
    const second = await upload(b);
    expect(await status(a, first)).toBe(404);
    expect(await status(a, second)).toBe(200);
  });
});
