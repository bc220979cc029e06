import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../src/server/app';
import { createAccessTokens } from '../../src/server/auth/access-token';
import { hashPassword } from '../../src/server/auth/passwords';
import { parseConfig } from '../../src/server/config';
import type { AppDeps, Limits } from '../../src/server/context';
import type { Database } from '../../src/server/db/connect';
import type { VapidKeys } from '../../src/server/secrets';
import { users } from '../../src/server/db/schema/users';
import { applyPoints } from '../../src/server/points/ledger';
import { createLocalBus, type EventBus } from '../../src/server/realtime/bus';
import type { Storage } from '../../src/server/storage/storage';
import { storageFor } from '../../src/server/storage/storage-for';
import { scratchDir } from './scratch';
import { createTestClock, type TestClock } from './test-clock';
import { createTestDatabase, type DbKind } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  storage: Storage;
  dataDir: string;
  opsToken: string;
  bus: EventBus;
  /** The place createParty uses, made on first use. */
  placeId?: number;
  close(): Promise<void>;
}

const GENEROUS_LIMITS: Partial<Limits> = { loginPerIpPerMinute: 1000, loginPerUsernamePerMinute: 1000, signupPerIpPerHour: 1000 };
const withoutKeys = <T extends object>(o: T, keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k))) as Partial<T>;

export async function createTestApp(
  opts: {
    kind?: DbKind;
    limits?: Partial<Limits>;
    env?: Record<string, string>;
    bus?: EventBus;
    database?: Database;
    /** A client build (and the server's renderer) to serve pages from. */
    clientDir?: string;
    serverRenderer?: string;
    /** Where uploads go; by default as main.ts chooses (storage/storage-for.ts). */
    storage?: (dataDir: string, database: Database) => Storage;
    /** The app's logger options (e.g. `{ level, stream }` to read what it logs); none by default. */
    logger?: AppDeps['logger'];
    /** The Web Push key pair; by default each app makes its own, where instances of one deploy share theirs. */
    vapid?: VapidKeys;
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase(opts.kind ?? 'pglite'));
  const dataDir = scratchDir('app-data');
  const clock = createTestClock();
  const storage = (opts.storage ?? ((dir, db) => storageFor(db, dir)))(dataDir, database);
  const { config } = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...opts.env });
  const opsToken = 'test-ops-token-0123456789abcdef';
  const bus = opts.bus ?? createLocalBus();
  const app = await buildApp({
    config,
    database,
    bus,
    clock,
    storage,
    secrets: { jwtSecret: JWT_SECRET, opsToken, vapid: opts.vapid },
    // Tests sign many students in from one address: generous limits, but never over one the test configures
    // through the environment (LOGIN_LIMIT_PER_MINUTE, SIGNUP_LIMIT_PER_HOUR), which the app takes from config.
    limits: { ...withoutKeys(GENEROUS_LIMITS, Object.keys(config.limits)), ...opts.limits },
    clientDir: opts.clientDir,
    serverRenderer: opts.serverRenderer,
    logger: opts.logger,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    storage,
    dataDir,
    opsToken,
    bus,
    async close() {
      await app.close();
      await bus.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let pngCache: Buffer | undefined;
export async function tinyPng(): Promise<Buffer> {
  return (pngCache ??= await sharp({ create: { width: 16, height: 12, channels: 3, background: '#7b61ff' } }).png().toBuffer());
}

/**
 * A small PNG of random noise, different on every call (and still after the server re-encodes it): on PostgreSQL a
 * file is named by its bytes, so a test that means two photos needs two pictures.
 */
export function freshPng(width = 24, height = 18): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
}

/** A multipart body for app.inject, built with the platform's FormData so the encoding is a browser's. */
export async function multipart(fields: Record<string, string>, files: Record<string, { bytes: Buffer; name: string; type: string }> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, f] of Object.entries(files)) form.append(k, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const request = new Request('http://test.local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

let seq = 0;
/** A student straight into the database (with welcome points through the ledger), for tests not about signup. */
export async function createStudent(t: TestApp, overrides: Partial<typeof users.$inferInsert> = {}, password = 'password123') {
  // Taken once: the password hash below awaits, and students made at the same time must not share a number.
  const n = (seq += 1);
  const username = overrides.username ?? `student_${process.pid % 1000}_${n}`;
  const passwordHash = await hashPassword(password);
  const [user] = await t.database.db
    .insert(users)
    .values({
      username,
      passwordHash,
      name: `학생${n}`,
      email: `${username}@hanbit.ac.kr`,
      phone: `010${String(10_000_000 + n * 7919 + (process.pid % 997)).slice(-8)}`,
      school: '한빛대학교',
      isAdditionalInfoProvided: true,
      // An operator has looked at the card: tests about verification itself say otherwise. A Kakao account that
      // has not finished /mypage/additional has sent no card, so nobody could have approved one.
      verificationStatus: overrides.isAdditionalInfoProvided === false ? 'unsubmitted' : 'approved',
      ...overrides,
    })
    .returning();
  await applyPoints(t.database.db, { userId: user.id, amount: 10_000, kind: 'welcome', at: t.clock.now() });
  return { ...user, password };
}

export async function loginAs(t: TestApp, username: string, password = 'password123') {
  const res = await t.app.inject({ method: 'POST', url: '/api/signup/auth/login/', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json() as { access: string; refresh: string };
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

const JWT_SECRET = 'test-jwt-secret-0123456789abcdef0123456789';

/** An access token for a user without going through login (tests with hundreds of students). */
export const tokenFor = (t: TestApp, userId: number) => createAccessTokens(JWT_SECRET, t.clock).sign(userId);

/** Many students at once, with welcome points and an access token each; no password (they never log in). */
export async function createStudents(t: TestApp, n: number, points = 10_000) {
  const base = `bulk${process.pid % 1000}_${(seq += 1)}`;
  const rows = await t.database.db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ username: `${base}_${i}`, name: `학생${i}`, isAdditionalInfoProvided: true, verificationStatus: 'approved' as const })))
    .returning({ id: users.id, username: users.username });
  const out: { id: number; username: string; auth: { authorization: string } }[] = [];
  for (const r of rows) {
    if (points > 0) await applyPoints(t.database.db, { userId: r.id, amount: points, kind: 'welcome', at: t.clock.now() });
    out.push({ ...r, auth: bearer(await tokenFor(t, r.id)) });
  }
  return out;
}

/** A party created through the operator API, starting `hoursFromNow` after the test clock's now. */
export async function createParty(
  t: TestApp,
  opts: { hoursFromNow?: number; max?: number; deposit?: number; title?: string; tags?: string[] } = {},
) {
  const ops = { 'x-ops-token': t.opsToken };
  if (!t.placeId) {
    const res = await t.app.inject({ method: 'POST', url: '/api/ops/places/', headers: ops, payload: { name: `테스트관${seq}`, x_norm: 0.5, y_norm: 0.5, photo: '/art/places/library.webp' } });
    t.placeId = res.json().id as number;
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ops/parties/',
    headers: ops,
    payload: {
      title: opts.title ?? `테스트 파티 ${(seq += 1)}`,
      description: '설명',
      place_id: t.placeId,
      start_time: new Date(t.clock.now().getTime() + (opts.hoursFromNow ?? 48) * 3_600_000).toISOString(),
      max_participants: opts.max ?? 10,
      deposit: opts.deposit ?? 2000,
      tags: opts.tags ?? ['친목'],
    },
  });
  if (res.statusCode !== 201) throw new Error(`party: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}
