import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appendVary } from '../http/vary';

/** A page with its compressed forms, made once and sent many times. */
export interface CompressedHtml {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Compressing a ~24 KB page on every request cost two thirds of the drawn home page's throughput (bench/api.ts);
 * a page is drawn at most once a second, so its brotli and gzip forms are made then, with the care static files get.
 */
export async function compressHtml(html: string): Promise<CompressedHtml> {
  const [br, gz] = await Promise.all([
    promisify(brotliCompress)(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
    promisify(gzip)(html, { level: 9 }),
  ]);
  return { html, br, gzip: gz };
}

/** Sends the form the browser asked for; the compression plugin leaves an answer that already has an encoding. */
export function sendCompressedHtml(req: FastifyRequest, reply: FastifyReply, page: CompressedHtml) {
  appendVary(reply, ['Accept-Encoding']);
  reply.type('text/html; charset=utf-8');
  // Like the plugin: `*` and x-gzip mean gzip.
  const accepted = (req.headers['accept-encoding'] ?? '').toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  const encoding = accepted ? negotiate(accepted, ['br', 'gzip']) : undefined;
  if (encoding === 'br' || encoding === 'gzip') return reply.header('Content-Encoding', encoding).send(page[encoding]);
  return reply.send(page.html);
}
