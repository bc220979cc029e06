import type { FastifyReply } from 'fastify';

/**
 * Adds request headers to the answer's `Vary`, keeping those already named (CORS names `Origin`, a page
 * `Accept-Encoding`): setting the header outright would drop theirs, and a cache would then mix answers they tell apart.
 */
export function appendVary(reply: FastifyReply, names: readonly string[]) {
  const current = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const known = new Set(current.map((name) => name.toLowerCase()));
  const added = names.filter((name) => !known.has(name.toLowerCase()));
  if (added.length) reply.header('Vary', [...current, ...added].join(', '));
}
