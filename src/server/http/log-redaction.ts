import type { FastifyRequest, FastifyServerOptions } from 'fastify';

// Query parameters that carry a credential. A websocket cannot send headers from a browser, so its access token
// travels as `?token=` (docs/api.md); Kakao's redirect brings a one-time `code`, a reset link its `token`. Anything
// else named like a credential is redacted too — an `?x-ops-token=` the guard refuses (the token is a header only,
// ops/guard.ts), an `apiKey`, an `X-Amz-Signature` — since whoever sent it meant it as one, right or wrong. A name is
// split into words (`x-ops-token`, `accessToken`, `refresh_token`) and matched word by word, so `keyword` or `page`
// are left alone; a credential word run together with another (`accesstoken`, `apikey`) is caught by its fragment.
const SECRET_WORDS = new Set(['token', 'access', 'refresh', 'code', 'password', 'passwd', 'pwd', 'pass', 'secret', 'key', 'signature', 'sig', 'auth', 'session', 'credential', 'credentials', 'jwt', 'otp', 'ticket']);
const SECRET_FRAGMENTS = ['token', 'secret', 'passw', 'signature', 'credential', 'apikey', 'accesskey', 'privatekey'];
const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);

/** Whether a query parameter's name says it carries a credential (compared in lower case, word by word). */
function isSecretParam(name: string): boolean {
  const lower = name.toLowerCase();
  return words(name).some((w) => SECRET_WORDS.has(w)) || SECRET_FRAGMENTS.some((f) => lower.includes(f));
}

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
      return isSecretParam(name) ? `${rawName}=${REDACTED}` : pair;
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
