import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

interface Written {
  body: string;
  etag: string;
}

/**
 * A shared answer written once, not once per request. The public lists' micro-cache (micro-cache.ts) hands every
 * request within its second the same list object; this keeps that list's JSON, as the route's schema writes it, and its
 * ETag beside it, so the requests of a busy evening skip the serialiser and the hash (the ETag plugin hashes only a reply
 * that has none). Keyed weakly by the list: what was written goes with it. `variant` tells apart two answers made from
 * one list (home's first 50 with the home fields, the map's whole list).
 */
export function createWrittenOnce() {
  const written = new WeakMap<object, Map<string, Written>>();
  return function send(reply: FastifyReply, list: object, variant: string, answer: () => unknown): FastifyReply {
    let variants = written.get(list);
    if (!variants) written.set(list, (variants = new Map()));
    let w = variants.get(variant);
    if (!w) {
      const body = reply.serialize(answer()) as string;
      // Weak, base64 SHA-1: the same form as the ETag plugin's (app.ts), so a revalidation answers 304 either way.
      w = { body, etag: `W/"${createHash('sha1').update(body).digest('base64')}"` };
      variants.set(variant, w);
    }
    // A string with a JSON type goes out as it is (Fastify serialises only what is not a string).
    return reply.header('etag', w.etag).type('application/json; charset=utf-8').send(w.body);
  };
}
