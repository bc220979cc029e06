import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/audit';
import { pointLedger } from '../../../src/server/db/schema/points';
import { users } from '../../../src/server/db/schema/users';
import { createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

// The points screen's grant / take-back: a take-back never leaves a balance below zero, and many operators (or one
// double tap) acting at once never lose or double a change. PGlite runs one transaction at a time; the PostgreSQL
// run is the one that races.
describeEachDb('operator points: take-backs and concurrent grants', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const grant = (userId: number, amount: number, reason = '테스트') =>
    t.app.inject({ method: 'POST', url: `/api/ops/users/${userId}/points/`, headers: { 'x-ops-token': t.opsToken }, payload: { amount, reason } });
  const balanceOf = async (userId: number) => (await t.database.db.select({ points: users.points }).from(users).where(eq(users.id, userId)))[0].points;
  const ledgerOf = (userId: number) => t.database.db.select().from(pointLedger).where(eq(pointLedger.userId, userId));
  const auditOf = (userId: number) =>
    t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'points.grant'), eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)));

  it('refuses taking back more than the balance (or a missing or long reason), each beside its field, and writes nothing', async () => {
    const [s] = await createStudents(t, 1, 300);
    const res = await grant(s.id, -301, '회수');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ amount: ['포인트는 0 아래로 내려갈 수 없습니다.'] });
    expect(await balanceOf(s.id)).toBe(300);
    expect(await ledgerOf(s.id)).toHaveLength(1);
    expect(await auditOf(s.id)).toEqual([]);
    // The reason is required and kept short, each said beside its field.
    expect((await grant(s.id, 100, '  ')).json()).toEqual({ reason: ['사유를 입력해 주세요.'] });
    expect((await grant(s.id, 100, '가'.repeat(201))).json()).toEqual({ reason: ['사유는 200자까지 쓸 수 있습니다.'] });
    // Exactly the balance is allowed.
    expect((await grant(s.id, -300, '회수')).json()).toEqual({ user: s.id, points: 0 });
  });

  it('counts every one of many grants at once exactly once', async () => {
    const [s] = await createStudents(t, 1, 1_000);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => grant(s.id, 50, `이벤트 ${i}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await balanceOf(s.id)).toBe(2_000);
    // Each answer names a different balance: no two grants read the same one.
    expect(new Set(answers.map((a) => a.json().points)).size).toBe(20);
    const ledger = await ledgerOf(s.id);
    expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(2_000);
    expect(ledger.map((row) => row.balanceAfter).sort((x, y) => x - y)).toEqual([1_000, ...Array.from({ length: 20 }, (_, i) => 1_050 + i * 50)]);
    expect(await auditOf(s.id)).toHaveLength(20);
  });

  it('lets take-backs racing for the same points through only while the balance lasts', async () => {
    const [s] = await createStudents(t, 1, 1_000);
    const answers = await Promise.all(Array.from({ length: 25 }, () => grant(s.id, -100, '회수')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 400)).toHaveLength(15);
    expect(await balanceOf(s.id)).toBe(0);
    const ledger = await ledgerOf(s.id);
    expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
    expect(ledger.every((row) => row.balanceAfter >= 0)).toBe(true);
    // The audit rows tell the same story: ten take-backs, each from the balance the one before it left.
    const audit = await auditOf(s.id);
    expect(audit).toHaveLength(10);
    const steps = audit.map((row) => [(row.before as { points: number }).points, (row.after as { points: number }).points]).sort((x, y) => y[0] - x[0]);
    expect(steps).toEqual(Array.from({ length: 10 }, (_, i) => [1_000 - i * 100, 900 - i * 100]));
  });
});
