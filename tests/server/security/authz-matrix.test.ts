import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { rounds } from '../../../src/server/db/schema/game';
import { API_MESSAGES as M } from '../../../src/shared/api-messages';
import {
  bearer,
  createParty,
  createStudent,
  createStudents,
  createTestApp,
  loginAs,
  multipart,
  type TestApp,
  tinyPng,
  tokenFor,
} from '../../helpers/test-app';
import { browserSubscription } from '../../helpers/push-service';
import { describeEachDb } from '../../helpers/test-db';
import { paidParty, toggle } from '../live/live-helpers';
import { koreanErrorMessages } from './security-helpers';

/**
 * Every endpoint of spec §7, the additions (history, withdraw, additional info, Kakao config) and every /api/ops/
 * endpoint, called as a guest, as another student, as the party's participant (or the record's owner), with the
 * operator token (X-Ops-Token: the CLI) and as an operator signed in to the console (a Bearer `ops_…` session).
 * Operators never hold a student token: a student token on /api/ops/ is 401, and neither operator credential
 * opens a student endpoint (401).
 */

type Role = 'guest' | 'other' | 'member' | 'ops' | 'console';
const ROLES: Role[] = ['guest', 'other', 'member', 'ops', 'console'];
type Headers = Record<string, string>;
type Request = { payload?: unknown; headers?: Headers };

interface Fixture {
  t: TestApp;
  auth: Record<Role, Headers>;
  other: { id: number };
  member: { id: number };
  mate: { id: number };
  carded: { id: number; username: string; password: string };
  /** An operator account (console sign-in) with the password the login row uses. */
  operator: { username: string; password: string };
  live: number; // started 5 min ago; member and mate confirmed, round created
  roundId: number;
  questionId: number;
  upcoming: number; // in 48 h; member paid
  memberParticipation: number;
  open: number; // in 48 h; member pending — for join
  leave: number; // in 48 h; member pending — for leave
  full: number; // in 48 h; every seat taken by others — for the waitlist
  toCancel: number;
  notificationId: number;
  reportId: number;
  toApprove: number; // pending students, for the operators' decisions
  toReject: number;
  toSuspend: number; // a student for the operators' suspension and its lift
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  url: (fx: Fixture) => string;
  body?: (fx: Fixture, role: Role) => Promise<Request> | Request;
  /** Who the student roles are for this row, when the shared actors would be changed for good (withdrawal). */
  actors?: (fx: Fixture, role: Role) => Promise<Headers>;
  /** The same for the console role (logout ends the session it is called with). */
  consoleActor?: (fx: Fixture) => Promise<Headers>;
  expect: Record<Role, number>;
}

const json = (payload: unknown): Request => ({ payload });
/** When the pending students' cards were sent: what a decision on them names (card_submitted_at). */
const CARD_SENT = new Date('2026-03-01T10:00:00.000Z');
const form = async (fields: Record<string, string>, withCard?: 'student_card_image' | 'profile_image' | 'photo'): Promise<Request> =>
  multipart(fields, withCard ? { [withCard]: { bytes: await tinyPng(), name: 'photo.png', type: 'image/png' } } : {});

/** The two drawings of a campus map at their sizes (flat, cheap to encode). */
const campusMapForm = async (): Promise<Request> => {
  const flat = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#9c9' } }).png().toBuffer();
  const [overview, large] = await Promise.all([flat(822, 460), flat(3704, 1824)]);
  return multipart({}, { overview: { bytes: overview, name: 'overview.png', type: 'image/png' }, large: { bytes: large, name: 'large.png', type: 'image/png' } });
};

let uniq = 0;
const next = () => (uniq += 1);
const phone = () => `0103${String(process.pid % 100).padStart(2, '0')}${String(next()).padStart(5, '0')}`;

const student = (ok: number, otherStatus = ok): Record<Role, number> => ({ guest: 401, other: otherStatus, member: ok, ops: 401, console: 401 });
const everyone = (status: number): Record<Role, number> => ({ guest: status, other: status, member: status, ops: status, console: status });
/** The operator API: the token and a console session alike, unless the route takes only one of them (403 for the other). */
const opsOnly = (ok: number, only?: 'token' | 'session'): Record<Role, number> => ({
  guest: 401,
  other: 401,
  member: 401,
  ops: only === 'session' ? 403 : ok,
  console: only === 'token' ? 403 : ok,
});

/** A console session of the fixture's operator. */
async function consoleSession(t: TestApp, operator: Fixture['operator']): Promise<Headers> {
  const res = await t.app.inject({ method: 'POST', url: '/api/ops/auth/login/', payload: operator });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token as string}` };
}

const ROWS: Row[] = [
  // Public reads (spec §6: visitors may browse).
  { method: 'GET', path: '/api/homemap/home/', url: () => '/api/homemap/home/', expect: everyone(200) },
  { method: 'GET', path: '/api/homemap/tags/', url: () => '/api/homemap/tags/', expect: everyone(200) },
  { method: 'GET', path: '/api/campus/', url: () => '/api/campus/', expect: everyone(200) },
  { method: 'GET', path: '/api/detailview/parties/', url: () => '/api/detailview/parties/', expect: everyone(200) },
  { method: 'GET', path: '/api/detailview/parties/{partyId}/', url: (f) => `/api/detailview/parties/${f.upcoming}/`, expect: everyone(200) },
  { method: 'GET', path: '/api/detailview/parties/{partyId}/calendar.ics', url: (f) => `/api/detailview/parties/${f.upcoming}/calendar.ics`, expect: everyone(200) },
  { method: 'GET', path: '/api/signup/auth/kakao/config/', url: () => '/api/signup/auth/kakao/config/', expect: everyone(200) },
  // The published API description and its page (public, like the spec it describes).
  { method: 'GET', path: '/api/openapi.json', url: () => '/api/openapi.json', expect: everyone(200) },
  { method: 'GET', path: '/api/docs', url: () => '/api/docs', expect: everyone(200) },
  { method: 'GET', path: '/api/docs/', url: () => '/api/docs/', expect: everyone(200) },
  { method: 'GET', path: '/api/docs/json', url: () => '/api/docs/json', expect: everyone(200) },
  { method: 'GET', path: '/api/docs/yaml', url: () => '/api/docs/yaml', expect: everyone(200) },
  { method: 'GET', path: '/api/docs/static/index.html', url: () => '/api/docs/static/index.html', expect: everyone(302) },
  { method: 'GET', path: '/api/docs/static/swagger-initializer.js', url: () => '/api/docs/static/swagger-initializer.js', expect: everyone(200) },
  { method: 'GET', path: '/api/docs/*', url: () => '/api/docs/static/swagger-ui.css', expect: everyone(200) },
  // Auth: public; a token (student or operator) changes nothing.
  {
    method: 'POST',
    path: '/api/signup/auth/login/',
    url: () => '/api/signup/auth/login/',
    body: (f) => json({ username: f.carded.username, password: f.carded.password }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    path: '/api/signup/auth/refresh/',
    url: () => '/api/signup/auth/refresh/',
    body: async (f) => json({ refresh: (await loginAs(f.t, f.carded.username, f.carded.password)).refresh }),
    expect: everyone(200),
  },
  // The refresh token in the body is the credential (a logout of a sign-in whose access token has expired must work).
  {
    method: 'POST',
    path: '/api/signup/auth/logout/',
    url: () => '/api/signup/auth/logout/',
    body: async (f) => json({ refresh: (await loginAs(f.t, f.carded.username, f.carded.password)).refresh }),
    expect: everyone(204),
  },
  {
    method: 'POST',
    path: '/api/signup/auth/signup/',
    url: () => '/api/signup/auth/signup/',
    body: () => {
      const n = next();
      return form(
        { username: `matrix_new${n}`, password: 'matrix-pass1', password2: 'matrix-pass1', name: '새학생', email: `matrix${n}@hanbit.ac.kr`, phone: phone(), school: '한빛대학교', privacy_policy_version: '1' },
        'student_card_image',
      );
    },
    expect: everyone(201),
  },
  {
    method: 'POST',
    path: '/api/signup/auth/kakao/',
    url: () => '/api/signup/auth/kakao/',
    body: () => json({ code: 'some-code', redirect_uri: 'https://evil.example/oauth/kakao/callback' }),
    expect: everyone(400),
  },
  // Password recovery: public; the one-time link in the body is the credential. No SMTP_URL here: 비밀번호 찾기 by email
  // answers 404 (ask an operator) to everyone alike.
  { method: 'GET', path: '/api/signup/auth/password-reset/options/', url: () => '/api/signup/auth/password-reset/options/', expect: everyone(200) },
  {
    method: 'POST',
    path: '/api/signup/auth/password-reset/request/',
    url: () => '/api/signup/auth/password-reset/request/',
    body: (f) => json({ email: `${f.carded.username}@hanbit.ac.kr` }),
    expect: everyone(404),
  },
  {
    method: 'POST',
    path: '/api/signup/auth/password-reset/',
    url: () => '/api/signup/auth/password-reset/',
    body: async (f) => {
      const { id } = await createStudent(f.t);
      const link = await f.t.app.inject({ method: 'POST', url: `/api/ops/users/${id}/password-reset/`, headers: { 'x-ops-token': f.t.opsToken } });
      const token = new URL(link.json().url as string, 'http://x').searchParams.get('token');
      return json({ token, new_password: 'matrix-reset1', new_password2: 'matrix-reset1' });
    },
    expect: everyone(200),
  },
  // Joining, paying, leaving.
  { method: 'POST', path: '/api/reserve/join/{partyId}/', url: (f) => `/api/reserve/join/${f.open}/`, expect: student(409, 201) },
  { method: 'GET', path: '/api/reserve/participation/{id}/', url: (f) => `/api/reserve/participation/${f.memberParticipation}/`, expect: student(200, 404) },
  {
    method: 'POST',
    path: '/api/reserve/pay/{id}/',
    url: (f) => `/api/reserve/pay/${f.memberParticipation}/`,
    body: () => json({ payment_method: 'POINT' }),
    expect: student(200, 404),
  },
  // What leaving would do, asked of the member's paid seat (read only: the seat stays for the rows below).
  { method: 'GET', path: '/api/detailview/parties/{partyId}/leave/', url: (f) => `/api/detailview/parties/${f.upcoming}/leave/`, expect: student(200, 404) },
  { method: 'POST', path: '/api/detailview/parties/{partyId}/leave/', url: (f) => `/api/detailview/parties/${f.leave}/leave/`, expect: student(200, 404) },
  // The waitlist of a full party: fresh students, so the line of the shared actors stays as it is; the member one
  // is in line, the other not.
  {
    method: 'POST',
    path: '/api/reserve/waitlist/{partyId}/',
    url: (f) => `/api/reserve/waitlist/${f.full}/`,
    actors: async (f) => (await createStudents(f.t, 1))[0].auth,
    expect: student(201),
  },
  {
    method: 'DELETE',
    path: '/api/reserve/waitlist/{partyId}/',
    url: (f) => `/api/reserve/waitlist/${f.full}/`,
    actors: async (f, role) => {
      const [s] = await createStudents(f.t, 1);
      if (role === 'member') await f.t.app.inject({ method: 'POST', url: `/api/reserve/waitlist/${f.full}/`, headers: s.auth });
      return s.auth;
    },
    expect: student(204, 404),
  },
  { method: 'GET', path: '/api/reserve/waitlist/{partyId}/', url: (f) => `/api/reserve/waitlist/${f.full}/`, expect: student(200) },
  { method: 'GET', path: '/api/reserve/waitlist/', url: () => '/api/reserve/waitlist/', expect: student(200) },
  // Notifications.
  { method: 'GET', path: '/api/notice/', url: () => '/api/notice/', expect: student(200) },
  { method: 'GET', path: '/api/notice/unread-count/', url: () => '/api/notice/unread-count/', expect: student(200) },
  { method: 'PATCH', path: '/api/notice/{id}/', url: (f) => `/api/notice/${f.notificationId}/`, body: () => json({ is_read: true }), expect: student(200, 404) },
  { method: 'POST', path: '/api/notice/read-all/', url: () => '/api/notice/read-all/', expect: student(200) },
  // Web Push: the key is public; a subscription is a signed-in student's own (an unknown endpoint unsubscribes nothing).
  { method: 'GET', path: '/api/push/key/', url: () => '/api/push/key/', expect: everyone(200) },
  // The 개인정보 처리방침: a guest reads it before signing up.
  { method: 'GET', path: '/api/privacy/', url: () => '/api/privacy/', expect: everyone(200) },
  { method: 'POST', path: '/api/push/subscriptions/', url: () => '/api/push/subscriptions/', body: () => json(browserSubscription(`https://push.example/${next()}`).json), expect: student(204) },
  { method: 'DELETE', path: '/api/push/subscriptions/', url: () => '/api/push/subscriptions/', body: () => json({ endpoint: 'https://push.example/1' }), expect: student(204) },
  // My page.
  { method: 'GET', path: '/api/mypage/main/', url: () => '/api/mypage/main/', expect: student(200) },
  { method: 'GET', path: '/api/mypage/profile/', url: () => '/api/mypage/profile/', expect: student(200) },
  {
    method: 'POST',
    path: '/api/mypage/profile/',
    url: () => '/api/mypage/profile/',
    body: () => json({ new_password: 'changed-pass1', new_password2: 'changed-pass1' }),
    // Fresh students: a password change ends every other session at once, the shared actors' tokens included.
    actors: async (f) => (await createStudents(f.t, 1))[0].auth,
    expect: student(200),
  },
  { method: 'PATCH', path: '/api/mypage/profile/', url: () => '/api/mypage/profile/', body: () => form({ intro: '안녕하세요' }, 'profile_image'), expect: student(200) },
  // The member saved extra settings in the fixture, the other student never did (404 tells the wizard to create).
  { method: 'GET', path: '/api/mypage/extra-settings/me/', url: () => '/api/mypage/extra-settings/me/', expect: student(200, 404) },
  {
    method: 'POST',
    path: '/api/mypage/extra-settings/me/',
    url: () => '/api/mypage/extra-settings/me/',
    body: () => json({ extra: { grade: '2학년', college: '공과대학', personality: '차분한', mbti: { i_e: 'I', n_s: 'N', f_t: 'T', p_j: 'J' } } }),
    expect: student(201),
  },
  {
    method: 'PATCH',
    path: '/api/mypage/extra-settings/me/',
    url: () => '/api/mypage/extra-settings/me/',
    body: () => json({ extra: { grade: '3학년', college: '경영대학', personality: '다정한', mbti: 'ENFP' } }),
    expect: student(200),
  },
  {
    method: 'POST',
    path: '/api/mypage/reviews/',
    url: () => '/api/mypage/reviews/',
    body: (f) => json({ party: f.live, q1_rating: 5, q2_rating: 4, q3_rating: 3, comment: '즐거웠어요' }),
    expect: student(201, 403),
  },
  {
    method: 'POST',
    path: '/api/mypage/reports/',
    url: () => '/api/mypage/reports/',
    body: (f) => json({ party: f.live, reported_user: f.mate.id, category: 'UNPLEASANT', content: '불쾌한 언행' }),
    expect: student(201, 403),
  },
  { method: 'GET', path: '/api/mypage/history/', url: () => '/api/mypage/history/', expect: student(200) },
  {
    // Fresh Kakao accounts (no school, phone or card yet): an approved student's card is final (409).
    method: 'POST',
    path: '/api/mypage/additional/',
    url: () => '/api/mypage/additional/',
    body: () => form({ school: '한빛대학교', phone: phone() }, 'student_card_image'),
    actors: async (f) => bearer(await tokenFor(f.t, (await createStudent(f.t, { isAdditionalInfoProvided: false, phone: null, email: null, school: null })).id)),
    expect: student(200),
  },
  {
    // Fresh rejected students, who may send a new card (an approved one may not: 409).
    method: 'POST',
    path: '/api/mypage/student-card/',
    url: () => '/api/mypage/student-card/',
    body: () => form({}, 'student_card_image'),
    actors: async (f) => bearer(await tokenFor(f.t, (await createStudent(f.t, { verificationStatus: 'rejected', verificationReason: '흐림' })).id)),
    expect: student(200),
  },
  {
    // Fresh students (no password: the client dialog confirms) so the shared actors stay; the member one holds a seat.
    method: 'POST',
    path: '/api/mypage/withdraw/',
    url: () => '/api/mypage/withdraw/',
    body: () => json({}),
    actors: async (f, role) => {
      const [s] = await createStudents(f.t, 1);
      if (role === 'member') await f.t.app.inject({ method: 'POST', url: `/api/reserve/join/${f.upcoming}/`, headers: s.auth });
      return s.auth;
    },
    expect: student(200),
  },
  // Lobby and game: confirmed participants only.
  { method: 'GET', path: '/api/partyassist/myparties/', url: () => '/api/partyassist/myparties/', expect: student(200) },
  { method: 'GET', path: '/api/partyassist/standby/{partyId}/participants/', url: (f) => `/api/partyassist/standby/${f.live}/participants/`, expect: student(200, 403) },
  { method: 'POST', path: '/api/partyassist/standby/{partyId}/toggle/', url: (f) => `/api/partyassist/standby/${f.live}/toggle/`, expect: student(200, 403) },
  { method: 'GET', path: '/api/v1/game/rounds/{roundId}/', url: (f) => `/api/v1/game/rounds/${f.roundId}/`, expect: student(200, 403) },
  {
    method: 'POST',
    path: '/api/v1/game/questions/{questionId}/vote/',
    url: (f) => `/api/v1/game/questions/${f.questionId}/vote/`,
    body: () => json({ choice: 'A' }),
    expect: student(201, 403),
  },
  // Operators. Console sign-in is open to anyone (like the students' login); the rest needs an operator.
  { method: 'POST', path: '/api/ops/auth/login/', url: () => '/api/ops/auth/login/', body: (f) => json(f.operator), expect: everyone(200) },
  { method: 'GET', path: '/api/ops/auth/me/', url: () => '/api/ops/auth/me/', expect: opsOnly(200, 'session') },
  {
    method: 'POST',
    path: '/api/ops/auth/logout/',
    url: () => '/api/ops/auth/logout/',
    consoleActor: (f) => consoleSession(f.t, f.operator),
    expect: opsOnly(204, 'session'),
  },
  // Managing operators: the token, or an admin's console session (the matrix's operator is not one: 403 for it; an
  // admin's session is tested in tests/server/ops/operator-roles.test.ts).
  { method: 'GET', path: '/api/ops/operators/', url: () => '/api/ops/operators/', expect: opsOnly(200, 'token') },
  {
    method: 'POST',
    path: '/api/ops/operators/{username}/password/',
    url: () => '/api/ops/operators/nobody_at_all/password/',
    body: () => json({ password: 'matrix-pass2' }),
    expect: opsOnly(404, 'token'),
  },
  {
    method: 'POST',
    path: '/api/ops/operators/{username}/admin/',
    url: () => '/api/ops/operators/nobody_at_all/admin/',
    body: () => json({ admin: true }),
    expect: opsOnly(404, 'token'),
  },
  {
    method: 'POST',
    path: '/api/ops/operators/',
    url: () => '/api/ops/operators/',
    body: () => json({ username: `matrix_op${next()}`, password: 'matrix-pass1' }),
    expect: opsOnly(201, 'token'),
  },
  {
    method: 'POST',
    path: '/api/ops/operators/{username}/disable/',
    url: () => '/api/ops/operators/nobody_at_all/disable/',
    expect: opsOnly(404, 'token'),
  },
  {
    method: 'POST',
    path: '/api/ops/operators/{username}/enable/',
    url: () => '/api/ops/operators/nobody_at_all/enable/',
    expect: opsOnly(404, 'token'),
  },
  { method: 'GET', path: '/api/ops/audit/', url: () => '/api/ops/audit/', expect: opsOnly(200) },
  { method: 'GET', path: '/api/ops/audit/export.csv', url: () => '/api/ops/audit/export.csv', expect: opsOnly(200) },
  { method: 'GET', path: '/api/ops/privacy/', url: () => '/api/ops/privacy/', expect: opsOnly(200) },
  {
    method: 'POST',
    path: '/api/ops/privacy/',
    url: () => '/api/ops/privacy/',
    // Effective far ahead: the version signups agree to (the signup row's) stays the one in effect.
    body: () => json({ body: `# 개인정보 처리방침 ${next()}`, effective_date: '2099-01-01' }),
    expect: opsOnly(201),
  },
  { method: 'GET', path: '/api/ops/status/', url: () => '/api/ops/status/', expect: opsOnly(200) },
  {
    method: 'POST',
    path: '/api/ops/places/',
    url: () => '/api/ops/places/',
    body: () => json({ name: `매트릭스관${next()}`, x_norm: 0.2, y_norm: 0.8 }),
    expect: opsOnly(201),
  },
  {
    method: 'POST',
    path: '/api/ops/parties/',
    url: () => '/api/ops/parties/',
    body: (f) =>
      json({ title: '운영자 파티', place_id: f.t.placeId, start_time: new Date(f.t.clock.now().getTime() + 86_400_000).toISOString(), max_participants: 4, deposit: 0 }),
    expect: opsOnly(201),
  },
  { method: 'POST', path: '/api/ops/parties/{partyId}/cancel/', url: (f) => `/api/ops/parties/${f.toCancel}/cancel/`, expect: opsOnly(200) },
  { method: 'POST', path: '/api/ops/demo/', url: () => '/api/ops/demo/', body: () => json({ minutes: 10 }), expect: opsOnly(201) },
  { method: 'GET', path: '/api/ops/reports/', url: () => '/api/ops/reports/', expect: opsOnly(200) },
  {
    method: 'POST',
    path: '/api/ops/reports/{id}/resolve/',
    url: (f) => `/api/ops/reports/${f.reportId}/resolve/`,
    body: () => json({ action: 'warn' }),
    // The token resolved it first: the console hears it is done already.
    expect: { ...opsOnly(200), console: 409 },
  },
  {
    method: 'POST',
    path: '/api/ops/users/{id}/points/',
    url: (f) => `/api/ops/users/${f.other.id}/points/`,
    body: () => json({ amount: 500, reason: '이벤트 당첨' }),
    expect: opsOnly(200),
  },
  { method: 'GET', path: '/api/ops/users/{id}/student-card/', url: (f) => `/api/ops/users/${f.carded.id}/student-card/`, expect: opsOnly(200) },
  // The operator console's own (issue 16 §3).
  { method: 'GET', path: '/api/ops/dashboard/', url: () => '/api/ops/dashboard/', expect: opsOnly(200) },
  { method: 'GET', path: '/api/ops/parties/', url: () => '/api/ops/parties/', expect: opsOnly(200) },
  { method: 'GET', path: '/api/ops/parties/{partyId}/', url: (f) => `/api/ops/parties/${f.upcoming}/`, expect: opsOnly(200) },
  {
    method: 'PATCH',
    path: '/api/ops/parties/{partyId}/',
    url: (f) => `/api/ops/parties/${f.upcoming}/`,
    body: () => json({ description: `운영자 수정 ${next()}` }),
    expect: opsOnly(200),
  },
  {
    // The member is confirmed in the live party and inside its standby window (already checked in: answered as it is).
    method: 'POST',
    path: '/api/ops/parties/{partyId}/participants/{userId}/check-in/',
    url: (f) => `/api/ops/parties/${f.live}/participants/${f.member.id}/check-in/`,
    expect: opsOnly(200),
  },
  { method: 'GET', path: '/api/ops/places/', url: () => '/api/ops/places/', expect: opsOnly(200) },
  { method: 'PATCH', path: '/api/ops/places/{placeId}/', url: (f) => `/api/ops/places/${f.t.placeId}/`, body: () => json({ x_norm: 0.3 }), expect: opsOnly(200) },
  { method: 'POST', path: '/api/ops/places/{placeId}/photo/', url: (f) => `/api/ops/places/${f.t.placeId}/photo/`, body: () => form({}, 'photo'), expect: opsOnly(200) },
  // The campus set-up (issue 29).
  { method: 'PUT', path: '/api/ops/campus/', url: () => '/api/ops/campus/', body: () => json({ school: `권한대학교${next()}` }), expect: opsOnly(200) },
  { method: 'POST', path: '/api/ops/campus/map/', url: () => '/api/ops/campus/map/', body: () => campusMapForm(), expect: opsOnly(200) },
  { method: 'DELETE', path: '/api/ops/campus/map/', url: () => '/api/ops/campus/map/', expect: opsOnly(200) },
  { method: 'GET', path: '/api/ops/users/', url: () => '/api/ops/users/?q=carded', expect: opsOnly(200) },
  { method: 'GET', path: '/api/ops/users/{id}/ledger/', url: (f) => `/api/ops/users/${f.member.id}/ledger/`, expect: opsOnly(200) },
  { method: 'POST', path: '/api/ops/users/{id}/password-reset/', url: (f) => `/api/ops/users/${f.other.id}/password-reset/`, expect: opsOnly(201) },
  // Student verification: the card is the student's own, and still operators only.
  { method: 'GET', path: '/api/ops/verifications/', url: () => '/api/ops/verifications/', expect: opsOnly(200) },
  { method: 'GET', path: '/api/ops/verifications/{userId}/card', url: (f) => `/api/ops/verifications/${f.carded.id}/card`, expect: opsOnly(200) },
  // A first card has no previous one: operators hear 404, everyone else 401 before anything is looked up.
  { method: 'GET', path: '/api/ops/verifications/{userId}/previous-card', url: (f) => `/api/ops/verifications/${f.carded.id}/previous-card`, expect: opsOnly(404) },
  // The token decides first: the console then hears the card is decided already.
  {
    method: 'POST',
    path: '/api/ops/verifications/{userId}/approve/',
    url: (f) => `/api/ops/verifications/${f.toApprove}/approve/`,
    body: () => json({ card_submitted_at: CARD_SENT.toISOString() }),
    expect: { ...opsOnly(200), console: 409 },
  },
  {
    method: 'POST',
    path: '/api/ops/verifications/{userId}/reject/',
    url: (f) => `/api/ops/verifications/${f.toReject}/reject/`,
    body: () => json({ reason: '학생증이 흐립니다', card_submitted_at: CARD_SENT.toISOString() }),
    expect: { ...opsOnly(200), console: 409 },
  },
  // Suspension (issue 29): the token suspends first, so the console hears the student is suspended already; the
  // token lifts it first, so the console hears there is nothing to lift.
  {
    method: 'POST',
    path: '/api/ops/users/{id}/suspension/',
    url: (f) => `/api/ops/users/${f.toSuspend}/suspension/`,
    body: () => json({ reason: '파티 중 폭언', ends_at: null }),
    expect: { ...opsOnly(201), console: 409 },
  },
  { method: 'DELETE', path: '/api/ops/users/{id}/suspension/', url: (f) => `/api/ops/users/${f.toSuspend}/suspension/`, expect: { ...opsOnly(204), console: 409 } },
];

async function call(fx: Fixture, row: Row, role: Role) {
  const req = (await row.body?.(fx, role)) ?? {};
  const who =
    row.actors && (role === 'other' || role === 'member')
      ? await row.actors(fx, role)
      : row.consoleActor && role === 'console'
        ? await row.consoleActor(fx)
        : fx.auth[role];
  return fx.t.app.inject({ method: row.method, url: row.url(fx), headers: { ...who, ...req.headers }, payload: req.payload as string | undefined });
}

async function setUp(t: TestApp): Promise<Fixture> {
  // A party starting in 15 minutes, joined and paid by member and mate, both on standby: the round exists.
  const { partyId: live, students } = await paidParty(t, 2);
  const [memberS, mate] = students;
  for (const s of students) expect((await toggle(t, live, s.auth)).statusCode).toBe(200);

  const [other] = await createStudents(t, 1);
  const upcoming = await createParty(t, { hoursFromNow: 48 });
  const joined = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${upcoming}/`, headers: memberS.auth });
  const memberParticipation = joined.json().id as number;
  expect((await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${memberParticipation}/`, headers: memberS.auth, payload: { payment_method: 'POINT' } })).statusCode).toBe(200);
  const open = await createParty(t, { hoursFromNow: 48 });
  const leave = await createParty(t, { hoursFromNow: 48 });
  for (const p of [open, leave]) expect((await t.app.inject({ method: 'POST', url: `/api/reserve/join/${p}/`, headers: memberS.auth })).statusCode).toBe(201);
  const toCancel = await createParty(t, { hoursFromNow: 72 });
  const full = await createParty(t, { hoursFromNow: 48, max: 2 });
  for (const s of await createStudents(t, 2)) expect((await t.app.inject({ method: 'POST', url: `/api/reserve/join/${full}/`, headers: s.auth })).statusCode).toBe(201);

  const notices = (await t.app.inject({ method: 'GET', url: '/api/notice/', headers: memberS.auth })).json() as { id: number }[];
  expect(notices.length).toBeGreaterThan(0);
  const extra = { extra: { grade: '1학년', college: '예술대학', personality: '활발한', mbti: 'ISTP' } };
  expect((await t.app.inject({ method: 'POST', url: '/api/mypage/extra-settings/me/', headers: memberS.auth, payload: extra })).statusCode).toBe(201);
  const report = await t.app.inject({
    method: 'POST',
    url: '/api/mypage/reports/',
    headers: mate.auth,
    payload: { party: live, reported_user: memberS.id, category: 'OTHER', content: '신고 내용' },
  });
  expect(report.statusCode).toBe(201);

  // A student who signed up through the real endpoint: a password to log in with and a stored student card.
  const password = 'carded-pass1';
  const username = `carded_${process.pid % 1000}`;
  const card = await form({ username, password, password2: password, name: '카드주인', email: `${username}@hanbit.ac.kr`, phone: phone(), school: '한빛대학교', privacy_policy_version: '1' }, 'student_card_image');
  const signup = await t.app.inject({ method: 'POST', url: '/api/signup/auth/signup/', headers: card.headers, payload: card.payload as Buffer });
  expect(signup.statusCode).toBe(201);
  // `npm run ops -- demo` needs the demo students (seeded in a real database).
  for (const username of ['student1', 'student2']) await createStudent(t, { username });
  const operator = { username: `matrix_ops_${process.pid % 1000}`, password: 'operator-pass1' };
  expect((await t.app.inject({ method: 'POST', url: '/api/ops/operators/', headers: { 'x-ops-token': t.opsToken }, payload: operator })).statusCode).toBe(201);
  const applicant = { verificationStatus: 'pending', cardSubmittedAt: CARD_SENT } as const;
  const [toApprove, toReject] = [await createStudent(t, applicant), await createStudent(t, applicant)];
  const toSuspend = await createStudent(t);

  // Twenty minutes later the live party has started (reviews open) and standby is still open.
  t.clock.advance(20 * 60_000);
  const memberAuth = bearer(await tokenFor(t, memberS.id));
  const roundId = await roundOf(t, live);
  const game = (await t.app.inject({ method: 'GET', url: `/api/v1/game/rounds/${roundId}/`, headers: memberAuth })).json() as { questions: { id: number }[] };

  return {
    t,
    auth: {
      guest: {},
      other: bearer(await tokenFor(t, other.id)),
      member: memberAuth,
      ops: { 'x-ops-token': t.opsToken },
      console: await consoleSession(t, operator),
    },
    operator,
    other,
    member: memberS,
    mate,
    carded: { id: signup.json().id, username, password },
    live,
    roundId,
    questionId: game.questions[0].id,
    upcoming,
    memberParticipation,
    open,
    leave,
    full,
    toCancel,
    notificationId: notices[0].id,
    reportId: report.json().id,
    toApprove: toApprove.id,
    toReject: toReject.id,
    toSuspend: toSuspend.id,
  };
}

async function roundOf(t: TestApp, partyId: number): Promise<number> {
  const [r] = await t.database.db.select({ id: rounds.id }).from(rounds).where(eq(rounds.partyId, partyId));
  expect(r, `round of party ${partyId}`).toBeTruthy();
  return r.id;
}

/** "METHOD /path/:param/" of every route, read from Fastify's route tree (HEAD and OPTIONS are automatic). */
function registeredRoutes(app: TestApp['app']): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = line.match(/^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]+)\))?$/);
    if (!m) continue;
    stack.length = m[1].length / 4;
    stack.push(m[2]);
    for (const method of m[3]?.split(', ') ?? []) if (method !== 'HEAD' && method !== 'OPTIONS') out.push(`${method} ${stack.join('')}`);
  }
  return out;
}

describeEachDb('authorisation matrix', (kind) => {
  let fx: Fixture;
  beforeAll(async () => {
    const t = await createTestApp({ kind });
    fx = await setUp(t);
  });
  afterAll(() => fx?.t.close());

  it('covers every route the server registers under /api/, and nothing else', () => {
    const registered = registeredRoutes(fx.t.app).filter((r) => r.includes(' /api/'));
    const listed = ROWS.map((r) => `${r.method} ${r.path.replace(/\{(\w+)\}/g, ':$1')}`);
    expect(new Set(listed).size).toBe(ROWS.length);
    expect([...registered].sort()).toEqual([...listed].sort());
  });

  for (const row of ROWS) {
    const e = row.expect;
    it(`${row.method} ${row.path} → guest ${e.guest}, other ${e.other}, member ${e.member}, ops ${e.ops}, console ${e.console}`, async () => {
      const got: Record<Role, number> = { guest: 0, other: 0, member: 0, ops: 0, console: 0 };
      for (const role of ROLES) {
        const res = await call(fx, row, role);
        got[role] = res.statusCode;
        if (res.statusCode >= 400) {
          const messages = koreanErrorMessages(res);
          if (res.statusCode === 401 && row.path.startsWith('/api/ops/')) expect(messages).toEqual([M.opsTokenInvalid]);
          // The console's Bearer is no student token: the client drops it, as for any bad token.
          else if (res.statusCode === 401) expect(messages).toEqual([role === 'console' ? M.tokenInvalid : M.loginRequired]);
        }
      }
      expect(got).toEqual(row.expect);
    });
  }

  it('refuses a student token in X-Ops-Token and the operator token as a Bearer token', async () => {
    const { t, auth } = fx;
    const studentJwt = auth.member.authorization.slice('Bearer '.length);
    const asOps = await t.app.inject({ method: 'GET', url: '/api/ops/status/', headers: { 'x-ops-token': studentJwt } });
    expect(asOps.statusCode).toBe(401);
    const both = await t.app.inject({ method: 'GET', url: '/api/ops/status/', headers: { ...auth.member, 'x-ops-token': `${t.opsToken}x` } });
    expect(both.statusCode).toBe(401);
    const opsAsBearer = await t.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: bearer(t.opsToken) });
    expect(opsAsBearer.statusCode).toBe(401);
    expect(koreanErrorMessages(opsAsBearer)).toEqual([M.tokenInvalid]);
  });

  it('refuses forged, tampered and expired access tokens on every student endpoint', async () => {
    const { t, auth } = fx;
    const [h, p] = auth.member.authorization.slice('Bearer '.length).split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const other = Buffer.from(JSON.stringify({ ...claims, sub: String(fx.other.id) })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const bad = [`${h}.${other}.${auth.member.authorization.split('.')[2]}`, `${none}.${p}.`, 'not-a-jwt', `${h}.${p}`];
    const studentRows = ROWS.filter((r) => r.expect.guest === 401 && !r.path.startsWith('/api/ops/'));
    for (const token of bad) {
      for (const row of studentRows) {
        const req = (await row.body?.(fx, 'member')) ?? {};
        const res = await t.app.inject({ method: row.method, url: row.url(fx), headers: { ...bearer(token), ...req.headers }, payload: req.payload as string });
        expect(res.statusCode, `${row.method} ${row.path} with ${token.slice(0, 20)}…`).toBe(401);
      }
    }
    const fresh = bearer(await tokenFor(t, fx.other.id));
    t.clock.advance(31 * 60_000);
    try {
      const expired = await t.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: fresh });
      expect(expired.statusCode).toBe(401);
    } finally {
      t.clock.advance(-31 * 60_000);
    }
  });

  it("stops a withdrawn student's token on every student endpoint at once", async () => {
    const { t } = fx;
    const [gone] = await createStudents(t, 1);
    expect((await t.app.inject({ method: 'POST', url: '/api/mypage/withdraw/', headers: gone.auth, payload: {} })).statusCode).toBe(200);
    for (const row of ROWS.filter((r) => r.expect.guest === 401 && !r.path.startsWith('/api/ops/'))) {
      const req = (await row.body?.(fx, 'member')) ?? {};
      const res = await t.app.inject({ method: row.method, url: row.url(fx), headers: { ...gone.auth, ...req.headers }, payload: req.payload as string });
      expect(res.statusCode, `${row.method} ${row.path}`).toBe(401);
    }
  });
});
