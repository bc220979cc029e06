import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/connect';
import { uploads } from '../../../src/server/db/schema/uploads';
import { users } from '../../../src/server/db/schema/users';
import { createDiskStorage } from '../../../src/server/storage/disk-storage';
import { signUpWithCard } from '../../helpers/student-cards';
import { createTestApp, freshPng, multipart, type TestApp } from '../../helpers/test-app';
import { createPostgresTestDatabase } from '../../helpers/test-db';

const run = promisify(execFile);

// Issue 28: instances that ran on PostgreSQL before uploads moved into it kept them on their own disks, and rows
// name them (`/media/avatars/<uuid>.jpg`). `npm run ops -- uploads:import` on each machine copies them in, under the
// same names, so every old URL answers from every instance.
const adminUrl = process.env.DATABASE_URL;
(adminUrl ? describe : describe.skip)(`npm run ops -- uploads:import${adminUrl ? '' : ' — skipped: DATABASE_URL is not set'}`, { timeout: 120_000 }, () => {
  let database: Database & { url: string };
  let before: TestApp; // the version that kept uploads on disk
  let after: TestApp; // this version, on the same database
  const shared = () => ({ ...database, close: async () => undefined });
  const importUploads = (env: Record<string, string | undefined>) =>
    run(process.execPath, ['--import', 'tsx', 'src/server/ops/cli.ts', 'uploads:import'], { env: { ...process.env, ...env } });
  const rows = () =>
    database.db
      .select({ name: uploads.name, isPrivate: uploads.isPrivate, refs: uploads.refs, md5: sql<string>`md5(${uploads.bytes})` })
      .from(uploads)
      .orderBy(asc(uploads.name));

  let student: Awaited<ReturnType<typeof signUpWithCard>>;
  let photoUrl: string;
  let placePhotoUrl: string;
  let cardKey: string;
  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    before = await createTestApp({ database: shared(), storage: (dataDir) => createDiskStorage(dataDir) });
    after = await createTestApp({ database: shared() });

    student = await signUpWithCard(before);
    const photo = await multipart({}, { profile_image: { bytes: await freshPng(), name: 'me.png', type: 'image/png' } });
    photoUrl = (await before.app.inject({ method: 'PATCH', url: '/api/mypage/profile/', payload: photo.payload, headers: { ...photo.headers, ...student.auth } })).json().profile_image;
    const ops = { 'x-ops-token': before.opsToken };
    const place = (await before.app.inject({ method: 'POST', url: '/api/ops/places/', headers: ops, payload: { name: '옛 사진관', x_norm: 0.2, y_norm: 0.2 } })).json();
    const placePhoto = await multipart({}, { photo: { bytes: await freshPng(), name: 'place.png', type: 'image/png' } });
    placePhotoUrl = (await before.app.inject({ method: 'POST', url: `/api/ops/places/${place.id}/photo/`, headers: { ...ops, ...placePhoto.headers }, payload: placePhoto.payload })).json().photo;
    cardKey = (await database.db.select({ key: users.studentCardPath }).from(users).where(eq(users.id, student.id)))[0].key!;
    // Something else in the folder (an editor's note): not an upload, so not copied.
    writeFileSync(join(before.dataDir, 'uploads', 'public', 'README.txt'), 'notes');
  });
  afterAll(async () => {
    await after?.close();
    await before?.close();
    await database?.close();
  });

  it('before it, the old URLs are a 404 on an instance that keeps uploads in the database', async () => {
    expect(photoUrl).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.jpg$/);
    expect((await before.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(200);
    expect((await after.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(404);
  });

  it('copies every upload under its old name, so every old URL and the card answer again; twice is the same as once', async () => {
    const first = JSON.parse((await importUploads({ DATABASE_URL: database.url, DATA_DIR: before.dataDir })).stdout);
    expect(first).toEqual({ data_dir: before.dataDir, copied: 3, already_there: 0, skipped: [join(before.dataDir, 'uploads', 'public', 'README.txt')] });
    const copied = await rows();
    expect(copied.map((r) => [r.name, r.isPrivate, r.refs])).toEqual(
      [
        [photoUrl.slice('/media/'.length), false, 1],
        [placePhotoUrl.slice('/media/'.length), false, 1],
        [cardKey, true, 1],
      ].sort((x, y) => ((x[0] as string) < (y[0] as string) ? -1 : 1)),
    );

    for (const url of [photoUrl, placePhotoUrl]) {
      const res = await after.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload).toEqual(readFileSync(join(before.dataDir, 'uploads', 'public', url.slice('/media/'.length))));
      expect((await after.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } })).statusCode).toBe(304);
    }
    const card = await after.app.inject({ method: 'GET', url: `/api/ops/verifications/${student.id}/card`, headers: { 'x-ops-token': after.opsToken } });
    expect(card.statusCode).toBe(200);
    expect(card.rawPayload).toEqual(readFileSync(join(before.dataDir, 'uploads', 'private', cardKey)));
    expect((await after.app.inject({ method: 'GET', url: `/media/${cardKey}` })).statusCode).toBe(404);

    const again = JSON.parse((await importUploads({ DATABASE_URL: database.url, DATA_DIR: before.dataDir })).stdout);
    expect(again).toMatchObject({ copied: 0, already_there: 3 });
    expect(await rows()).toEqual(copied);
  });

  it('lets a withdrawal remove what it copied', async () => {
    const res = await after.app.inject({ method: 'POST', url: '/api/mypage/withdraw/', headers: student.auth, payload: { password: student.password } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await after.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(404);
    expect((await rows()).map((r) => r.name)).toEqual([placePhotoUrl.slice('/media/'.length)]);
  });

  it('says what is missing, and copies nothing, without DATABASE_URL or without the uploads folder', async () => {
    const noDatabase = (await importUploads({ DATABASE_URL: '', DATA_DIR: before.dataDir }).catch((err: unknown) => err)) as { code: number; stderr: string };
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.stderr).toContain('DATABASE_URL이 없습니다.');
    const elsewhere = join(before.dataDir, 'nothing-here');
    const noFolder = (await importUploads({ DATABASE_URL: database.url, DATA_DIR: elsewhere }).catch((err: unknown) => err)) as { code: number; stderr: string };
    expect(noFolder.code).toBe(1);
    expect(noFolder.stderr).toContain(`옮길 파일이 없습니다: ${join(elsewhere, 'uploads')} 폴더가 없습니다.`);
  });
});
