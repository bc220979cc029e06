import { afterAll, beforeAll, expect, it } from 'vitest';
import { operatorSessions } from '../../../src/server/db/schema/operators';
import { refreshTokens } from '../../../src/server/db/schema/tokens';
import { REFRESH_TOKEN_TTL_S } from '../../../src/shared/constants';
import { createStudent, createTestApp, loginAs, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { createOperator, signIn } from '../ops/operator-helpers';

const HOUR = 3_600_000;

// Sign-ins that ended are refused with or without their rows, so the sweeper deletes them a day after they ended
// (the tables would otherwise keep a row for every refresh and console sign-in ever made). Live ones stay.
describeEachDb('the sweeper forgets ended sign-ins', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const count = async (table: typeof refreshTokens | typeof operatorSessions) => (await t.database.db.select().from(table)).length;
  const status = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/ops/status/', headers });

  it('deletes operator sessions a day after they ended, and refresh tokens a day after they expired', async () => {
    const student = await createStudent(t);
    await loginAs(t, student.username);
    const op = await createOperator(t, `purge_op_${process.pid % 1000}`);
    const loggedOut = await signIn(t, op.username);
    await t.app.inject({ method: 'POST', url: '/api/ops/auth/logout/', headers: loggedOut });
    const idle = await signIn(t, op.username);
    expect(await count(operatorSessions)).toBe(2);

    // Ended, but less than a day ago: kept.
    t.clock.advance(HOUR);
    await t.app.sweeper.runOnce();
    expect(await count(operatorSessions)).toBe(2);

    t.clock.advance(24 * HOUR);
    const working = await signIn(t, op.username);
    await t.app.sweeper.runOnce();
    expect(await count(operatorSessions)).toBe(1);
    expect((await status(working)).statusCode).toBe(200);
    expect((await status(idle)).statusCode).toBe(401);
    expect(await count(refreshTokens)).toBe(1);

    // The refresh token lives its whole life and a day more.
    t.clock.advance(REFRESH_TOKEN_TTL_S * 1000 - 25 * HOUR);
    await t.app.sweeper.runOnce();
    expect(await count(refreshTokens)).toBe(1);
    t.clock.advance(25 * HOUR);
    await t.app.sweeper.runOnce();
    expect(await count(refreshTokens)).toBe(0);
  });
});
