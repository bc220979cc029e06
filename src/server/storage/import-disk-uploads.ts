import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { Db } from '../db/connect';
import { uploads } from '../db/schema/uploads';
import { uploadDirs } from './disk-storage';
import { contentTypeOf, UPLOAD_NAME } from './storage';

export interface ImportReport {
  /** Files written into the database by this run. */
  copied: number;
  /** Files the database already held under their name (an earlier run, or another instance's disk). */
  alreadyThere: number;
  /** Files that are not uploads of the app (not `<folder>/<name>.jpg|png|webp`), left where they are. */
  skipped: string[];
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

/**
 * Copies one instance's disk uploads (DATA_DIR/uploads, as the disk storage wrote them) into the database, each under
 * the name it had on disk. Rows keep `/media/avatars/<uuid>.jpg` and `student-cards/<uuid>.jpg`, so keeping the
 * name keeps every reference valid with nothing rewritten: no row of any table, no page a browser or a link preview
 * cached, no notification holding the URL. The disk names were random and never reused, so they are as immutable as
 * the hashes new uploads get. A name already there is left alone (its bytes are these: names were never reused), so
 * running it again, or on every instance's disk in turn, gives the same result. Each file counts one row naming it,
 * as it did on disk.
 */
export async function importDiskUploads(db: Db, dataDir: string): Promise<ImportReport> {
  const report: ImportReport = { copied: 0, alreadyThere: 0, skipped: [] };
  const { publicDir, privateDir } = uploadDirs(dataDir);
  for (const [dir, isPrivate] of [
    [publicDir, false],
    [privateDir, true],
  ] as const) {
    for (const name of await filesUnder(dir)) {
      const contentType = contentTypeOf(extname(name).slice(1));
      if (!UPLOAD_NAME.test(name) || !contentType) {
        report.skipped.push(join(dir, name));
        continue;
      }
      const bytes = await readFile(join(dir, name));
      const written = await db
        .insert(uploads)
        .values({ name, contentType, bytes, isPrivate })
        .onConflictDoNothing({ target: uploads.name })
        .returning({ name: uploads.name });
      if (written.length) report.copied += 1;
      else report.alreadyThere += 1;
    }
  }
  return report;
}
