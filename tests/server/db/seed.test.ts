import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/connect';
import { parties, participations } from '../../../src/server/db/schema/parties';
import { places } from '../../../src/server/db/schema/places';
import { users } from '../../../src/server/db/schema/users';
import { verifyPassword } from '../../../src/server/auth/passwords';
import { operators } from '../../../src/server/db/schema/operators';
import { DEMO_OPERATOR, DEMO_PASSWORD, DEMO_STUDENTS } from '../../../src/server/db/seed/demo-people';
import { seedIfEmpty } from '../../../src/server/db/seed/seed';
import { createTestClock } from '../../helpers/test-clock';
import { createTestDatabase, describeEachDb } from '../../helpers/test-db';

describeEachDb('demo campus seed', (kind) => {
  let database: Database;
  const clock = createTestClock('2026-03-02T10:00:00+09:00');
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('seeds exactly once even when several instances start together', async () => {
    const results = await Promise.all([seedIfEmpty(database.db, clock), seedIfEmpty(database.db, clock), seedIfEmpty(database.db, clock)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedIfEmpty(database.db, clock)).toBe(false);
  });

  it('has a real-looking campus: 12+ places on the map with photos', async () => {
    const rows = await database.db.select().from(places);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const p of rows) {
      expect(p.xNorm).toBeGreaterThanOrEqual(0);
      expect(p.xNorm).toBeLessThanOrEqual(1);
      expect(p.photo).toMatch(/^\/art\/places\/.+\.webp$/);
    }
  });

  it('has 15+ upcoming parties over the next two weeks, deposits 0–5,000 P, capacities 4–10, one full', async () => {
    const rows = await database.db.select().from(parties);
    expect(rows.length).toBeGreaterThanOrEqual(15);
    const now = clock.now().getTime();
    for (const p of rows) {
      expect(p.startTime.getTime()).toBeGreaterThan(now);
      expect(p.startTime.getTime()).toBeLessThanOrEqual(now + 14 * 24 * 3_600_000);
      expect(p.deposit).toBeGreaterThanOrEqual(0);
      expect(p.deposit).toBeLessThanOrEqual(5000);
      expect(p.maxParticipants).toBeGreaterThanOrEqual(4);
      expect(p.maxParticipants).toBeLessThanOrEqual(10);
    }
    expect(new Set(rows.map((p) => p.deposit)).has(0)).toBe(true);
    expect(rows.filter((p) => p.appliedCount === p.maxParticipants)).toHaveLength(1);
  });

  it('keeps seat counts equal to the live participations', async () => {
    const rows = await database.db
      .select({ id: parties.id, applied: parties.appliedCount, live: sql<number>`count(${participations.id})::int` })
      .from(parties)
      .leftJoin(participations, eq(participations.partyId, parties.id))
      .groupBy(parties.id);
    for (const r of rows) expect(r.live).toBe(r.applied);
  });

  it('gives the four demo students their welcome points', async () => {
    for (const s of DEMO_STUDENTS) {
      const [u] = await database.db.select().from(users).where(eq(users.username, s.username));
      expect(u.points).toBe(10_000);
    }
    const [{ n }] = await database.db.select({ n: count() }).from(users);
    expect(n).toBeGreaterThanOrEqual(4);
  });

  it('has one operator for the console, with the demo password', async () => {
    const rows = await database.db.select().from(operators);
    expect(rows.map((o) => o.username)).toEqual([DEMO_OPERATOR]);
    expect(await verifyPassword(rows[0].passwordHash, DEMO_PASSWORD)).toBe(true);
    // Only the demo seed names an admin (the migration makes nobody one), so the demo console shows 운영자.
    expect(rows[0].isAdmin).toBe(true);
  });
});
