import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../helpers/listen';
import { openSocket, type TestSocket } from '../../helpers/sockets';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { paidParty } from '../live/live-helpers';

// Behind nginx every request comes from nginx's address, and the client's own is the last entry nginx appends to
// X-Forwarded-For. Whatever a client writes into that header itself comes before it. The limits per address must
// count the client nginx saw, never an address the client made up.
const LIMITED = { loginPerIpPerMinute: 2, signupPerIpPerHour: 2 };

/** Every answer limited per address, with a body each answers 400 to (the limit is checked first, on arrival). */
const PER_ADDRESS = [
  { name: 'student login', url: '/api/signup/auth/login/', payload: { username: 'nobody_here', password: 'wrong-password' } },
  { name: 'console login', url: '/api/ops/auth/login/', payload: { username: 'nobody_here', password: 'wrong-password' } },
  { name: 'signup', url: '/api/signup/auth/signup/', payload: {} },
  { name: 'Kakao sign-in', url: '/api/signup/auth/kakao/', payload: { code: 'x', redirect_uri: 'https://elsewhere.example/' } },
];

/** An address no other test (or run sharing a Redis) uses. */
const fresh = (first: number) => `${first}.${[...randomBytes(3)].join('.')}`;

describe('limits per address behind a proxy', () => {
  // One app per setting; each answer counts in a budget of its own, and every test uses addresses of its own.
  let hops: TestApp;
  let listed: TestApp;
  beforeAll(async () => {
    hops = await createTestApp({ env: { TRUST_PROXY: '1' }, limits: LIMITED });
    listed = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8, 192.168.7.1' }, limits: LIMITED });
  });
  afterAll(async () => {
    await hops?.close();
    await listed?.close();
  });
  const sender = (t: TestApp, { url, payload }: (typeof PER_ADDRESS)[number]) => (from: string, forwardedFor?: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: from, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} }).then((r) => r.statusCode);

  it.each(PER_ADDRESS)('$name: with TRUST_PROXY=1 a forged X-Forwarded-For prefix does not change the address the limit counts', async (endpoint) => {
    const send = sender(hops, endpoint);
    const nginx = '10.0.0.2';
    const client = fresh(203);
    // Each attempt claims another address before the one nginx appends: all three are the same client.
    expect(await send(nginx, `${fresh(198)}, ${client}`)).toBe(400);
    expect(await send(nginx, `${fresh(198)}, ${fresh(198)}, ${client}`)).toBe(400);
    expect(await send(nginx, `${fresh(198)}, ${client}`)).toBe(429);
    // Another client through the same proxy has its own budget.
    expect(await send(nginx, fresh(203))).toBe(400);
  });

  it.each(PER_ADDRESS)('$name: with a list of proxy addresses only those proxies are believed', async (endpoint) => {
    const send = sender(listed, endpoint);
    const client = fresh(203);
    expect(await send('10.20.30.40', `${fresh(198)}, ${client}`)).toBe(400);
    // Two proxies in a row, both listed: the client is the address before the first of them.
    expect(await send('10.20.30.40', `${fresh(198)}, ${client}, 192.168.7.1`)).toBe(400);
    expect(await send('10.20.30.41', client)).toBe(429);
    // A client reaching the server directly is counted as itself whatever it claims…
    const direct = fresh(198);
    expect(await send(direct, fresh(203))).toBe(400);
    expect(await send(direct, fresh(203))).toBe(400);
    expect(await send(direct, fresh(203))).toBe(429);
    // …and the address it claimed last is not charged for it.
    const claimed = fresh(203);
    expect(await send(direct, claimed)).toBe(429);
    expect(await send('10.20.30.40', claimed)).toBe(400);
  });
});

describe('sockets per address behind a proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' }, limits: { socketsPerAddress: 3 } });
    base = await listenOnLoopback(t.app, 'ws');
  });
  afterAll(() => t?.close());

  it('counts one client’s sockets together whatever it puts before the address the proxy appends', async () => {
    const { partyId, students } = await paidParty(t, 4);
    const client = fresh(203);
    const open: TestSocket[] = [];
    for (const s of students) {
      const token = s.auth.authorization.slice('Bearer '.length);
      const sock = await openSocket(`${base}/ws/party/${partyId}/?token=${token}`, { 'x-forwarded-for': `${fresh(198)}, ${client}` });
      await sock.waitFor((m) => m.type === 'send_standby_update');
      open.push(sock);
    }
    expect(await open[0].closed).toBe(4429);
    for (const sock of open.slice(1)) expect(sock.ws.readyState).toBe(sock.ws.OPEN);
    for (const sock of open) sock.ws.close(1000);
  });
});

// request.ip is the one place the client's address comes from (Fastify applies TRUST_PROXY to it). Code that read
// the socket's peer or the header itself would count nginx, or believe a forged header.
it('no server code reads a client address except through request.ip', () => {
  const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../src/server');
  const offenders = readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .filter((f) => /headers\[['"]x-forwarded-for|\.remoteAddress\b|\.ips\b/i.test(readFileSync(join(serverDir, f), 'utf8')))
    .map((f) => relative(serverDir, join(serverDir, f)));
  expect(offenders).toEqual([]);
});
