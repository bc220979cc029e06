import { count, sql } from 'drizzle-orm';
import { WELCOME_POINTS } from '../../../shared/constants';
import { hashPassword } from '../../auth/passwords';
import type { Clock } from '../../clock';
import { applyPoints } from '../../points/ledger';
import type { Db, Tx } from '../connect';
import { operators } from '../schema/operators';
import { parties, participations, partyTags } from '../schema/parties';
import { places, tags } from '../schema/places';
import { users } from '../schema/users';
import { DEMO_OPERATOR, DEMO_PASSWORD, DEMO_STUDENTS, REGULARS } from './demo-people';
import { SEED_PARTIES } from './demo-parties';
import { SEED_PLACES } from './places';

const SEED_LOCK_KEY = 7_020_002;
const HOUR = 3_600_000;
const KST_OFFSET = 9 * HOUR;

/** `hour` o'clock Korean time, `days` after the Korean calendar day of `now`. */
function kstDayStart(now: Date, days: number, hour: number): Date {
  const kstMidnight = Math.floor((now.getTime() + KST_OFFSET) / (24 * HOUR)) * 24 * HOUR - KST_OFFSET;
  return new Date(kstMidnight + days * 24 * HOUR + hour * HOUR);
}

/** Seeds the demo campus when the database has no places yet. Safe to call from several instances at once. */
export async function seedIfEmpty(db: Db, clock: Clock): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Whoever takes the lock seeds; the others then see places and do nothing.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [{ n }] = await tx.select({ n: count() }).from(places);
    if (n > 0) return false;
    await seed(tx, clock, passwordHash);
    return true;
  });
}

/** A demo student an operator has already approved, so the demo campus works from the first minute. */
async function createStudent(tx: Tx, now: Date, values: typeof users.$inferInsert) {
  const [user] = await tx
    .insert(users)
    .values({ ...values, verificationStatus: 'approved', verifiedAt: now, createdAt: now })
    .returning({ id: users.id });
  await applyPoints(tx, { userId: user.id, amount: WELCOME_POINTS, kind: 'welcome', reason: '가입 환영 포인트', at: now });
  return user.id;
}

async function seed(tx: Tx, clock: Clock, passwordHash: string) {
  const now = clock.now();
  const placeIds = new Map<string, number>();
  for (const p of SEED_PLACES) {
    const [row] = await tx
      .insert(places)
      .values({ name: p.name, xNorm: p.x_norm, yNorm: p.y_norm, photo: `/art/places/${p.key}.webp`, mapImage: '/art/map/campus.webp' })
      .returning({ id: places.id });
    placeIds.set(p.key, row.id);
  }

  for (const [i, s] of DEMO_STUDENTS.entries()) {
    await createStudent(tx, now, {
      username: s.username,
      passwordHash,
      name: s.name,
      intro: s.intro,
      email: `${s.username}@hanbit.ac.kr`,
      phone: `0100000000${i + 1}`,
      school: '한빛대학교',
      isAdditionalInfoProvided: true,
    });
  }
  // Seeded with the campus (an empty database only), so a deployment that already has data never gains this account.
  // The demo's operator is an admin so the console's 운영자 screen can be tried; only this seed (demo data, never
  // run in production) names one. Migrations make nobody admin: operator:admin with the server's token does.
  await tx.insert(operators).values({ username: DEMO_OPERATOR, passwordHash, isAdmin: true, createdAt: now });

  const regularIds: number[] = [];
  for (const r of REGULARS) {
    // No password: seeded regulars fill seats on the demo campus but nobody can sign in as them.
    const id = await createStudent(tx, now, { username: r.username, name: r.name, school: '한빛대학교', isAdditionalInfoProvided: true });
    // They hold seats at many parties at once, more than welcome points would pay for.
    await applyPoints(tx, { userId: id, amount: 50_000, kind: 'operator_grant', reason: '데모 캠퍼스 충전', at: now });
    regularIds.push(id);
  }

  const tagIds = new Map<string, number>();
  for (const name of new Set(SEED_PARTIES.flatMap((p) => p.tags))) {
    const [row] = await tx.insert(tags).values({ name }).returning({ id: tags.id });
    tagIds.set(name, row.id);
  }

  for (const p of SEED_PARTIES) {
    const [party] = await tx
      .insert(parties)
      .values({
        title: p.title,
        description: p.description,
        placeId: placeIds.get(p.place)!,
        startTime: kstDayStart(now, p.day, p.hour),
        maxParticipants: p.max,
        deposit: p.deposit,
        appliedCount: p.regulars,
        createdAt: now,
      })
      .returning({ id: parties.id });
    if (p.tags.length) await tx.insert(partyTags).values(p.tags.map((t) => ({ partyId: party.id, tagId: tagIds.get(t)! })));
    for (const userId of regularIds.slice(0, p.regulars)) {
      const [part] = await tx
        .insert(participations)
        .values({ partyId: party.id, userId, status: 'confirmed', paidAt: now, paidAmount: p.deposit, depositState: p.deposit > 0 ? 'held' : 'none', createdAt: now })
        .returning({ id: participations.id });
      if (p.deposit > 0) {
        await applyPoints(tx, { userId, amount: -p.deposit, kind: 'deposit_paid', partyId: party.id, participationId: part.id, reason: p.title, at: now });
      }
    }
  }
}
