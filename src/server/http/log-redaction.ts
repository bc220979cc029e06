import type { FastifyRequest, FastifyServerOptions } from 'fastify';

// Query parameters that carry a credential. A websocket cannot send headers from a browser, so its access token
// travels as `?token=` (docs/api.md); Kakao's redirect brings a one-time `code`. Compared in lower case.
const SECRET_PARAMS = new Set(['token', 'access', 'access_token', 'refresh', 'refresh_token', 'id_token', 'code', 'password', 'secret']);
// Headers that carry one (the Bearer token, the operator token), should a log line ever include headers: Fastify's
// own request lines do not, but an `{ req: request.raw }` or `{ headers }` somewhere would.
const SECRET_HEADER_PATHS = ['authorization', 'cookie', '["x-ops-token"]'].flatMap((h) => {
  const tail = h.startsWith('[') ? h : `.${h}`;
  return [`headers${tail}`, `req.headers${tail}`];
});
const REDACTED = '[REDACTED]';

/** The URL with the value of every credential-bearing query parameter replaced, the rest left as sent. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const rawName = pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a name that does not decode is compared as sent
      }
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q + 1)}${pairs.join('&')}`;
}

/**
 * The logger options main.ts (`{ level }`) or a test (`{ level, stream }`) passes, plus what keeps access tokens
 * out of the logs: Fastify's request serializer with the URL redacted, and pino's redaction of credential headers.
 */
export function loggerOptions(logger: boolean | object | undefined): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const given = typeof logger === 'object' ? logger : {};
  return {
    ...given,
    redact: { paths: SECRET_HEADER_PATHS, censor: REDACTED },
    serializers: {
      // Fastify's own fields, with the URL redacted.
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
