import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/**
 * A push service standing in for FCM/Mozilla/Apple on this machine (no traffic leaves it), and a browser's side of a
 * subscription: its P-256 key pair and auth secret, to decrypt what the server sends as the phone would (RFC 8291).
 */

interface PushDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The Topic header (RFC 8030 §5.4): the server sends the notice's id. */
  topic?: string;
  /** The push as the browser reads it, for a browser the stand-in holds the keys of (`browser()`). */
  payload?: unknown;
  /** The sender's port: which process sent it. */
  remotePort?: number;
  /** Answered 2xx on a connection still open: the push service took it, and the phone gets it. */
  accepted: boolean;
  /** The sender's connection closed before it was answered (the sender died): the push service never took it. */
  cutOff: boolean;
  /** Why the stand-in refused it (a VAPID token that does not verify, a body that does not decrypt). */
  refusal?: string;
}

/**
 * On a free port of 127.0.0.1 unless told; `host` is its `host:port`, what OUTBOUND_TEST_HOSTS must name for the
 * server to post to it (plain http, on this machine). Once told the server's VAPID key (`expectVapidKey`), it takes
 * only pushes whose VAPID token verifies as a real push service does (403 otherwise); to a browser made with
 * `browser()` it takes only pushes that decrypt with that browser's keys (400 otherwise).
 */
export async function startPushService(opts: { port?: number; address?: string } = {}) {
  const deliveries: PushDelivery[] = [];
  /** Paths answered 410 Gone (the browser unsubscribed) or another status, or a redirect (302) to the address given. */
  const answers = new Map<string, number | string>();
  const browsers = new Map<string, ReturnType<typeof browserSubscription>>();
  let vapidKey: string | undefined;
  let held: (() => void)[] | null = null;
  let origin = '';

  /** Why `d` is refused, or undefined: the VAPID token (once a key is expected) and the encryption (for a known browser). */
  async function check(d: PushDelivery): Promise<string | undefined> {
    if (vapidKey) {
      try {
        await verifyVapid(d.headers.authorization, vapidKey, origin);
      } catch (err) {
        return `VAPID: ${(err as Error).message}`;
      }
    }
    const browser = browsers.get(d.path);
    if (browser) {
      try {
        d.payload = JSON.parse(browser.decrypt(d.body));
      } catch (err) {
        return `does not decrypt: ${(err as Error).message}`;
      }
    }
    return undefined;
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const topic = req.headers.topic;
      const d: PushDelivery = { path, headers: req.headers, body: Buffer.concat(chunks), topic: typeof topic === 'string' ? topic : undefined, remotePort: req.socket.remotePort, accepted: false, cutOff: false };
      deliveries.push(d);
      res.on('close', () => {
        if (!res.writableFinished) d.cutOff = true;
      });
      void check(d).then((refusal) => {
        d.refusal = refusal;
        const answer = () => {
          if (d.cutOff || res.destroyed) {
            d.cutOff = true;
            return;
          }
          const given = refusal ? (refusal.startsWith('VAPID') ? 403 : 400) : (answers.get(path) ?? 201);
          if (typeof given === 'string') res.writeHead(302, { location: given });
          else res.statusCode = given;
          res.on('finish', () => {
            d.accepted = typeof given === 'number' && given >= 200 && given <= 299;
          });
          res.end();
        };
        if (held) held.push(answer);
        else answer();
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.address ?? '127.0.0.1', resolve);
  });
  const host = `${opts.address ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  origin = `http://${host}`;
  return {
    host,
    origin,
    deliveries,
    answers,
    /** From now on, take only pushes signed with this VAPID public key (the app's: GET /api/push/key/). */
    expectVapidKey(key: string) {
      vapidKey = key;
    },
    /** A browser subscribed at `path` of this service, whose pushes the service decrypts as they arrive. */
    browser(path: string) {
      const browser = browserSubscription(`${origin}${path}`);
      browsers.set(path, browser);
      return browser;
    },
    /** Pushes taken, by notice (their Topic), each time it was taken: a push taken twice counts 2. */
    acceptedByNotice(): Map<string, number> {
      const counts = new Map<string, number>();
      for (const d of deliveries) if (d.accepted && d.topic) counts.set(d.topic, (counts.get(d.topic) ?? 0) + 1);
      return counts;
    },
    /** Answers nothing until `release()`: a slow push service, or one caught mid-answer by a sender's death. */
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * RFC 8292 as a push service checks it: `Authorization: vapid t=<JWT>, k=<public key>`, the key the one expected, the
 * token ES256-signed with it, for this push service's origin (aud), not expired (exp) and naming a contact (sub).
 */
async function verifyVapid(header: string | undefined, expectedKey: string, origin: string): Promise<void> {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${header}`);
  if (m[2] !== expectedKey) throw new Error('signed with another key');
  const raw = Buffer.from(m[2], 'base64url');
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) }, 'ES256');
  await jwtVerify(m[1], key, { algorithms: ['ES256'], audience: origin, requiredClaims: ['exp', 'sub'] });
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
