import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { uploads } from '../../src/server/db/schema/uploads';
import { uploadDirs } from '../../src/server/storage/disk-storage';
import { PUBLIC_MEDIA_PREFIX } from '../../src/server/storage/storage';
import type { TestApp } from './test-app';

function filesUnder(dir: string): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
  return walk(dir)
    .map((f) => relative(dir, f).split(sep).join('/'))
    .sort();
}

/**
 * Every upload a test app holds, wherever its storage keeps them (disk beside PGlite, the `uploads` table on
 * PostgreSQL): public ones as the URLs rows keep (`/media/avatars/….jpg`), private ones as their keys
 * (`student-cards/….jpg`), each sorted.
 */
export async function storedUploads(t: TestApp): Promise<{ public: string[]; private: string[] }> {
  if (t.storage.publicFiles.kind === 'folder') {
    const { publicDir, privateDir } = uploadDirs(t.dataDir);
    return { public: filesUnder(publicDir).map((k) => PUBLIC_MEDIA_PREFIX + k), private: filesUnder(privateDir) };
  }
  const rows = await t.database.db.select({ name: uploads.name, isPrivate: uploads.isPrivate }).from(uploads);
  rows.sort((a, b) => (a.name < b.name ? -1 : 1));
  return {
    public: rows.filter((r) => !r.isPrivate).map((r) => PUBLIC_MEDIA_PREFIX + r.name),
    private: rows.filter((r) => r.isPrivate).map((r) => r.name),
  };
}

/** How many uploads the app holds, public and private together. */
export async function uploadCount(t: TestApp): Promise<number> {
  const stored = await storedUploads(t);
  return stored.public.length + stored.private.length;
}
