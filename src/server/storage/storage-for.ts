import type { Database } from '../db/connect';
import { createDatabaseStorage } from './database-storage';
import { createDiskStorage } from './disk-storage';
import type { Storage } from './storage';

/**
 * Where an app keeps its uploads: in PostgreSQL when it runs on one (DATABASE_URL), since several instances share it
 * and each must serve what another received; on the disk beside the embedded PGlite otherwise (one process, and the
 * URLs it always had). main.ts and the tests' apps choose the same way.
 */
export function storageFor(database: Database, dataDir: string): Storage {
  return database.kind === 'postgres' ? createDatabaseStorage(database.db) : createDiskStorage(dataDir);
}
