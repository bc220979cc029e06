import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

// Uploads live in two areas: public files are served at /media/, private ones (student cards) are never served by
// the static handler and are read only through operator endpoints.
export interface Storage {
  publicDir: string;
  savePublic(folder: string, ext: string, bytes: Buffer): Promise<string>;
  removePublic(url: string): Promise<void>;
  savePrivate(folder: string, ext: string, bytes: Buffer): Promise<string>;
  readPrivate(key: string): Promise<Buffer>;
  removePrivate(key: string): Promise<void>;
}

export const PUBLIC_MEDIA_PREFIX = '/media/';

function inside(root: string, key: string): string {
  const full = normalize(join(root, key));
  if (!full.startsWith(normalize(root) + sep)) throw new Error('path escapes storage root');
  return full;
}

export function createDiskStorage(dataDir: string): Storage {
  const publicDir = join(dataDir, 'uploads', 'public');
  const privateDir = join(dataDir, 'uploads', 'private');
  mkdirSync(publicDir, { recursive: true });
  mkdirSync(privateDir, { recursive: true });

  async function put(root: string, folder: string, ext: string, bytes: Buffer): Promise<string> {
    const key = `${folder}/${randomUUID()}.${ext}`;
    const path = inside(root, key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes, { mode: 0o600 });
    return key;
  }

  return {
    publicDir,
    async savePublic(folder, ext, bytes) {
      return PUBLIC_MEDIA_PREFIX + (await put(publicDir, folder, ext, bytes));
    },
    async removePublic(url) {
      if (!url.startsWith(PUBLIC_MEDIA_PREFIX)) return; // seed art and external URLs are not ours to delete
      await rm(inside(publicDir, url.slice(PUBLIC_MEDIA_PREFIX.length)), { force: true });
    },
    savePrivate: (folder, ext, bytes) => put(privateDir, folder, ext, bytes),
    readPrivate: (key) => readFile(inside(privateDir, key)),
    removePrivate: (key) => rm(inside(privateDir, key), { force: true }),
  };
}
