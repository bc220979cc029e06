import { boolean, customType, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// node-postgres reads bytea as a Buffer, PGlite as a Uint8Array: both come back as a Buffer over the same memory.
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * Uploaded photos and student cards when the app runs on PostgreSQL (storage/database-storage.ts): every instance
 * serves the same files, and a pg_dump backs them up with the rows that name them.
 *
 * `name` is the key the app stores (`avatars/<sha256>.jpg`; a public one is served at `/media/<name>`), the sha256
 * of the bytes, so a name never changes its bytes and browsers may keep a file forever. Files copied from an older
 * disk keep their old name (`avatars/<uuid>.jpg`, ops `uploads:import`), which was never reused either. Two uploads
 * of the same bytes share a row: `refs` counts the rows that name it, and the bytes go when the last one lets go.
 */
export const uploads = pgTable('uploads', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  // Student cards: never served under /media/, read only through the operators' endpoints.
  isPrivate: boolean('private').notNull(),
  refs: integer('refs').notNull().default(1),
  createdAt: createdAt(),
});
