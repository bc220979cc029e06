import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/audit';
import { createStudent, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
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
    t = await createTestApp({ kind });
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
