import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rounds } from '../../../src/server/db/schema/game';
import { users } from '../../../src/server/db/schema/users';
import { API_MESSAGES as M } from '../../../src/shared/api-messages';
import {
  bearer,
  createParty,
  createStudent,
  createStudents,
  createTestApp,
  multipart,
  type TestApp,
  tinyPng,
  tokenFor,
} from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { paidParty, toggle } from '../live/live-helpers';
import { expectInvariants, koreanErrorMessages, orphanUploads, tableCounts } from './security-helpers';
import { listenOnLoopback } from '../../helpers/listen';

/**
 * Property-based fuzzing of every JSON and multipart body: whatever arrives — wrong types, nulls, arrays for
 * objects, huge or odd unicode strings, NUL bytes, numbers past the database's integers, prototype-pollution keys —
 * the answer is never a 5xx, always JSON with a Korean message, and nothing is half-written: the tables change by
 * exactly what the 2xx answers did, balances equal the ledger, seats equal participations, counters equal votes.
 */

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 50);
type Counts = Awaited<ReturnType<typeof tableCounts>>;

// ---- arbitraries -------------------------------------------------------------------------------------------------

const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '__proto__',
  'constructor',
  '😀👍🏽',
  '\u202eevil',
  '\uFEFF',
  'null',
  '1e309',
  '１２３',
  'ENFP',
  'POINT',
);
// 3 bytes each in UTF-8: at most 150 KB, under the 256 KB body limit on its own.
const hugeText = fc.integer({ min: 2_000, max: 50_000 }).map((n) => '가'.repeat(n));
const text = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 }), nasty, hugeText);
const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 1e10, 1e12, Number.MAX_SAFE_INTEGER, 1e308, -1e308),
);
const scalar = fc.oneof(fc.constant(null), fc.boolean(), number, text);
const key = fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'));
const wild: fc.Arbitrary<unknown> = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 4 }),
  fc.dictionary(key, scalar, { maxKeys: 4 }),
  fc.constant(undefined),
);

/** A field: often one of the values the endpoint accepts (to get past the first check), otherwise anything. */
/** A student waiting for a decision on a card sent at the time the decisions' valid `card_submitted_at` names. */
const APPLICANT = { verificationStatus: 'pending', cardSubmittedAt: new Date('2026-03-01T10:00:00.000Z') } as const;

const field = (...valid: unknown[]) => (valid.length ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...valid) }, { weight: 3, arbitrary: wild }) : wild);

/** A body: anything at all, or an object of the endpoint's fields (each valid or not) plus stray keys. */
function bodyOf(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const shaped = fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(key, scalar, { maxKeys: 2 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
  return fc.oneof({ weight: 1, arbitrary: wild }, { weight: 5, arbitrary: shaped });
}

// Raw texts sent as application/json: broken JSON and the pollution payloads secure-json-parse must refuse.
const rawJson = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '{"__proto__":{"is_admin":true}}',
    '{"constructor":{"prototype":{"is_admin":true}}}',
    '{"a":',
    '[',
    '"',
    'null',
    '[]',
    '{}',
    '1e999',
    '{"a":1,"a":2}',
  ),
);

// ---- the fixture -------------------------------------------------------------------------------------------------

interface Fx {
  t: TestApp;
  base: string;
  host: string;
  ops: Record<string, string>;
  member: { id: number; auth: Record<string, string> };
  mate: { id: number; auth: Record<string, string> };
  live: number;
  questionId: number;
  payer: { auth: Record<string, string> };
  payParticipation: number;
  deposit: number;
  notificationId: number;
  reportId: number;
  leaver: { id: number; auth: Record<string, string>; password: string };
  changer: { auth: Record<string, string> };
  /** A one-time password-reset link's token, issued by an operator. */
  resetToken: string;
  grantee: number;
  /** A student the operators suspend (once: a second suspension is 409 while the first is in force). */
  suspendee: number;
  placeId: number;
  /** Students whose cards wait for an operator. */
  applicants: [number, number];
  /** A party operators edit, with a paid student in it (an edit must never take a seat or a deposit away). */
  editable: number;
  /** The place and the party operators edit, as they were before the fuzzing (what the edit answers show). */
  placeBefore: unknown;
  partyBefore: unknown;
}

type PlaceAnswer = { name: string; x_norm: number; y_norm: number; photo: string | null };
type PartyAnswer = { title: string; description: string; place: { id: number }; start_time: string; max_participants: number; deposit: number; tags: string[] };
const placeState = ({ name, x_norm, y_norm, photo }: PlaceAnswer) => ({ name, x_norm, y_norm, photo });
const campusState = ({ school, campus_name }: { school: string; campus_name: string }) => ({ school, campus_name });
// Tags in another order are the same tags (the server does not count that as a change).
const partyState = ({ title, description, place, start_time, max_participants, deposit, tags }: PartyAnswer) => ({
  title,
  description,
  place: place.id,
  start_time,
  max_participants,
  deposit,
  tags: [...tags].sort(),
});
const opsGet = async (t: TestApp, url: string) => (await t.app.inject({ method: 'GET', url, headers: { 'x-ops-token': t.opsToken } })).json() as unknown;

/** Edits that changed something, from the answers in order: the audit log records changes, not calls. */
function changes(ok: Ok[], before: unknown, state: (answer: never) => unknown) {
  let last = JSON.stringify(before);
  let n = 0;
  for (const o of ok) {
    const now = JSON.stringify(state(o.answer as never));
    if (now !== last) n += 1;
    last = now;
  }
  return n;
}

async function setUp(t: TestApp): Promise<Fx> {
  const base = await listenOnLoopback(t.app);
  const { partyId: live, students } = await paidParty(t, 2);
  const [member, mate] = students;
  for (const s of students) await toggle(t, live, s.auth);
  const deposit = 1500;
  const upcoming = await createParty(t, { hoursFromNow: 48, deposit, max: 5 });
  const [payer] = await createStudents(t, 1);
  const payParticipation = (await t.app.inject({ method: 'POST', url: `/api/reserve/join/${upcoming}/`, headers: payer.auth })).json().id as number;
  const report = await t.app.inject({
    method: 'POST',
    url: '/api/mypage/reports/',
    headers: mate.auth,
    payload: { party: live, reported_user: member.id, category: 'OTHER', content: '신고' },
  });
  // A student with a password (withdrawal needs it) and a paid seat (withdrawal refunds it).
  const leaver = await createStudent(t, {}, 'leaver-pass1');
  const leaverAuth = bearer(await tokenFor(t, leaver.id));
  const j = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${upcoming}/`, headers: leaverAuth });
  await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${j.json().id}/`, headers: leaverAuth, payload: { payment_method: 'POINT' } });
  // The demo command needs the demo students; plenty of points so that a valid demo always succeeds.
  for (const username of ['student1', 'student2']) {
    const s = await createStudent(t, { username });
    await t.app.inject({ method: 'POST', url: `/api/ops/users/${s.id}/points/`, headers: { 'x-ops-token': t.opsToken }, payload: { amount: 1_000_000, reason: '데모' } });
  }

  await t.app.inject({ method: 'POST', url: '/api/ops/operators/', headers: { 'x-ops-token': t.opsToken }, payload: FUZZ_OPERATOR });

  t.clock.advance(20 * 60_000); // the live party has started: reviews are open, standby still is
  const memberAuth = bearer(await tokenFor(t, member.id));
  const questionIds = await roundQuestions(t, live, memberAuth);
  const notices = (await t.app.inject({ method: 'GET', url: '/api/notice/', headers: memberAuth })).json() as { id: number }[];
  const editable = (await paidParty(t, 1, { deposit: 500, max: 4, minutesFromNow: 3 * 24 * 60 })).partyId;
  return {
    t,
    base,
    host: new URL(base).host,
    ops: { 'x-ops-token': t.opsToken },
    member: { id: member.id, auth: memberAuth },
    mate: { id: mate.id, auth: bearer(await tokenFor(t, mate.id)) },
    live,
    questionId: questionIds[0],
    payer: { auth: bearer(await tokenFor(t, payer.id)) },
    payParticipation,
    deposit,
    notificationId: notices[0].id,
    reportId: report.json().id,
    leaver: { id: leaver.id, auth: bearer(await tokenFor(t, leaver.id)), password: 'leaver-pass1' },
    changer: { auth: (await createStudents(t, 1))[0].auth },
    resetToken: await resetLink(t),
    grantee: mate.id,
    suspendee: (await createStudent(t)).id,
    placeId: t.placeId!,
    // Their cards are the one the decisions' valid card_submitted_at names.
    applicants: [(await createStudent(t, APPLICANT)).id, (await createStudent(t, APPLICANT)).id],
    editable,
    placeBefore: placeState(((await opsGet(t, '/api/ops/places/')) as (PlaceAnswer & { id: number })[]).find((p) => p.id === t.placeId)!),
    partyBefore: partyState((await opsGet(t, `/api/ops/parties/${editable}/`)) as PartyAnswer),
  };
}

async function resetLink(t: TestApp): Promise<string> {
  const { id } = await createStudent(t, {}, 'before-reset1');
  const res = await t.app.inject({ method: 'POST', url: `/api/ops/users/${id}/password-reset/`, headers: { 'x-ops-token': t.opsToken } });
  return new URL(res.json().url as string, 'http://x').searchParams.get('token')!;
}

async function roundQuestions(t: TestApp, partyId: number, auth: Record<string, string>): Promise<number[]> {
  const [r] = await t.database.db.select({ id: rounds.id }).from(rounds).where(eq(rounds.partyId, partyId));
  const game = (await t.app.inject({ method: 'GET', url: `/api/v1/game/rounds/${r.id}/`, headers: auth })).json() as { questions: { id: number }[] };
  return game.questions.map((q) => q.id);
}

// ---- the endpoints -----------------------------------------------------------------------------------------------

type Ok = { status: number; sent: unknown; answer: unknown };
interface JsonTarget {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: (fx: Fx) => string;
  headers?: (fx: Fx) => Record<string, string>;
  fields: (fx: Fx) => Record<string, fc.Arbitrary<unknown>>;
  /** Exact change of the listed counts given the 2xx answers; every count not listed (nor in `free`) stays. */
  delta?: (ok: Ok[], fx: Fx) => Partial<Counts>;
  free?: (keyof Counts)[];
  /** Sees every answer (e.g. to carry on with the fresh token a password change hands out). */
  after?: (res: { statusCode: number; json: () => unknown }, fx: Fx) => void;
}

const validMbti = { i_e: 'I', n_s: 'S', f_t: 'F', p_j: 'P' };
const FUZZ_OPERATOR = { username: 'fuzz_operator', password: 'operator-pass1' };
const TARGETS: JsonTarget[] = [
  { name: 'login', method: 'POST', url: () => '/api/signup/auth/login/', fields: () => ({ username: field('student1', 'nobody'), password: field('password123') }) },
  { name: 'refresh', method: 'POST', url: () => '/api/signup/auth/refresh/', fields: () => ({ refresh: field('x'.repeat(43)) }) },
  { name: 'logout', method: 'POST', url: () => '/api/signup/auth/logout/', fields: () => ({ refresh: field('x'.repeat(43)) }) },
  {
    name: 'kakao',
    method: 'POST',
    url: () => '/api/signup/auth/kakao/',
    headers: (fx) => ({ host: fx.host }),
    fields: (fx) => ({ code: field('some-code', 'x'.repeat(2048)), redirect_uri: field(`${fx.base}/oauth/kakao/callback`, 'https://evil.example/oauth/kakao/callback') }),
    delta: (ok) => ({ users: ok.length, ledger: ok.length, points: 10_000 * ok.length }),
  },
  {
    name: 'pay',
    method: 'POST',
    url: (fx) => `/api/reserve/pay/${fx.payParticipation}/`,
    headers: (fx) => fx.payer.auth,
    fields: () => ({ payment_method: field('POINT', 'CARD', 'point') }),
    // Paying again answers like the first time and charges nothing more.
    delta: (ok, fx) => (ok.length ? { ledger: 1, points: -fx.deposit } : {}),
    free: ['notifications'],
  },
  {
    name: 'notice patch',
    method: 'PATCH',
    url: (fx) => `/api/notice/${fx.notificationId}/`,
    headers: (fx) => fx.member.auth,
    fields: () => ({ is_read: field(true, false, 'true', 1) }),
  },
  ...(['POST', 'PATCH'] as const).map(
    (method): JsonTarget => ({
      name: `extra settings ${method}`,
      method,
      url: () => '/api/mypage/extra-settings/me/',
      headers: (fx) => fx.member.auth,
      fields: () => ({
        extra: fc.oneof(
          fc.record(
            { grade: field('1학년', '대학원생'), college: field('공과대학', '법과대학'), personality: field('활발한'), mbti: field('ENFP', 'enfp', validMbti, { ...validMbti, i_e: 'X' }) },
            { requiredKeys: [] },
          ),
          wild,
        ),
        grade: field('2학년'),
        mbti_ie: field('E'),
      }),
      free: ['extra'],
    }),
  ),
  {
    name: 'reviews',
    method: 'POST',
    url: () => '/api/mypage/reviews/',
    headers: (fx) => fx.member.auth,
    fields: (fx) => ({
      party: field(fx.live, String(fx.live), 999_999),
      q1_rating: field(1, 5, '3'),
      q2_rating: field(2, 0, 6),
      q3_rating: field(4, 4.5),
      comment: field('좋았어요', '<img src=x onerror=alert(1)>'),
    }),
    delta: (ok) => ({ reviews: ok.length }),
  },
  {
    name: 'reports',
    method: 'POST',
    url: () => '/api/mypage/reports/',
    headers: (fx) => fx.member.auth,
    fields: (fx) => ({
      party: field(fx.live, 999_999),
      reported_user: field(fx.mate.id, fx.member.id, 999_999),
      category: field('FAKE_INFO', 'UNPLEASANT', 'INAPPROPRIATE_ACT', 'BAD_PHOTO', 'OTHER', 'other'),
      content: field('부적절한 행동', '   ', '<script>alert(1)</script>'),
    }),
    delta: (ok) => ({ reports: ok.length }),
  },
  {
    name: 'profile password',
    method: 'POST',
    url: () => '/api/mypage/profile/',
    // A student of its own: a change ends every other session at once, and the fuzz goes on with the fresh token.
    headers: (fx) => fx.changer.auth,
    fields: () => ({ new_password: field('new-password1', 'short'), new_password2: field('new-password1', 'other-pass1') }),
    after: (res, fx) => {
      if (res.statusCode === 200) fx.changer.auth = bearer((res.json() as { access: string }).access);
    },
  },
  {
    name: 'password reset',
    method: 'POST',
    url: () => '/api/signup/auth/password-reset/',
    // A live link of its own student: the first good body spends it, and every later one must be refused whole.
    fields: (fx) => ({ token: field(fx.resetToken, 'x'.repeat(43)), new_password: field('reset-pass123', 'short'), new_password2: field('reset-pass123') }),
  },
  {
    name: 'password reset by email',
    method: 'POST',
    url: () => '/api/signup/auth/password-reset/request/',
    fields: () => ({ email: field('student1@hanbit.ac.kr', 'not-an-email') }),
  },
  {
    name: 'withdraw',
    method: 'POST',
    url: () => '/api/mypage/withdraw/',
    headers: (fx) => fx.leaver.auth,
    fields: (fx) => ({ password: field('wrong-password', fx.leaver.password) }),
    // A successful withdrawal refunds the paid seat (ledger, seat, notification); the invariants check those rows.
    free: ['ledger', 'points', 'applied', 'notifications'],
  },
  {
    name: 'vote',
    method: 'POST',
    url: (fx) => `/api/v1/game/questions/${fx.questionId}/vote/`,
    headers: (fx) => fx.member.auth,
    fields: () => ({ choice: field('A', 'B', 'a', 'C') }),
    delta: (ok) => ({ votes: ok.length }),
  },
  {
    name: 'ops places',
    method: 'POST',
    url: () => '/api/ops/places/',
    headers: (fx) => fx.ops,
    fields: () => ({ name: fc.oneof(fc.uuid().map((u) => `장소-${u}`), wild), x_norm: field(0, 0.5, 1, 1.01, -0.1), y_norm: field(0.3), photo: field('/art/places/library.webp') }),
    delta: (ok) => ({ places: ok.length, audit: ok.length }),
  },
  {
    name: 'ops parties',
    method: 'POST',
    url: () => '/api/ops/parties/',
    headers: (fx) => fx.ops,
    fields: (fx) => ({
      title: field('퍼징 파티'),
      description: field('설명'),
      place_id: field(fx.placeId, 999_999),
      start_time: field('2026-04-01T19:00:00+09:00', '2026-04-01 19:00', '9999-12-31T23:59:59Z', '0000-01-01T00:00:00Z'),
      max_participants: field(2, 50, 51, 1),
      deposit: field(0, 1000, 100_001),
      tags: field(['친목'], ['a', 'a'], Array.from({ length: 11 }, (_, i) => `t${i}`)),
    }),
    delta: (ok) => ({ parties: ok.length, audit: ok.length }),
  },
  {
    name: 'ops place edit',
    method: 'PATCH',
    url: (fx) => `/api/ops/places/${fx.placeId}/`,
    headers: (fx) => fx.ops,
    fields: () => ({ name: fc.oneof(fc.uuid().map((u) => `장소-${u}`), wild), x_norm: field(0, 0.42, 1, 1.01, -0.1), y_norm: field(0.3, Number.NaN), photo: field(null) }),
    delta: (ok, fx) => ({ audit: changes(ok, fx.placeBefore, placeState) }),
  },
  {
    // Issue 29: the campus's names. Audited when they change, like the place edits.
    name: 'ops campus names',
    method: 'PUT',
    url: () => '/api/ops/campus/',
    headers: (fx) => fx.ops,
    fields: () => ({ school: field('새솔대학교', '한빛대학교'), campus_name: field('서울캠퍼스', '') }),
    delta: (ok) => ({ audit: changes(ok, { school: '한빛대학교', campus_name: '' }, campusState) }),
  },
  {
    name: 'ops party edit',
    method: 'PATCH',
    url: (fx) => `/api/ops/parties/${fx.editable}/`,
    headers: (fx) => fx.ops,
    fields: (fx) => ({
      title: field('고친 파티'),
      description: field('고친 설명', ''),
      place_id: field(fx.placeId, 999_999),
      start_time: field('2026-04-02T19:00:00+09:00', '2020-01-01T00:00:00Z', 'tomorrow'),
      max_participants: field(0, 1, 4, 50, 51),
      deposit: field(0, 500, 1000, -1),
      tags: field(['친목'], [], ['a', 'a']),
    }),
    delta: (ok, fx) => ({ audit: changes(ok, fx.partyBefore, partyState) }),
    free: ['notifications'],
  },
  {
    name: 'ops demo',
    method: 'POST',
    url: () => '/api/ops/demo/',
    headers: (fx) => fx.ops,
    fields: () => ({ minutes: field(5, 0, 1440, 1441), title: field('데모') }),
    delta: (ok) => ({ parties: ok.length, audit: ok.length }),
    free: ['participations', 'applied', 'ledger', 'points', 'notifications'],
  },
  {
    name: 'ops points',
    method: 'POST',
    url: (fx) => `/api/ops/users/${fx.grantee}/points/`,
    headers: (fx) => fx.ops,
    fields: () => ({ amount: field(100, -100, 0, -1_000_000, 2_147_483_000, 3e9), reason: field('보상') }),
    delta: (ok) => ({ ledger: ok.length, points: ok.reduce((sum, o) => sum + (o.sent as { amount: number }).amount, 0), audit: ok.length }),
  },
  {
    name: 'ops suspension',
    method: 'POST',
    url: (fx) => `/api/ops/users/${fx.suspendee}/suspension/`,
    headers: (fx) => fx.ops,
    fields: () => ({
      reason: field('파티 중 폭언', '가'.repeat(200), '가'.repeat(201), ''),
      ends_at: field(null, '2026-04-02T19:00:00+09:00', '2020-01-01T00:00:00Z', 'tomorrow'),
      refund_in_full: field(true, false, 'yes'),
    }),
    delta: (ok) => ({ audit: ok.length }),
    free: ['notifications'],
  },
  {
    name: 'ops report resolve',
    method: 'POST',
    url: (fx) => `/api/ops/reports/${fx.reportId}/resolve/`,
    headers: (fx) => fx.ops,
    fields: () => ({ action: field('warn', 'dismiss', 'WARN') }),
    delta: (ok) => ({ audit: ok.length }),
    free: ['warnings', 'notifications'],
  },
  {
    name: 'ops login',
    method: 'POST',
    url: () => '/api/ops/auth/login/',
    fields: () => ({ username: field(FUZZ_OPERATOR.username, 'nobody'), password: field(FUZZ_OPERATOR.password) }),
    delta: (ok) => ({ sessions: ok.length }),
  },
  {
    name: 'ops operator add',
    method: 'POST',
    url: () => '/api/ops/operators/',
    headers: (fx) => fx.ops,
    fields: () => ({ username: fc.oneof(fc.uuid().map((u) => `op_${u.slice(0, 8)}`), wild), password: field('operator-pass1', 'short') }),
    delta: (ok) => ({ operators: ok.length, audit: ok.length }),
  },
  {
    name: 'ops verification approve',
    method: 'POST',
    url: (fx) => `/api/ops/verifications/${fx.applicants[0]}/approve/`,
    headers: (fx) => fx.ops,
    fields: () => ({ card_submitted_at: field('2026-03-01T10:00:00.000Z', 'yesterday') }),
    delta: (ok) => ({ audit: ok.length }),
    free: ['notifications'],
  },
  {
    name: 'ops privacy publish',
    method: 'POST',
    url: () => '/api/ops/privacy/',
    headers: (fx) => fx.ops,
    // Only dates far ahead are valid here, so the version in effect (which the signup fuzz agrees to) stays the same.
    fields: () => ({ body: field('# 개인정보 처리방침\n\n새 버전', '', '   ', '가'.repeat(50_001)), effective_date: field('2099-01-01', '2026-02-30', '2020-01-01', '2099-1-1') }),
    // A 201 published a version; the newest version sent again (the same valid text and day) answers 200 and
    // publishes nothing, so only the 201s count.
    delta: (ok) => ({ privacy: ok.filter((o) => o.status === 201).length, audit: ok.filter((o) => o.status === 201).length }),
  },
  {
    name: 'ops verification reject',
    method: 'POST',
    url: (fx) => `/api/ops/verifications/${fx.applicants[1]}/reject/`,
    headers: (fx) => fx.ops,
    fields: () => ({ reason: field('학생증이 흐립니다', '', '가'.repeat(201)), card_submitted_at: field('2026-03-01T10:00:00.000Z') }),
    delta: (ok) => ({ audit: ok.length }),
    free: ['notifications'],
  },
];

const answerOf = (res: { statusCode: number; json: () => unknown }) => (res.statusCode === 204 ? null : res.json());

function expectWellFormed(res: { statusCode: number; headers: Record<string, unknown>; body: string; json: () => unknown }, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) koreanErrorMessages(res as Parameters<typeof koreanErrorMessages>[0]);
  else if (res.statusCode === 204) expect(res.body).toBe('');
  else expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
}

function expectDelta(before: Counts, after: Counts, expected: Partial<Counts>, free: (keyof Counts)[] = []) {
  const changed: Partial<Counts> = {};
  for (const k of Object.keys(before) as (keyof Counts)[]) {
    if (free.includes(k)) continue;
    const d = after[k] - before[k];
    if (d !== (expected[k] ?? 0)) changed[k] = d;
  }
  expect(changed, `unexpected changes (expected ${JSON.stringify(expected)})`).toEqual({});
}

const show = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 200 ? `${s.slice(0, 200)}… (${s.length} chars)` : s;
};

/**
 * fc.assert, but the report stays readable: a counterexample may hold a 150 KB string, so it is shortened, and the
 * seed is given to replay the run (FUZZ_SEED).
 */
async function runFuzz<T extends unknown[]>(property: fc.IAsyncProperty<T>, numRuns: number) {
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
  const out = await fc.check(property, { numRuns, endOnFailure: true, ...(seed === undefined ? {} : { seed }) });
  if (!out.failed) return;
  const cause = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
  throw new Error(`failed after ${out.numRuns} runs (FUZZ_SEED=${out.seed}) on ${show(out.counterexample)}:\n${cause.slice(0, 1500)}`);
}

describeEachDb('fuzzing every body', (kind) => {
  let fx: Fx;
  // The fixture makes many students (password hashes) and parties: on a busy 2-core machine that outlasts the
  // default hook cap (seen once), and the cap only has to catch a set-up that never ends.
  beforeAll(async () => {
    const t = await createTestApp({ kind });
    fx = await setUp(t);
  }, 300_000);
  afterAll(() => fx?.t.close());

  for (const target of TARGETS) {
    it(`${target.method} ${target.name}: never a 5xx, always a Korean error, no partial write`, async () => {
      const { t } = fx;
      const before = await tableCounts(t);
      const ok: Ok[] = [];
      await runFuzz(
        fc.asyncProperty(bodyOf(target.fields(fx)), async (sent) => {
          const res = await t.app.inject({
            method: target.method,
            url: target.url(fx),
            headers: { ...target.headers?.(fx), ...(sent === undefined ? {} : { 'content-type': 'application/json' }) },
            payload: sent === undefined ? undefined : JSON.stringify(sent),
          });
          expectWellFormed(res, `${target.name} ${show(sent)}`);
          target.after?.(res, fx);
          if (res.statusCode < 300) ok.push({ status: res.statusCode, sent, answer: answerOf(res) });
        }),
        NUM_RUNS,
      );
      await runFuzz(
        fc.asyncProperty(rawJson, async (raw) => {
          const res = await t.app.inject({ method: target.method, url: target.url(fx), headers: { ...target.headers?.(fx), 'content-type': 'application/json' }, payload: raw });
          expectWellFormed(res, `${target.name} raw ${show(raw)}`);
          target.after?.(res, fx);
          if (res.statusCode < 300) ok.push({ status: res.statusCode, sent: JSON.parse(raw), answer: answerOf(res) });
        }),
        15,
      );
      expectDelta(before, await tableCounts(t), target.delta?.(ok, fx) ?? {}, target.free);
      await expectInvariants(t);
      expect(({} as Record<string, unknown>).is_admin).toBeUndefined(); // nothing reached Object.prototype
    });
  }

  // ---- multipart ---------------------------------------------------------------------------------------------

  const someFile = fc.oneof(
    fc.constant('none' as const),
    fc.constant('png' as const),
    fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
    fc.constant(Buffer.from('%PDF-1.4 not a photo')),
    fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
  );
  const str = (...valid: string[]) => fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...valid) }, { weight: 3, arbitrary: text });

  const MULTIPART: {
    name: string;
    method: 'POST' | 'PATCH';
    url: string;
    fileField: string;
    actor: () => Promise<Record<string, string>>;
    fields: () => Record<string, fc.Arbitrary<string>>;
  }[] = [
    {
      name: 'signup',
      method: 'POST',
      url: '/api/signup/auth/signup/',
      fileField: 'student_card_image',
      actor: async () => ({}),
      fields: () => ({
        username: fc.oneof(fc.integer({ min: 1, max: 1e9 }).map((n) => `fuzz_${n}`), text),
        password: str('fuzz-pass1'),
        password2: str('fuzz-pass1'),
        name: str('퍼징'),
        email: fc.oneof(fc.integer({ min: 1, max: 1e9 }).map((n) => `fuzz${n}@hanbit.ac.kr`), text),
        phone: fc.oneof(fc.integer({ min: 10_000_000, max: 99_999_999 }).map((n) => `011${n}`), text),
        school: str('한빛대학교'),
        privacy_policy_version: str('1', '0', '999', '01'),
      }),
    },
    {
      name: 'profile',
      method: 'PATCH',
      url: '/api/mypage/profile/',
      fileField: 'profile_image',
      actor: async () => (await createStudents(fx.t, 1))[0].auth,
      fields: () => ({ intro: str('안녕하세요', ''), bio: str('소개') }),
    },
    {
      name: 'additional info',
      method: 'POST',
      url: '/api/mypage/additional/',
      fileField: 'student_card_image',
      actor: async () => bearer(await tokenFor(fx.t, (await createStudent(fx.t, { isAdditionalInfoProvided: false, phone: null, email: null })).id)),
      fields: () => ({
        school: str('한빛대학교'),
        phone: fc.oneof(fc.integer({ min: 10_000_000, max: 99_999_999 }).map((n) => `016${n}`), text),
        email: fc.oneof(fc.constant(''), fc.integer({ min: 1, max: 1e9 }).map((n) => `extra${n}@hanbit.ac.kr`), text),
      }),
    },
    {
      // Issue 29: the campus map's two drawings; none of these files has the sizes, so every one is refused.
      name: 'campus map',
      method: 'POST',
      url: '/api/ops/campus/map/',
      fileField: 'overview',
      actor: async () => fx.ops,
      fields: () => ({}),
    },
    {
      name: 'student card',
      method: 'POST',
      url: '/api/mypage/student-card/',
      fileField: 'student_card_image',
      actor: async () => bearer(await tokenFor(fx.t, (await createStudent(fx.t, { verificationStatus: 'rejected', verificationReason: '흐림' })).id)),
      fields: () => ({}),
    },
  ];

  for (const target of MULTIPART) {
    it(`${target.method} ${target.name} (multipart): never a 5xx, always a Korean error, nothing stored when refused`, async () => {
      const { t } = fx;
      const png = await tinyPng();
      let created = 0;
      const usersBefore = (await tableCounts(t)).users;
      await runFuzz(
        fc.asyncProperty(
          fc.record(target.fields(), { requiredKeys: [] }),
          fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), text, { maxKeys: 2 }),
          someFile,
          fc.boolean(),
          async (fields, extra, file, rightName) => {
            const auth = await target.actor();
            const files =
              file === 'none'
                ? {}
                : { [rightName ? target.fileField : 'other_file']: { bytes: file === 'png' ? png : file, name: 'photo.png', type: 'image/png' } };
            const body = await multipart({ ...extra, ...fields } as Record<string, string>, files);
            const res = await t.app.inject({ method: target.method, url: target.url, headers: { ...auth, ...body.headers }, payload: body.payload });
            expectWellFormed(res, `${target.name} ${show(fields)} file=${Buffer.isBuffer(file) ? `${file.length} bytes` : file}`);
            if (res.statusCode === 201 && target.name === 'signup') created += 1;
            expect(await orphanUploads(t)).toEqual([]);
          },
        ),
        Math.ceil(NUM_RUNS / 2),
      );
      if (target.name === 'signup') expect((await tableCounts(t)).users - usersBefore).toBe(created);
      await expectInvariants(t);
    });
  }

  // ---- the inputs the fuzzers found, pinned --------------------------------------------------------------------

  it('answers 400, not 500, for a NUL character in text that reaches the database', async () => {
    const { t, ops, member, live, mate } = fx;
    const cases: [string, string, Record<string, string>, unknown][] = [
      ['POST', '/api/signup/auth/login/', {}, { username: 'a\u0000b', password: 'x' }],
      ['POST', '/api/ops/places/', ops, { name: 'a\u0000b', x_norm: 0.1, y_norm: 0.1 }],
      ['PUT', '/api/ops/campus/', ops, { school: 'a\u0000b' }],
      ['POST', `/api/ops/users/${mate.id}/points/`, ops, { amount: 1, reason: 'a\u0000b' }],
      ['POST', '/api/ops/parties/', ops, { title: '파티', place_id: fx.placeId, start_time: '2026-04-01T19:00:00+09:00', max_participants: 4, deposit: 0, tags: ['a\u0000b'] }],
      ['POST', '/api/mypage/reports/', member.auth, { party: live, reported_user: mate.id, category: 'FAKE_INFO', content: 'a\u0000b' }],
      // mate is a participant of the started party and never reviews during the fuzzing: this one reaches the insert.
      ['POST', '/api/mypage/reviews/', mate.auth, { party: live, q1_rating: 1, q2_rating: 1, q3_rating: 1, comment: 'a\u0000b' }],
    ];
    const before = await tableCounts(t);
    const got: string[] = [];
    for (const [method, url, headers, payload] of cases) {
      const res = await t.app.inject({ method: method as 'POST', url, headers, payload: payload as object });
      if (res.statusCode >= 500) got.push(`${url} → ${res.statusCode}`);
      else koreanErrorMessages(res);
    }
    for (const [url, fields] of [
      ['/api/mypage/profile/', { intro: 'a\u0000b' }],
      ['/api/mypage/additional/', { school: 'a\u0000b', phone: '01700000001' }],
    ] as const) {
      const body = await multipart(fields, { student_card_image: { bytes: await tinyPng(), name: 'c.png', type: 'image/png' } });
      const res = await t.app.inject({ method: url.includes('profile') ? 'PATCH' : 'POST', url, headers: { ...member.auth, ...body.headers }, payload: body.payload });
      if (res.statusCode >= 500) got.push(`${url} → ${res.statusCode}`);
    }
    const signup = await multipart(
      { username: 'nul_name', password: 'nul-pass12', password2: 'nul-pass12', name: 'a\u0000b', email: 'nul@hanbit.ac.kr', phone: '01700000002', school: '한빛', privacy_policy_version: '1' },
      { student_card_image: { bytes: await tinyPng(), name: 'c.png', type: 'image/png' } },
    );
    const s = await t.app.inject({ method: 'POST', url: '/api/signup/auth/signup/', ...signup });
    if (s.statusCode >= 500) got.push(`/api/signup/auth/signup/ → ${s.statusCode}`);
    expect(got).toEqual([]);
    expectDelta(before, await tableCounts(t), {});
  });

  it('answers 400, not 500, for ids and amounts beyond the database integer', async () => {
    const { t, ops, member, live, mate } = fx;
    const cases: [string, Record<string, string>, unknown][] = [
      ['/api/mypage/reviews/', member.auth, { party: 1e12, q1_rating: 1, q2_rating: 1, q3_rating: 1 }],
      ['/api/mypage/reports/', member.auth, { party: 1e12, reported_user: mate.id, category: 'OTHER', content: '내용' }],
      ['/api/mypage/reports/', member.auth, { party: live, reported_user: 1e12, category: 'OTHER', content: '내용' }],
      ['/api/ops/parties/', ops, { title: '파티', place_id: 1e10, start_time: '2026-04-01T19:00:00+09:00', max_participants: 4, deposit: 0 }],
      [`/api/ops/users/${mate.id}/points/`, ops, { amount: 3e9, reason: '너무 많이' }],
      [`/api/ops/users/${mate.id}/points/`, ops, { amount: 2_147_483_000, reason: '잔액 넘침' }],
      ['/api/ops/parties/', ops, { title: '파티', place_id: fx.placeId, start_time: '0000-01-01T00:00:00Z', max_participants: 4, deposit: 0 }],
    ];
    const before = await tableCounts(t);
    const got: string[] = [];
    for (const [url, headers, payload] of cases) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload: payload as object });
      if (res.statusCode >= 500) got.push(`${url} ${JSON.stringify(payload)} → ${res.statusCode}`);
      else koreanErrorMessages(res);
    }
    expect(got).toEqual([]);
    expectDelta(before, await tableCounts(t), {});
    await expectInvariants(t);
  });

  it('answers 400, not 500, for a malformed multipart body', async () => {
    const { t, member } = fx;
    const broken = [
      { 'content-type': 'multipart/form-data; boundary=xyz', payload: 'garbage' },
      { 'content-type': 'multipart/form-data; boundary=xyz', payload: '--xyz\r\nContent-Disposition: form-data; name="intro"\r\n\r\ncut off' },
      { 'content-type': 'multipart/form-data', payload: 'no boundary' },
    ];
    const got: string[] = [];
    for (const [method, url, auth] of [
      ['POST', '/api/signup/auth/signup/', {}],
      ['PATCH', '/api/mypage/profile/', member.auth],
      ['POST', '/api/mypage/additional/', member.auth],
    ] as const) {
      for (const { payload, ...headers } of broken) {
        const res = await t.app.inject({ method, url, headers: { ...auth, ...headers }, payload });
        if (res.statusCode !== 400) got.push(`${method} ${url} ${JSON.stringify(payload)} → ${res.statusCode}`);
        else expect(koreanErrorMessages(res)).toEqual([M.invalidBody]);
      }
    }
    expect(got).toEqual([]);
  });

  it('leaves no photo file behind when a profile save with a photo is refused', async () => {
    const { t } = fx;
    const [s] = await createStudents(t, 1);
    const body = await multipart({ intro: 'a\u0000b' }, { profile_image: { bytes: await tinyPng(), name: 'me.png', type: 'image/png' } });
    const res = await t.app.inject({ method: 'PATCH', url: '/api/mypage/profile/', headers: { ...s.auth, ...body.headers }, payload: body.payload });
    expect(await orphanUploads(t)).toEqual([]);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('creates nothing when the demo command is refused half-way', async () => {
    const { t, ops } = fx;
    // The second demo student can no longer pay the deposit: the first one joins and pays, the second fails.
    const demo = await t.database.db.select({ id: users.id, points: users.points }).from(users).where(inArray(users.username, ['student2']));
    for (const d of demo) {
      const res = await t.app.inject({ method: 'POST', url: `/api/ops/users/${d.id}/points/`, headers: ops, payload: { amount: -d.points, reason: '잔액 비우기' } });
      expect(res.statusCode).toBe(200);
    }
    const before = await tableCounts(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/ops/demo/', headers: ops, payload: { minutes: 10 } });
    expect(res.statusCode).toBe(400);
    koreanErrorMessages(res);
    expectDelta(before, await tableCounts(t), {});
    await expectInvariants(t);
  });
});

it('keeps Object.prototype clean after every fuzz run', () => {
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('is_admin');
  expect(({} as Record<string, unknown>).is_admin).toBeUndefined();
});
