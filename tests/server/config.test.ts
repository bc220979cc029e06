import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/server/config';
import { loadSecrets } from '../../src/server/secrets';
import { scratchDir } from '../helpers/scratch';

describe('configuration', () => {
  it('reads an empty value as unset, as an EnvironmentFile line `NAME=` means', () => {
    const { config } = parseConfig({ LLM_BASE_URL: '', PUBLIC_URL: ' ', DATABASE_POOL_SIZE: '', TRUST_PROXY: '' });
    expect(config.llm).toBeUndefined();
    expect(config.publicUrl).toBeUndefined();
    expect(config.databasePoolSize).toBe(10);
    expect(config.trustProxy).toBe(false);
  });

  it('parses the example environment file deploy/ ships, once its secrets are filled in', () => {
    const lines = readFileSync(new URL('../../deploy/partyon.env.example', import.meta.url), 'utf8').split('\n');
    const env = Object.fromEntries(lines.filter((l) => /^[A-Z_]+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    const secrets = { JWT_SECRET: 'j'.repeat(43), OPS_TOKEN: 'o'.repeat(43), VAPID_PUBLIC_KEY: 'public', VAPID_PRIVATE_KEY: 'private', KAKAO_REST_API_KEY: 'kakao' };
    expect(() => parseConfig(env)).toThrow(/JWT_SECRET: required in production/);
    const { config } = parseConfig({ ...env, ...secrets });
    expect(config.env).toBe('production');
    expect(config.host).toBe('127.0.0.1');
  });

  it('names every setting the server reads in the example environment file', () => {
    const example = readFileSync(new URL('../../deploy/partyon.env.example', import.meta.url), 'utf8');
    const settings = [...readFileSync(new URL('../../src/server/config.ts', import.meta.url), 'utf8').matchAll(/^ {2}([A-Z][A-Z0-9_]+): z/gm)].map((m) => m[1]);
    expect(settings.length).toBeGreaterThan(25);
    expect(settings.filter((name) => !example.includes(name))).toEqual([]);
  });

  it('sends password-reset emails only with an smtp:// or smtps:// SMTP_URL, from MAIL_FROM or no-reply at PUBLIC_URL', () => {
    expect(parseConfig({}).config.mail).toBeUndefined();
    expect(parseConfig({ SMTP_URL: 'smtp://mailer:secret@mail.example.kr:587', PUBLIC_URL: 'https://partyon.example.kr' }).config.mail).toEqual({
      smtpUrl: 'smtp://mailer:secret@mail.example.kr:587',
      from: '파티온 <no-reply@partyon.example.kr>',
    });
    expect(parseConfig({ SMTP_URL: 'smtps://mail.example.kr', MAIL_FROM: 'PartyOn <help@example.kr>' }).config.mail?.from).toBe('PartyOn <help@example.kr>');
    expect(() => parseConfig({ SMTP_URL: 'https://mail.example.kr' })).toThrow(/SMTP_URL: must be an smtp/);
  });

  it('has working defaults for a laptop', () => {
    const { config } = parseConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: './data', allowedOrigins: [], databaseUrl: undefined });
  });

  it('reads lists and refuses nonsense loudly', () => {
    const { config } = parseConfig({ ALLOWED_ORIGINS: 'https://a.example, https://b.example', PORT: '8080' });
    expect(config.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.port).toBe(8080);
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('keeps the default signup budget per address unless one is given (a campus behind one NAT address)', () => {
    expect(parseConfig({}).config.limits).toEqual({});
    expect(parseConfig({ SIGNUP_LIMIT_PER_HOUR: '300' }).config.limits).toEqual({ signupPerIpPerHour: 300 });
    expect(() => parseConfig({ SIGNUP_LIMIT_PER_HOUR: '0' })).toThrow(/SIGNUP_LIMIT_PER_HOUR/);
    expect(parseConfig({ LOGIN_LIMIT_PER_MINUTE: '120' }).config.limits).toEqual({ loginPerIpPerMinute: 120 });
    expect(() => parseConfig({ LOGIN_LIMIT_PER_MINUTE: 'many' })).toThrow(/LOGIN_LIMIT_PER_MINUTE/);
  });

  it('keeps the default search budget per address unless one is given (SEARCH_LIMIT_PER_MINUTE: a campus behind one NAT address)', () => {
    expect(parseConfig({ SEARCH_LIMIT_PER_MINUTE: '600' }).config.limits).toEqual({ filteredListsPerIpPerMinute: 600 });
    expect(() => parseConfig({ SEARCH_LIMIT_PER_MINUTE: '-1' })).toThrow(/SEARCH_LIMIT_PER_MINUTE/);
  });

  it('takes the test hosts outbound deliveries may reach over http, and refuses them in production', () => {
    expect(parseConfig({}).config.outboundTestHosts).toEqual([]);
    expect(parseConfig({ OUTBOUND_TEST_HOSTS: '127.0.0.1:5191, LOCALHOST:5192,[::1]:5193' }).config.outboundTestHosts).toEqual(['127.0.0.1:5191', 'localhost:5192', '[::1]:5193']);
    expect(() => parseConfig({ OUTBOUND_TEST_HOSTS: '127.0.0.1' })).toThrow(/OUTBOUND_TEST_HOSTS: "127.0.0.1" is not a host:port pair/);
    expect(() => parseConfig({ OUTBOUND_TEST_HOSTS: 'http://127.0.0.1:5191' })).toThrow(/OUTBOUND_TEST_HOSTS/);
    expect(() => parseConfig({ NODE_ENV: 'production', OUTBOUND_TEST_HOSTS: '127.0.0.1:5191' })).toThrow(/OUTBOUND_TEST_HOSTS: refused in production/);
  });

  it('reads TRUST_PROXY as false, a hop count or the proxy addresses, and refuses anything else', () => {
    expect(parseConfig({}).config.trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).config.trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1, fd00::/8, loopback' }).config.trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8', 'loopback']);
    // A hop count believes that many hops, counted from the socket's peer (hop 0), and no more.
    const twoHops = parseConfig({ TRUST_PROXY: '2' }).config.trustProxy as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('203.0.113.1', hop))).toEqual([true, true, false]);
    for (const bad of ['0', 'yes', '10.0.0.0/33', '10.0.0.0/8,nginx', '1.2.3', '-1']) {
      expect(() => parseConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: false, a hop count/);
    }
  });

  it('takes the PostgreSQL pool size of an instance from DATABASE_POOL_SIZE (10 unless given)', () => {
    expect(parseConfig({}).config.databasePoolSize).toBe(10);
    expect(parseConfig({ DATABASE_POOL_SIZE: '25' }).config.databasePoolSize).toBe(25);
    for (const bad of ['0', '-3', 'ten', '2.5']) expect(() => parseConfig({ DATABASE_POOL_SIZE: bad }), bad).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('generates the JWT secret and operator token once, readable by the owner only', () => {
    const dir = scratchDir('secrets');
    try {
      const first = loadSecrets(dir, {});
      const again = loadSecrets(dir, {});
      expect(again).toEqual(first);
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      for (const f of ['jwt-secret', 'ops-token']) {
        expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600);
        expect(readFileSync(join(dir, f), 'utf8').trim().length).toBeGreaterThan(20);
      }
      expect(loadSecrets(dir, { OPS_TOKEN: 'from-the-environment' }).opsToken).toBe('from-the-environment');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('generates the Web Push (VAPID) key pair once into the data dir, unless the environment gives both keys', () => {
    const dir = scratchDir('secrets');
    try {
      const first = loadSecrets(dir, {}).vapid;
      expect(loadSecrets(dir, {}).vapid).toEqual(first);
      expect(Buffer.from(first?.publicKey ?? '', 'base64url')).toHaveLength(65);
      expect(statSync(join(dir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
      expect(first?.subject).toMatch(/^mailto:/);
      const given = loadSecrets(dir, { VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv', VAPID_SUBJECT: 'mailto:ops@hanbit.ac.kr' }).vapid;
      expect(given).toEqual({ publicKey: 'pub', privateKey: 'priv', subject: 'mailto:ops@hanbit.ac.kr' });
      expect(loadSecrets(dir, { PUBLIC_URL: 'https://partyon.example' }).vapid?.subject).toBe('https://partyon.example');
      expect(() => loadSecrets(dir, { VAPID_PUBLIC_KEY: 'pub' })).toThrow(/VAPID_PRIVATE_KEY/);
      expect(() => parseConfig({ VAPID_SUBJECT: 'ops@hanbit.ac.kr' })).toThrow(/VAPID_SUBJECT/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a decided student card 30 days unless CARD_RETENTION_DAYS says otherwise, and refuses nonsense', () => {
    expect(parseConfig({}).config.cardRetentionDays).toBe(30);
    expect(parseConfig({ CARD_RETENTION_DAYS: '14' }).config.cardRetentionDays).toBe(14);
    expect(() => parseConfig({ CARD_RETENTION_DAYS: '0' })).toThrow(/CARD_RETENTION_DAYS/);
    expect(() => parseConfig({ CARD_RETENTION_DAYS: 'a month' })).toThrow(/CARD_RETENTION_DAYS/);
  });
});
