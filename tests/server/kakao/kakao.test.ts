import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { parseConfig } from '../../../src/server/config';
import { socialAccounts, users } from '../../../src/server/db/schema/users';
import { createLocalBus } from '../../../src/server/realtime/bus';
import { createDiskStorage } from '../../../src/server/storage/disk-storage';
import { bearer, createTestApp, type TestApp } from '../../helpers/test-app';
import { createTestClock } from '../../helpers/test-clock';
import { createTestDatabase, describeEachDb } from '../../helpers/test-db';
import { listenOnLoopback } from '../../helpers/listen';
import { scratchDir } from '../../helpers/scratch';

const REDIRECT = 'https://partyon.example/oauth/kakao/callback';
/** Kakao's invalid_grant and a code already used here get the same words: the student starts again either way. */
const USED_CODE = '카카오 인증 코드가 올바르지 않거나 이미 사용되었습니다. 다시 로그인해 주세요.';

/** A fake of Kakao's token and user/me endpoints on loopback, counting calls and answering per code. */
function fakeKakao() {
  const exchanges: Record<string, number> = {};
  const forms: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url === '/oauth/token' && req.method === 'POST') {
        const form = new URLSearchParams(raw);
        forms.push(form);
        const code = form.get('code') ?? '';
        exchanges[code] = (exchanges[code] ?? 0) + 1;
        if (code.startsWith('kakao-down')) return json(500, { error: 'server_error' });
        if (code.startsWith('bad') || exchanges[code] > 1) return json(400, { error: 'invalid_grant', error_description: 'authorization code not found' });
        // Slow enough that a twin request arrives while this one is still exchanging.
        return setTimeout(() => json(200, { token_type: 'bearer', access_token: `token-for-${code}`, expires_in: 21599 }), 150);
      }
      if (req.url === '/v2/user/me') {
        const token = (req.headers.authorization ?? '').replace('Bearer ', '');
        if (token.includes('no-id')) return json(200, { properties: { nickname: '아이디없음' } });
        const who = token.includes('returning') ? 4242 : Number(token.replace(/\D/g, '').slice(0, 9) || 777);
        return json(200, { id: who, properties: { nickname: '카카오친구' }, kakao_account: { profile: { nickname: '카카오친구' } } });
      }
      json(404, {});
    });
  });
  return {
    exchanges,
    forms,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describeEachDb('Kakao sign-in against a fake Kakao', (kind) => {
  const kakao = fakeKakao();
  let t: TestApp;
  let kakaoEnv: Record<string, string>;
  beforeAll(async () => {
    const base = await kakao.start();
    kakaoEnv = { KAKAO_REST_API_KEY: 'rest-key', KAKAO_CLIENT_SECRET: 'shh', KAKAO_AUTH_BASE_URL: base, KAKAO_API_BASE_URL: base, KAKAO_REDIRECT_URIS: REDIRECT };
    t = await createTestApp({ kind, env: kakaoEnv });
  });
  afterAll(async () => {
    await t?.close();
    await kakao.stop();
  });
  const login = (code: string, redirect_uri = REDIRECT) => t.app.inject({ method: 'POST', url: '/api/signup/auth/kakao/', payload: { code, redirect_uri } });

  it('creates a new student with welcome points and answers our tokens, never Kakao’s', async () => {
    const res = await login('first-code-101');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'is_additional_info_provided', 'refresh']);
    expect(body.is_additional_info_provided).toBe(false);
    expect(JSON.stringify(body)).not.toContain('token-for-');
    const form = kakao.forms.at(-1)!;
    expect(Object.fromEntries(form)).toEqual({ grant_type: 'authorization_code', client_id: 'rest-key', redirect_uri: REDIRECT, code: 'first-code-101', client_secret: 'shh' });
    const me = (await t.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: bearer(body.access) })).json();
    expect(me).toMatchObject({ name: '카카오친구', points: 10_000, is_additional_info_provided: false });
    expect(me.username).toMatch(/^kakao_\d+$/);
  });

  it('finds a returning student by Kakao id', async () => {
    const first = (await login('returning-1')).json();
    const again = (await login('returning-2')).json();
    const a = (await t.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: bearer(first.access) })).json();
    const b = (await t.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: bearer(again.access) })).json();
    expect(b.id).toBe(a.id);
    const links = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.providerUserId, '4242'));
    expect(links).toHaveLength(1);
  });

  // On PostgreSQL the requests really arrive at once: exactly one of them may claim the code.
  it('signs in once per code: of five requests at the same moment one gets tokens, the others the used-code 400', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => login('twin-555')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const refused of answers.filter((r) => r.statusCode === 400)) expect(refused.json()).toEqual({ detail: USED_CODE });
    expect(kakao.exchanges['twin-555']).toBe(1);
  });

  it('refuses a used code later, from another address and on another instance, without asking Kakao again', async () => {
    expect((await login('replayed-777')).statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'POST', url: '/api/signup/auth/kakao/', remoteAddress: '203.0.113.9', payload: { code: 'replayed-777', redirect_uri: REDIRECT } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ detail: USED_CODE });
    const other = await createTestApp({ database: { ...t.database, close: async () => undefined }, env: kakaoEnv });
    try {
      const elsewhere = await other.app.inject({ method: 'POST', url: '/api/signup/auth/kakao/', payload: { code: 'replayed-777', redirect_uri: REDIRECT } });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json()).toEqual({ detail: USED_CODE });
    } finally {
      await other.close();
    }
    expect(kakao.exchanges['replayed-777']).toBe(1);
  });

  it('spends a code whose exchange failed: sent again it is the used-code 400, and Kakao is not asked twice', async () => {
    expect((await login('kakao-down')).statusCode).toBe(502);
    const again = await login('kakao-down');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: USED_CODE });
    expect(kakao.exchanges['kakao-down']).toBe(1);
  });

  it('maps Kakao errors: invalid_grant → 400, Kakao 500 → 502, no id → 400', async () => {
    const bad = await login('bad-code');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(USED_CODE);
    const down = await login('kakao-down-2');
    expect(down.statusCode).toBe(502);
    expect(down.json().detail).toBe('카카오 서버와 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.');
    const noId = await login('no-id-code');
    expect(noId.statusCode).toBe(400);
    expect(noId.json().detail).toBe('카카오 사용자 정보를 확인할 수 없습니다.');
    const before = (await t.database.db.select().from(users)).length;
    expect(before).toBeGreaterThan(0);
  });

  it('refuses a redirect_uri that is not on the allow-list, without calling Kakao', async () => {
    const res = await login('never-sent', 'https://evil.example/oauth/kakao/callback');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ redirect_uri: ['허용되지 않은 redirect_uri입니다.'] });
    expect(kakao.exchanges['never-sent']).toBeUndefined();
  });

  it('names a missing code like any other field: a list of messages under its name', async () => {
    // `code` is also the key of a refusal's next step (ApiError): the field's messages must still go out as a list.
    const res = await t.app.inject({ method: 'POST', url: '/api/signup/auth/kakao/', payload: { redirect_uri: REDIRECT } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ['필수 항목입니다.'] });
  });
});

describe('Kakao when unreachable, the local stand-in, and production', () => {
  it('answers 502 when Kakao cannot be reached', async () => {
    const t = await createTestApp({ env: { KAKAO_REST_API_KEY: 'k', KAKAO_AUTH_BASE_URL: 'http://127.0.0.1:9', KAKAO_API_BASE_URL: 'http://127.0.0.1:9', KAKAO_REDIRECT_URIS: REDIRECT } });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/signup/auth/kakao/', payload: { code: 'x', redirect_uri: REDIRECT } });
      expect(res.statusCode).toBe(502);
    } finally {
      await t.close();
    }
  });

  it('runs the whole redirect flow through the labelled stand-in, refuses its code sent again, and cancel says access_denied', async () => {
    const t = await createTestApp();
    try {
      const origin = await listenOnLoopback(t.app);
      const callback = `${origin}/oauth/kakao/callback`;
      const config = (await t.app.inject({ method: 'GET', url: '/api/signup/auth/kakao/config/' })).json();
      expect(config).toMatchObject({ stand_in: true, authorize_url: '/oauth/kakao/stand-in/oauth/authorize' });

      const authorize = `${origin}${config.authorize_url}?client_id=${config.client_id}&redirect_uri=${encodeURIComponent(callback)}&response_type=code&state=s1`;
      const page = await fetch(authorize);
      const html = await page.text();
      expect(html).toContain('로컬 대체 카카오');
      // The particle follows the nickname's last syllable, and lines break between words like every page.
      expect(html).toContain('>한빛새내기로 동의<');
      expect(html).toContain('>야식요정으로 동의<');
      expect(html).toContain('word-break:keep-all');

      const consent = await fetch(`${origin}/oauth/kakao/stand-in/oauth/authorize`, {
        method: 'POST',
        body: new URLSearchParams({ redirect_uri: callback, state: 's1', nickname: '보드게임러버', action: 'consent' }),
        redirect: 'manual',
      });
      expect(consent.status).toBe(302);
      const back = new URL(consent.headers.get('location')!);
      expect(back.origin + back.pathname).toBe(callback);
      expect(back.searchParams.get('state')).toBe('s1');
      const signIn = () =>
        fetch(`${origin}/api/signup/auth/kakao/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', host: new URL(origin).host },
          body: JSON.stringify({ code: back.searchParams.get('code'), redirect_uri: callback }),
        });
      const res = await signIn();
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ is_additional_info_provided: false });
      // The same body again (a replay of a leaked callback address): the code has signed in once already.
      const replay = await signIn();
      expect(replay.status).toBe(400);
      expect(await replay.json()).toEqual({ detail: USED_CODE });

      const cancel = await fetch(`${origin}/oauth/kakao/stand-in/oauth/authorize`, {
        method: 'POST',
        body: new URLSearchParams({ redirect_uri: callback, state: 's2', nickname: 'x', action: 'cancel' }),
        redirect: 'manual',
      });
      const cancelled = new URL(cancel.headers.get('location')!);
      expect(cancelled.searchParams.get('error')).toBe('access_denied');
      expect(cancelled.searchParams.get('code')).toBeNull();
    } finally {
      await t.close();
    }
  });

  it("signs in as a quick pick's nickname, sent as the page's form sends it: beside the typed field's own", async () => {
    const t = await createTestApp();
    try {
      const origin = await listenOnLoopback(t.app);
      const callback = `${origin}/oauth/kakao/callback`;
      const page = await (await fetch(`${origin}/oauth/kakao/stand-in/oauth/authorize?client_id=partyon-local-stand-in&redirect_uri=${encodeURIComponent(callback)}&response_type=code&state=s3`)).text();
      // The pick is a button of its own name, so the form never sends two values under one name.
      expect(page).toContain('name="preset" value="야식요정"');
      const body = new URLSearchParams({ redirect_uri: callback, state: 's3', nickname: '한빛새내기' });
      body.append('preset', '야식요정');
      const consent = await fetch(`${origin}/oauth/kakao/stand-in/oauth/authorize`, { method: 'POST', body, redirect: 'manual' });
      expect(consent.status).toBe(302);
      const back = new URL(consent.headers.get('location')!);
      expect(back.searchParams.get('state')).toBe('s3');
      const signIn = await fetch(`${origin}/api/signup/auth/kakao/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: back.searchParams.get('code'), redirect_uri: callback }),
      });
      expect(signIn.status).toBe(200);
      const { access } = (await signIn.json()) as { access: string };
      const me = await t.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: bearer(access) });
      expect(me.json()).toMatchObject({ name: '야식요정' });

      // A pick that is not one of the page's is a forged request.
      const forged = new URLSearchParams({ redirect_uri: callback, state: 's4', preset: '아무나' });
      const refused = await fetch(`${origin}/oauth/kakao/stand-in/oauth/authorize`, { method: 'POST', body: forged, redirect: 'manual' });
      expect(refused.status).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('refuses to start in production without a Kakao key (the stand-in never runs there)', async () => {
    const database = await createTestDatabase('pglite');
    try {
      // config.ts already refuses production without the key (production-mode.test.ts); this is the app's own lock.
      const config = { ...parseConfig({}).config, env: 'production' as const };
      await expect(
        buildApp({ config, database, bus: createLocalBus(), clock: createTestClock(), storage: createDiskStorage(scratchDir('prod-check')), secrets: { jwtSecret: 'x'.repeat(40), opsToken: 'y'.repeat(20) } }),
      ).rejects.toThrow(/KAKAO_REST_API_KEY is required in production/);
    } finally {
      await database.close();
    }
  });
});
