import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { connectPostgres } from '../db/connect';
import { importDiskUploads } from '../storage/import-disk-uploads';

/**
 * `npm run ops -- uploads:import`: copies this machine's disk uploads (DATA_DIR/uploads) into the PostgreSQL of
 * DATABASE_URL, where the app keeps them since it runs on PostgreSQL (storage/storage-for.ts).
 *
 * Unlike the other commands it works on the database itself, not through a server's /api/ops/:
 * - the files are on the disk of the instance that received them, so it must run on each machine against that
 *   machine's DATA_DIR, while a call to the servers lands on whichever instance the load balancer picks;
 * - moving files is no operator action to offer on the API (no route, no audit row) but a one-off step of an upgrade;
 * - the others go through the server because the embedded PGlite admits one process; PostgreSQL admits many, and
 *   this command only makes sense with PostgreSQL.
 * It migrates first, as a starting server would, so it may run before the new version starts (no photo missing in
 * between) or while it runs.
 */
export async function importUploadsCommand(env: NodeJS.ProcessEnv) {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    throw new Error('DATABASE_URL이 없습니다. 파일을 옮길 PostgreSQL 주소를 주세요 (PGlite는 올린 파일을 디스크에 그대로 둡니다).');
  }
  const dataDir = resolve(env.DATA_DIR ?? './data');
  if (!existsSync(join(dataDir, 'uploads'))) {
    throw new Error(`옮길 파일이 없습니다: ${join(dataDir, 'uploads')} 폴더가 없습니다. 서버가 쓰던 DATA_DIR을 주세요.`);
  }
  const database = await connectPostgres(databaseUrl, 2);
  try {
    await database.migrate().catch((err: Error) => {
      throw new Error(`데이터베이스에 연결할 수 없습니다 (${err.message}). DATABASE_URL을 확인하세요.`);
    });
    const report = await importDiskUploads(database.db, dataDir);
    return { data_dir: dataDir, copied: report.copied, already_there: report.alreadyThere, skipped: report.skipped };
  } finally {
    await database.close();
  }
}
