import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { parseConfig } from '../../../src/server/config';
import { createLocalBus } from '../../../src/server/realtime/bus';
import { createDiskStorage } from '../../../src/server/storage/disk-storage';
import { createTestClock } from '../../helpers/test-clock';
import { createTestDatabase } from '../../helpers/test-db';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../src/server/db/connect';
import { NON_PAGE_PREFIXES } from '../../../src/shared/non-page-paths';
import { scratchDir } from '../../helpers/scratch';

describe('HTTP surface: security headers, CORS, SPA fallback, static art', () => {
  let app: FastifyInstance;
  let database: Database;
  let dir: string;

  beforeAll(async () => {
    dir = scratchDir('http');
    const clientDir = join(dir, 'client');
    mkdirSync(join(clientDir, 'assets'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>파티온</title>');
    writeFileSync(join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1)');
    const artDir = join(dir, 'art');
    mkdirSync(join(artDir, 'places'), { recursive: true });
    writeFileSync(join(artDir, 'places', 'library.webp'), 'RIFF');
    writeFileSync(join(artDir, 'render-art.ts'), 'secret source');
    database = await createTestDatabase('pglite');
    const { config } = parseConfig({ NODE_ENV: 'test', ALLOWED_ORIGINS: 'https://partyon.example' });
    app = await buildApp({
      config,
      database,
      bus: createLocalBus(),
      clock: createTestClock(),
      storage: createDiskStorage(join(dir, 'data')),
      secrets: { jwtSecret: 'x'.repeat(40), opsToken: 'ops-token-for-tests-0000' },
      clientDir,
      artDir,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a strict Content-Security-Policy and no sniffing', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows CORS only for ALLOWED_ORIGINS', async () => {
    const ok = await app.inject({ method: 'OPTIONS', url: '/api/signup/auth/login/', headers: { origin: 'https://partyon.example', 'access-control-request-method': 'POST' } });
    expect(ok.headers['access-control-allow-origin']).toBe('https://partyon.example');
    const bad = await app.inject({ method: 'OPTIONS', url: '/api/signup/auth/login/', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(bad.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the SPA for page routes and JSON 404s for unknown API paths', async () => {
    for (const url of ['/', '/partyinfo/3', '/mypage/extra/done', '/oauth/kakao/callback?code=x']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('파티온');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const api = await app.inject({ method: 'GET', url: '/api/nothing/here/', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: '찾을 수 없습니다.' });
  });

  it('answers pages like a web server: HTML for */*, for no Accept at all and for HEAD; JSON 404 for the rest', async () => {
    // curl, uptime monitors and link-preview bots send */* (or nothing) and must get the page, not a 404.
    for (const headers of [{ accept: '*/*' }, {}, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }]) {
      for (const url of ['/', '/map', '/partyinfo/3', '/oauth/kakao/callback?code=x']) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
      }
    }
    const head = await app.inject({ method: 'HEAD', url: '/', headers: { accept: '*/*' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.body).toBe('');
    // Not pages: every prefix of the shared list, a missing file, and a client that asked for JSON only.
    for (const url of [...NON_PAGE_PREFIXES.map((p) => `${p}/nothing-here`), '/favicon-missing.ico', '/assets/gone-123.js']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: '찾을 수 없습니다.' });
    }
    expect((await app.inject({ method: 'GET', url: '/map', headers: { accept: 'application/json' } })).statusCode).toBe(404);
  });

  it('caches hashed build files forever and revalidates the rest', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves our art images but not the files beside them', async () => {
    expect((await app.inject({ method: 'GET', url: '/art/places/library.webp' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/art/render-art.ts' })).statusCode).toBe(404);
  });

  it('lets other origins show the art and uploaded photos (CORP cross-origin), nothing else', async () => {
    mkdirSync(join(dir, 'data', 'uploads', 'public', 'avatars'), { recursive: true });
    writeFileSync(join(dir, 'data', 'uploads', 'public', 'avatars', 'me.jpg'), 'jpeg bytes');
    for (const url of ['/art/places/library.webp', '/media/avatars/me.jpg']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      // A revalidation answers 304 with the same policy: a browser merges it into the cached answer.
      const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
      expect(again.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    for (const [url, accept] of [
      ['/', 'text/html'],
      ['/assets/main-abc123.js', '*/*'],
      ['/api/signup/auth/kakao/config/', 'application/json'],
      ['/healthz', 'application/json'],
      ['/mediafake/x.jpg', '*/*'],
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: { accept } });
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('reports health and readiness', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ready', database: 'pglite' });
  });

  it('guards the operator API with X-Ops-Token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/ops/status/' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/ops/status/', headers: { 'x-ops-token': 'wrong' } })).statusCode).toBe(401);
    const ok = await app.inject({ method: 'GET', url: '/api/ops/status/', headers: { 'x-ops-token': 'ops-token-for-tests-0000' } });
    expect(ok.statusCode).toBe(200);
  });
});
