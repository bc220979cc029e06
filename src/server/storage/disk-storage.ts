import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { PUBLIC_MEDIA_PREFIX, type Storage } from './storage';

function inside(root: string, key: string): string {
  const full = normalize(join(root, key));
  if (!full.startsWith(normalize(root) + sep)) throw new Error('path escapes storage root');
  return full;
}

/** The folders an instance keeps its uploads in, under DATA_DIR (also what `uploads:import` reads). */
export function uploadDirs(dataDir: string) {
  return { publicDir: join(dataDir, 'uploads', 'public'), privateDir: join(dataDir, 'uploads', 'private') };
}

/**
 * Uploads on this machine's disk, beside the embedded PGlite database: one process, one disk. Names are random, so a
 * name is never reused for other bytes.
 */
export function createDiskStorage(dataDir: string): Storage {
  const { publicDir, privateDir } = uploadDirs(dataDir);
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
    publicFiles: { kind: 'folder', dir: publicDir },
    async savePublic(folder, ext, bytes) {
      return PUBLIC_MEDIA_PREFIX + (await put(publicDir, folder, ext, bytes));
    },
    async removePublic(url) {
      if (!url.startsWith(PUBLIC_MEDIA_PREFIX)) return; // seed art and external URLs are not ours to delete
      await rm(inside(publicDir, url.slice(PUBLIC_MEDIA_PREFIX.length)), { force: true });
    },
    savePrivate: (folder, ext, bytes) => put(privateDir, folder, ext, bytes),
    readPrivate: (key) =>
      readFile(inside(privateDir, key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      }),
    removePrivate: (key) => rm(inside(privateDir, key), { force: true }),
  };
}
