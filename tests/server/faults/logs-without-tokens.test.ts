import { rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { createAccessTokens } from '../../../src/server/auth/access-token';
import { parseConfig } from '../../../src/server/config';
import type { Database } from '../../../src/server/db/connect';
import { users } from '../../../src/server/db/schema/users';
import { redactUrl } from '../../../src/server/http/log-redaction';
import { createLocalBus } from '../../../src/server/realtime/bus';
import { createDiskStorage } from '../../../src/server/storage/disk-storage';
import { openSocket } from '../../helpers/sockets';
import { createTestClock } from '../../helpers/test-clock';
import { createTestDatabase } from '../../helpers/test-db';
import { listenOnLoopback } from '../../helpers/listen';
import { scratchDir } from '../../helpers/scratch';

const JWT_SECRET = 'log-test-jwt-secret-0123456789abcdef01234567';
const OPS_TOKEN = 'log-test-ops-token-0123456789abcdef';

describe('logs never carry an access token', () => {
  const lines: string[] = [];
  const dataDir = scratchDir('logs');
  let app: FastifyInstance;
  let database: Database;
  let token: string;
  let base: string;
  beforeAll(async () => {
    const clock = createTestClock();
    database = await createTestDatabase('pglite');
    // The logger options main.ts passes, plus a stream the test reads.
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = { level: 'info', stream };
    app = await buildApp({
      config: parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).config,
      database,
      bus: createLocalBus(),
      clock,
      storage: createDiskStorage(dataDir),
      secrets: { jwtSecret: JWT_SECRET, opsToken: OPS_TOKEN },
      logger,
    });
    base = await listenOnLoopback(app, 'ws');
    const [user] = await database.db.insert(users).values({ username: 'log_student', name: '학생', isAdditionalInfoProvided: true }).returning({ id: users.id });
    token = await createAccessTokens(JWT_SECRET, clock).sign(user.id);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('redacts the websocket ?token= and never logs the Authorization header', async () => {
    const socket = await openSocket(`${base}/ws/party/1/?token=${token}`);
    await socket.closed;
    const own = await app.inject({ method: 'GET', url: '/api/mypage/main/', headers: { authorization: `Bearer ${token}` } });
    expect(own.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/api/nothing-here/?access_token=${token}&page=2`, headers: { authorization: `Bearer ${token}`, 'x-ops-token': OPS_TOKEN } });

    const log = lines.join('');
    expect(log).toContain('/ws/party/1/?token=[REDACTED]');
    expect(log).toContain('/api/nothing-here/?access_token=[REDACTED]&page=2');
    expect(log).not.toContain(token);
    expect(log).not.toContain(OPS_TOKEN);
    // The request lines are still there, one JSON object per line, with their request id.
    const incoming = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'incoming request');
    expect(incoming.length).toBeGreaterThanOrEqual(3);
    expect(incoming.every((l) => typeof l.reqId === 'string' && l.req.method === 'GET')).toBe(true);
  });

  it('refuses the operator token sent in the query string, which only a header carries, and logs that URL without it', async () => {
    for (const name of ['x-ops-token', 'X-Ops-Token', 'ops_token', 'opsToken']) {
      const res = await app.inject({ method: 'GET', url: `/api/ops/status/?${name}=${OPS_TOKEN}&verbose=1` });
      expect(res.statusCode, name).toBe(401);
      expect(res.json()).toEqual({ detail: '운영자 토큰이 올바르지 않습니다.' });
    }
    // The same token as a header opens the same route.
    expect((await app.inject({ method: 'GET', url: '/api/ops/status/', headers: { 'x-ops-token': OPS_TOKEN } })).statusCode).toBe(200);

    const log = lines.join('');
    expect(log).toContain('/api/ops/status/?x-ops-token=[REDACTED]&verbose=1');
    expect(log).toContain('/api/ops/status/?opsToken=[REDACTED]&verbose=1');
    expect(log).not.toContain(OPS_TOKEN);
  });

  it('redacts every parameter named like a credential, word by word, and leaves the rest as sent', () => {
    const url = '/x?x-ops-token=a&apiKey=b&X-Amz-Signature=c&client_secret=d&accesstoken=e&authCode=f&sig=g&keyword=h&page=2&sort=new';
    expect(redactUrl(url)).toBe(
      '/x?x-ops-token=[REDACTED]&apiKey=[REDACTED]&X-Amz-Signature=[REDACTED]&client_secret=[REDACTED]&accesstoken=[REDACTED]&authCode=[REDACTED]&sig=[REDACTED]&keyword=h&page=2&sort=new',
    );
    expect(redactUrl('/password-reset?token=abc')).toBe('/password-reset?token=[REDACTED]');
  });

  it('redacts every credential parameter, whatever its case or encoding, and leaves the rest as sent', () => {
    expect(redactUrl('/ws/game/round/3/?token=abc.def')).toBe('/ws/game/round/3/?token=[REDACTED]');
    expect(redactUrl('/oauth/kakao/callback?code=xyz&state=s1')).toBe('/oauth/kakao/callback?code=[REDACTED]&state=s1');
    expect(redactUrl('/x?Token=a&%74oken=b&refresh_token=c&q=%ED%95%9C')).toBe('/x?Token=[REDACTED]&%74oken=[REDACTED]&refresh_token=[REDACTED]&q=%ED%95%9C');
    expect(redactUrl('/plain/path/')).toBe('/plain/path/');
    expect(redactUrl('/x?token&%E0=1')).toBe('/x?token&%E0=1');
  });
});
