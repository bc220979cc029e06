import { and, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/audit';
import { parties } from '../../../src/server/db/schema/parties';
import { createDatabaseStorage } from '../../../src/server/storage/database-storage';
import { createStudent, createStudents, createTestApp, multipart, type TestApp, tinyPng } from '../../helpers/test-app';
import { describeEachDb, sessionsWaitingOnLocks } from '../../helpers/test-db';
import { paidParty } from '../live/live-helpers';
import { koreanErrorMessages } from '../security/security-helpers';
import { createOperator, signIn, tokenAuth } from './operator-helpers';

type Headers = Record<string, string>;
interface Entry {
  id: number;
  operator_id: number | null;
  actor: string;
  action: string;
  action_label: string;
  target_type: string;
  target_id: number;
  before: unknown;
  after: unknown;
  created_at: string;
}

describeEachDb('the audit log', (kind) => {
  let t: TestApp;
  let op: { id: number; username: string };
  let session: Headers;
  beforeAll(async () => {
    // Uploads named by their bytes on both databases (as on PostgreSQL in production), so the same photo sent
    // twice is the same file: a call that changes nothing.
    t = await createTestApp({ kind, storage: (_dir, database) => createDatabaseStorage(database.db) });
    op = await createOperator(t, `auditor_${process.pid % 1000}`);
    session = await signIn(t, op.username);
    // `demo` seats the demo students.
    for (const username of ['student1', 'student2']) await createStudent(t, { username });
  });
  afterAll(() => t?.close());

  const post = (url: string, headers: Headers, payload?: object) => t.app.inject({ method: 'POST', url, headers, payload });
  const audit = async (query = '', headers: Headers = tokenAuth(t)) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/ops/audit/${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { results: Entry[]; next_before_id: number | null };
  };
  const latest = async () => (await audit('?limit=1')).results[0];

  it('records every operator action in its own transaction, with who did it: the token or the signed-in operator', async () => {
    const byToken = { operator_id: null, actor: 'token' };
    const bySession = { operator_id: op.id, actor: op.username };

    const place = await post('/api/ops/places/', session, { name: '감사관', x_norm: 0.1, y_norm: 0.2 });
    expect(await latest()).toMatchObject({
      ...bySession,
      action: 'place.create',
      action_label: '장소 추가',
      target_type: 'place',
      target_id: place.json().id,
      before: null,
      after: { name: '감사관', x_norm: 0.1, y_norm: 0.2, photo: null },
      created_at: t.clock.now().toISOString(),
    });

    const start = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const partyBody = { title: '감사 파티', place_id: place.json().id, start_time: start, max_participants: 4, deposit: 500, tags: ['친목', '친목'] };
    const party = await post('/api/ops/parties/', tokenAuth(t), partyBody);
    expect(await latest()).toMatchObject({
      ...byToken,
      action: 'party.create',
      target_type: 'party',
      target_id: party.json().id,
      after: { title: '감사 파티', place_id: place.json().id, start_time: start, max_participants: 4, deposit: 500, tags: ['친목'] },
    });

    // A cancel with two paid seats: what changed is the status, and the refunds it made.
    const { partyId: paid, students } = await paidParty(t, 2, { deposit: 700 });
    expect((await post(`/api/ops/parties/${paid}/cancel/`, session)).json()).toEqual({ cancelled: 2, refunded_points: 1400 });
    expect(await latest()).toMatchObject({
      ...bySession,
      action: 'party.cancel',
      target_id: paid,
      before: { status: 'open' },
      after: { status: 'cancelled', cancelled: 2, refunded_points: 1400 },
    });

    const { partyId: live, students: pair } = await paidParty(t, 2);
    const report = await post('/api/mypage/reports/', pair[0].auth, { party: live, reported_user: pair[1].id, category: 'OTHER', content: '신고 내용' });
    expect(report.statusCode, report.body).toBe(201);
    expect((await post(`/api/ops/reports/${report.json().id}/resolve/`, tokenAuth(t), { action: 'warn' })).statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      ...byToken,
      action: 'report.resolve',
      target_type: 'report',
      target_id: report.json().id,
      before: { status: 'pending' },
      after: { status: 'confirmed', warned_user: pair[1].id },
    });

    const grant = await post(`/api/ops/users/${students[0].id}/points/`, session, { amount: -300, reason: '잘못 지급된 포인트 회수' });
    expect(grant.json()).toEqual({ user: students[0].id, points: 10_000 - 300 });
    expect(await latest()).toMatchObject({
      ...bySession,
      action: 'points.grant',
      target_type: 'user',
      target_id: students[0].id,
      before: { points: 10_000 },
      after: { points: 9_700, reason: '잘못 지급된 포인트 회수' },
    });

    const demo = await post('/api/ops/demo/', tokenAuth(t), { minutes: 5 });
    expect(demo.statusCode, demo.body).toBe(201);
    expect(await latest()).toMatchObject({ ...byToken, action: 'demo.create', target_type: 'party', target_id: demo.json().id, after: { title: '파티온 데모 밸런스 게임', deposit: 1000 } });
  });

  it('an action that fails leaves no row', async () => {
    const before = await latest();
    const [poor] = await createStudents(t, 1, 100);
    expect((await post(`/api/ops/users/${poor.id}/points/`, session, { amount: -200, reason: '회수' })).statusCode).toBe(400);
    expect((await post('/api/ops/places/', session, { name: '감사관', x_norm: 0.5, y_norm: 0.5 })).statusCode).toBe(400);
    expect((await post('/api/ops/parties/999999/cancel/', session)).statusCode).toBe(404);
    expect(await latest()).toEqual(before);
  });

  it('an action that changes nothing writes no row: a party cancelled again, the same photo, the same 처리방침, a suspension lifted twice, the built-in map restored', async () => {
    const rows = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0].n;
    const cancel = (id: number) => post(`/api/ops/parties/${id}/cancel/`, session);
    const photo = async (placeId: number) => {
      const body = await multipart({}, { photo: { bytes: await tinyPng(), name: 'place.png', type: 'image/png' } });
      return t.app.inject({ method: 'POST', url: `/api/ops/places/${placeId}/photo/`, headers: { ...session, ...body.headers }, payload: body.payload });
    };
    const today = new Date(t.clock.now().getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
    const policy = { body: '# 개인정보 처리방침\n\n감사 기록 시험판', effective_date: today };
    const [student] = await createStudents(t, 1);

    // Each action once, for real: one row each.
    const { partyId } = await paidParty(t, 1, { deposit: 500 });
    expect((await cancel(partyId)).json()).toEqual({ cancelled: 1, refunded_points: 500 });
    const [{ cancelledAt }] = await t.database.db.select({ cancelledAt: parties.cancelledAt }).from(parties).where(eq(parties.id, partyId));
    const place = (await post('/api/ops/places/', session, { name: '사진관', x_norm: 0.5, y_norm: 0.5 })).json().id as number;
    const shown = await photo(place);
    expect(shown.statusCode, shown.body).toBe(200);
    const published = await post('/api/ops/privacy/', session, policy);
    expect(published.statusCode, published.body).toBe(201);
    expect((await post(`/api/ops/users/${student.id}/suspension/`, session, { reason: '감사 기록 시험', ends_at: null })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/ops/users/${student.id}/suspension/`, headers: session })).statusCode).toBe(204);
    const recorded = await rows();

    // The same again, later: answered, nothing changed, nothing recorded.
    t.clock.advance(60_000);
    const again = await cancel(partyId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ cancelled: 0, refunded_points: 0 });
    expect((await t.database.db.select({ cancelledAt: parties.cancelledAt }).from(parties).where(eq(parties.id, partyId)))[0].cancelledAt).toEqual(cancelledAt);
    const samePhoto = await photo(place);
    expect(samePhoto.statusCode).toBe(200);
    expect(samePhoto.json().photo).toBe(shown.json().photo);
    expect((await t.app.inject({ method: 'GET', url: shown.json().photo as string })).statusCode).toBe(200);
    const samePolicy = await post('/api/ops/privacy/', session, policy);
    expect(samePolicy.statusCode).toBe(200);
    expect(samePolicy.json()).toMatchObject({ version: published.json().version, body: policy.body });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/ops/users/${student.id}/suspension/`, headers: session })).statusCode).toBe(409);
    const builtIn = await t.app.inject({ method: 'DELETE', url: '/api/ops/campus/map/', headers: session });
    expect(builtIn.statusCode).toBe(200);
    expect(builtIn.json().map).toBeNull();
    expect(await rows()).toBe(recorded);
    expect((await audit(`?target_type=party&target_id=${partyId}&action=party.cancel`)).results).toHaveLength(1);
  });

  // PGlite runs one transaction at a time; on PostgreSQL both cancels are made to wait at once, then let go together:
  // whichever comes second finds the party cancelled by the first, as its own update says.
  if (kind === 'postgres') it('of two cancels of one party racing, one cancels and is recorded; the other changes nothing', async () => {
    const { partyId } = await paidParty(t, 2, { deposit: 300 });
    let answers!: Promise<LightMyRequestResponse[]>;
    await t.database.db.transaction(async (tx) => {
      await tx.select({ id: parties.id }).from(parties).where(eq(parties.id, partyId)).for('update');
      answers = Promise.all([post(`/api/ops/parties/${partyId}/cancel/`, session), post(`/api/ops/parties/${partyId}/cancel/`, tokenAuth(t))]);
      await expect.poll(() => sessionsWaitingOnLocks(t.database)).toBe(2);
    });
    const bodies = (await answers).map((r) => r.json() as { cancelled: number });
    expect(bodies.sort((a, b) => a.cancelled - b.cancelled)).toEqual([
      { cancelled: 0, refunded_points: 0 },
      { cancelled: 2, refunded_points: 600 },
    ]);
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'party.cancel'), eq(auditLog.targetId, partyId)));
    expect(rows).toHaveLength(1);
  });

  // The first naming of the campus has no row to lock (none exists yet): two alike at once must still be one change.
  if (kind === 'postgres') it('two operators naming the campus alike at once, before it has a row, record one change', async () => {
    const name = (headers: Headers) => t.app.inject({ method: 'PUT', url: '/api/ops/campus/', headers, payload: { school: '동시대학교', campus_name: '본캠퍼스' } });
    let answers!: Promise<LightMyRequestResponse[]>;
    await t.database.db.transaction(async (tx) => {
      // Holds back whoever would write the table (its first row), not who reads it.
      await tx.execute(sql`lock table campus_settings in share mode`);
      answers = Promise.all([name(session), name(tokenAuth(t))]);
      await expect.poll(() => sessionsWaitingOnLocks(t.database)).toBe(2);
    });
    expect((await answers).map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'campus.update'));
    expect(rows.map((r) => [r.before, r.after])).toEqual([[{ school: '한빛대학교', campus_name: '' }, { school: '동시대학교', campus_name: '본캠퍼스' }]]);
  });

  it('filters by action, target, actor and time, newest first, and pages back with before_id', async () => {
    const t0 = t.clock.now();
    t.clock.advance(60_000);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/ops/places/', i % 2 ? session : tokenAuth(t), { name: `필터관${i}`, x_norm: 0.3, y_norm: 0.3 });
      ids.push(res.json().id);
      t.clock.advance(60_000);
    }
    const recent = await audit(`?after=${encodeURIComponent(new Date(t0.getTime() + 1).toISOString())}`, session);
    expect(recent.results.map((e) => e.target_id)).toEqual([...ids].reverse());
    expect(recent.next_before_id).toBeNull();

    expect((await audit('?action=place.create&actor=token')).results.slice(0, 3).map((e) => e.target_id)).toEqual([ids[4], ids[2], ids[0]]);
    expect((await audit(`?operator_id=${op.id}&action=place.create`)).results.slice(0, 2).map((e) => e.target_id)).toEqual([ids[3], ids[1]]);
    expect((await audit(`?target_type=place&target_id=${ids[2]}`)).results.map((e) => e.target_id)).toEqual([ids[2]]);
    const older = await audit(`?action=place.create&before=${encodeURIComponent(t0.toISOString())}`);
    expect(older.results.every((e) => new Date(e.created_at) < t0)).toBe(true);
    expect(older.results.map((e) => e.target_id)).not.toContain(ids[0]);

    // Every row once, newest first, two at a time.
    const all = (await audit('?limit=100')).results.map((e) => e.id);
    const paged: number[] = [];
    let cursor: number | null = null;
    do {
      const page: { results: Entry[]; next_before_id: number | null } = await audit(`?limit=2${cursor ? `&before_id=${cursor}` : ''}`);
      paged.push(...page.results.map((e) => e.id));
      cursor = page.next_before_id;
    } while (cursor);
    expect(paged).toEqual(all);
    expect([...all].sort((a, b) => b - a)).toEqual(all);
  });

  it('refuses filters it does not know, in Korean', async () => {
    for (const query of ['?action=party.delete', '?target_type=planet', '?after=yesterday', '?limit=0', '?limit=101', '?before_id=abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/ops/audit/${query}`, headers: tokenAuth(t) });
      expect(res.statusCode, query).toBe(400);
      koreanErrorMessages(res);
    }
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE, and the app cannot drop its triggers', async () => {
    const row = await latest();
    // drizzle wraps the database's error; the database's words are on its cause.
    const refusal = (query: PromiseLike<unknown>) =>
      Promise.resolve(query).then(
        () => 'accepted',
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    // On PostgreSQL the app's role lacks the privileges (src/server/db/app-role.ts); PGlite has one user, the owner,
    // and its triggers refuse.
    const refused = kind === 'postgres' ? /^permission denied for table audit_log$/ : /^audit_log is append-only$/;
    expect(await refusal(t.database.db.execute(sql`update audit_log set actor = 'someone_else' where id = ${row.id}`))).toMatch(refused);
    expect(await refusal(t.database.db.execute(sql`delete from audit_log where id = ${row.id}`))).toMatch(refused);
    expect(await refusal(t.database.db.delete(auditLog))).toMatch(refused);
    expect(await refusal(t.database.db.execute(sql`truncate audit_log`))).toMatch(refused);
    if (kind === 'postgres') {
      for (const trigger of ['audit_log_no_rewrite', 'audit_log_no_truncate']) {
        expect(await refusal(t.database.db.execute(sql.raw(`drop trigger ${trigger} on audit_log`)))).toMatch(/^must be owner of (table|relation) audit_log$/);
      }
    }
    expect(await latest()).toEqual(row);
  });
});
