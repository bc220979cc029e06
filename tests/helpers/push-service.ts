import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service standing in for FCM/Mozilla/Apple on this machine (no traffic leaves it), and a browser's side of a
 * subscription: its P-256 key pair and auth secret, to decrypt what the server sends as the phone would (RFC 8291).
 */

interface PushDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * On a free port of 127.0.0.1 unless told; `host` is its `host:port`, what OUTBOUND_TEST_HOSTS must name for the
 * server to post to it (plain http, on this machine).
 */
export async function startPushService(opts: { port?: number; address?: string } = {}) {
  const deliveries: PushDelivery[] = [];
  /** Paths answered 410 Gone (the browser unsubscribed) or another status, or a redirect (302) to the address given. */
  const answers = new Map<string, number | string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      deliveries.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const answer = answers.get(path) ?? 201;
      if (typeof answer === 'string') res.writeHead(302, { location: answer });
      else res.statusCode = answer;
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.address ?? '127.0.0.1', resolve);
  });
  const host = `${opts.address ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  return {
    host,
    origin: `http://${host}`,
    deliveries,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const b64url = (b: Buffer) => b.toString('base64url');

/** A browser's subscription to `endpoint`, as `PushSubscription.toJSON()` gives it, and the means to read its pushes. */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    json: { endpoint, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } },
    /** RFC 8291 (aes128gcm, RFC 8188) as the user agent decrypts: one record, padding delimiter 2. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idlen = body[20];
      const serverKey = body.subarray(21, 21 + idlen);
      const record = body.subarray(21 + idlen);
      const ecdhSecret = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      let end = padded.length - 1;
      while (padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('not the last record');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`. Checks the ES256 signature with `k` and answers the
 * key and the claims.
 */
export function readVapid(header: string | undefined): { key: string; claims: { aud: string; exp: number; sub: string } } {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${header}`);
  const [, jwt, key] = m;
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) }, format: 'jwk' });
  const [h, p, s] = jwt.split('.');
  if (JSON.parse(Buffer.from(h, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))) throw new Error('bad VAPID signature');
  return { key, claims: JSON.parse(Buffer.from(p, 'base64url').toString()) };
}
