import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { appendVary } from './vary';

// A host name or an IP address (IPv6 in brackets), with an optional port: what a real Host header holds. Anything
// else (spaces, quotes, a path, a user part) is someone writing their own header, and gets no absolute link.
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin absolute links point at (a shared page's og:image and og:url, a calendar event's URL): `PUBLIC_URL`
 * when it is set — deployments behind a proxy or a CDN should set it, since then no header decides what we link
 * to — and otherwise the request's own protocol and host (`X-Forwarded-*` only with TRUST_PROXY). A Host that is
 * not a host name gives null, and the caller leaves the absolute links out. A syntactically good but spoofed Host
 * only ever comes back to whoever sent it: whatever caches a page keys it by this origin (page-render.ts), and the
 * answer says so to caches outside (varyByOrigin).
 */
export function publicOrigin(req: FastifyRequest, config: Pick<Config, 'publicUrl'>): string | null {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  const host = req.host;
  if (!host || !HOST.test(host)) return null;
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host.toLowerCase()}`;
}

/**
 * Says which request headers chose the answer's origin (publicOrigin), so that a shared cache keyed without the
 * host (a CDN or proxy configured so) never hands one Host's links to a request for another. None with PUBLIC_URL:
 * the links are the same whoever asks. Behind a trusted proxy the forwarded host and protocol name it instead.
 */
export function varyByOrigin(reply: FastifyReply, config: Pick<Config, 'publicUrl' | 'trustProxy'>) {
  if (config.publicUrl) return;
  appendVary(reply, config.trustProxy ? ['Host', 'X-Forwarded-Host', 'X-Forwarded-Proto'] : ['Host']);
}
