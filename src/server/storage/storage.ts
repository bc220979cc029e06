// Uploads live in two areas: public files are served at /media/, private ones (student cards) never are and are read
// only through operator endpoints. Where the bytes sit depends on the database (storage-for.ts): the disk of the
// instance beside PGlite, the database itself with PostgreSQL, where several instances share them.
export interface Storage {
  /** Where GET /media/… finds a public file (pages/static-files.ts serves it). */
  publicFiles: PublicFiles;
  /** Stores a public file and answers its URL (`/media/<folder>/…`), which the app keeps in a row. */
  savePublic(folder: string, ext: string, bytes: Buffer): Promise<string>;
  /** Lets go of a URL savePublic answered; anything else (seed art, outside addresses) is not ours and is left alone. */
  removePublic(url: string): Promise<void>;
  /** Stores a private file and answers its key (`<folder>/…`), which the app keeps in a row. */
  savePrivate(folder: string, ext: string, bytes: Buffer): Promise<string>;
  /** The bytes of a private file, or null when there are none (a crash left the row naming nothing). */
  readPrivate(key: string): Promise<Buffer | null>;
  removePrivate(key: string): Promise<void>;
}

interface PublicFile {
  contentType: string;
  bytes: Buffer;
}

export type PublicFiles =
  /** A folder on this machine, served as files. */
  | { kind: 'folder'; dir: string }
  /** Rows every instance reads; `has` answers a revalidation without fetching the bytes. */
  | { kind: 'database'; find(name: string): Promise<PublicFile | null>; has(name: string): Promise<boolean> };

export const PUBLIC_MEDIA_PREFIX = '/media/';

/** `<folder>/<file>.<ext>`: how both storages name a file (the folder is the app's: `avatars`, `student-cards` …). */
export const UPLOAD_NAME = /^[a-z0-9-]+\/[A-Za-z0-9-]+\.[a-z0-9]+$/;

// Every upload is re-encoded (uploads/image-check.ts); its extension says what it became.
const CONTENT_TYPES: Partial<Record<string, string>> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The type a file of this extension is served as; undefined for one the app never writes. */
export const contentTypeOf = (ext: string): string | undefined => CONTENT_TYPES[ext];
