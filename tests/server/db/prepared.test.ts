import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/connect';
import { preparedPerDb, sqlLiteral } from '../../../src/server/db/prepared';
import { users } from '../../../src/server/db/schema/users';
import { handOnAfterCommit } from '../../../src/server/notice/after-commit';
import { createTestDatabase, describeEachDb } from '../../helpers/test-db';

// On PGlite a prepared statement's values are written into an EXECUTE as literals (db/prepared.ts): whatever a
// student types must arrive as the same value, never as SQL.
const awkward = ["it's", 'back\\slash', "'); delete from users; --", '$1', '한글 이름', 'E\'\\x41\''];

describe('sqlLiteral', () => {
  it('writes numbers, booleans and null as themselves and quotes strings', () => {
    expect(sqlLiteral(42)).toBe('42');
    expect(sqlLiteral(-1.5)).toBe('-1.5');
    expect(sqlLiteral(true)).toBe('true');
    expect(sqlLiteral(null)).toBe('null');
    expect(sqlLiteral("it's")).toBe("'it''s'");
  });

  it('refuses what it cannot write safely', () => {
    for (const value of [Number.NaN, Infinity, 'nul\0byte', {}, [1], new Date(0), 1n]) expect(() => sqlLiteral(value)).toThrow(TypeError);
  });
});

describeEachDb('a prepared statement', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  const echo = preparedPerDb('test_echo', (db) =>
    db
      .select({ text: sql<string>`${sql.placeholder('text')}::text`, n: sql<number>`${sql.placeholder('n')}::int`, count: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.username} = ${sql.placeholder('text')}`),
  );

  it('gives back every value as it was sent, quotes and backslashes included, and matches on it', async () => {
    for (const [i, text] of awkward.entries()) {
      await database.db.insert(users).values({ username: text, name: `학생${i}` });
      const [row] = await echo(database.db).execute({ text, n: i });
      expect(row).toEqual({ text, n: i, count: 1 });
    }
    const [nobody] = await echo(database.db).execute({ text: 'nobody', n: -7 });
    expect(nobody).toEqual({ text: 'nobody', n: -7, count: 0 });
    // The statement did what it says and nothing else: every student written is still there.
    expect(await database.db.$count(users)).toBe(awkward.length);
  });

  it('is made once per database handle and reused', () => {
    expect(echo(database.db)).toBe(echo(database.db));
  });

  it('runs through two handles on one database, as the app and its auth guard hold', async () => {
    // The app's handle wraps the raw one (notice/after-commit.ts); on PGlite both reach the same session.
    const wrapped = handOnAfterCommit(database.db, () => undefined);
    const [viaWrapped] = await echo(wrapped).execute({ text: 'nobody', n: 1 });
    const [viaRaw] = await echo(database.db).execute({ text: 'nobody', n: 2 });
    expect([viaWrapped.n, viaRaw.n]).toEqual([1, 2]);
  });
});
