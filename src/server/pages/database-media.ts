import type { FastifyInstance } from 'fastify';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { PUBLIC_MEDIA_PREFIX, type PublicFiles, UPLOAD_NAME } from '../storage/storage';

// A name never changes its bytes (a content hash, or an old disk upload's random name), so a browser or a CDN may
// keep a file for a year without asking again, and the name itself is a strong validator.
const FOREVER = 'public, max-age=31536000, immutable';
const etagOf = (name: string) => `"${name.slice(name.lastIndexOf('/') + 1, name.lastIndexOf('.'))}"`;

function listed(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * GET /media/<name> from the database (storage/database-storage.ts): any instance serves what another received.
 * Only public rows answer; a student card is a 404 here like a name that never existed.
 */
export function serveMediaFromDatabase(app: FastifyInstance, files: Extract<PublicFiles, { kind: 'database' }>) {
  app.get(`${PUBLIC_MEDIA_PREFIX}*`, async (req, reply) => {
    const name = (req.params as { '*': string })['*'];
    const notFound = () => reply.status(404).send({ detail: M.notFound });
    // Not a name a storage gives: nothing of ours, and no query spent on it.
    if (!UPLOAD_NAME.test(name)) return notFound();
    const etag = etagOf(name);
    // A revalidation: the browser holds these very bytes, so only whether the file still exists is read.
    if (listed(req.headers['if-none-match'], etag)) {
      if (!(await files.has(name))) return notFound();
      return reply.status(304).header('ETag', etag).header('Cache-Control', FOREVER).send();
    }
    const file = await files.find(name);
    if (!file) return notFound();
    return reply.header('ETag', etag).header('Cache-Control', FOREVER).type(file.contentType).send(file.bytes);
  });
}
