// Shared by the list benches: a campus of many upcoming parties, seeded straight into the tables (the operator API
// would take minutes), the same on every run. Prints nothing itself.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/connect';
import { parties, partyTags } from '../src/server/db/schema/parties';
import { places, tags } from '../src/server/db/schema/places';

const WORDS = ['보드게임', '축구', '스터디', '야식', '버스킹', '러닝', '코딩', '영화', '독서', '맛집'];

/** `count` open parties over the next 60 days: 40 places, 30 tags, two tags each, seats partly taken; then ANALYZE. */
export async function seedParties(db: Db, now: Date, count: number) {
  // A fixed pseudo-random sequence, so every run seeds the same campus.
  let state = 42;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const placeIds = (await db.insert(places).values(Array.from({ length: 40 }, (_, i) => ({ name: `${pick(WORDS)}관 ${i}`, xNorm: random(), yNorm: random() }))).returning({ id: places.id })).map((r) => r.id);
  const tagIds = (await db.insert(tags).values(Array.from({ length: 30 }, (_, i) => ({ name: i < WORDS.length ? WORDS[i] : `태그${i}` }))).returning({ id: tags.id })).map((r) => r.id);
  for (let done = 0; done < count; done += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - done) }, (_, i) => {
      const max = 2 + Math.floor(random() * 10);
      return {
        title: `${pick(WORDS)} 모임 ${done + i}`,
        placeId: pick(placeIds),
        startTime: new Date(now.getTime() + 60_000 + Math.floor(random() * 60 * 86_400_000)),
        maxParticipants: max,
        appliedCount: Math.floor(random() * (max + 1)),
      };
    });
    const ids = (await db.insert(parties).values(rows).returning({ id: parties.id })).map((r) => r.id);
    const links = ids.flatMap((partyId) => [...new Set([pick(tagIds), pick(tagIds)])].map((tagId) => ({ partyId, tagId })));
    await db.insert(partyTags).values(links);
  }
  // Autovacuum must not gather statistics in the middle of a measurement.
  await db.execute(sql`analyze`);
}
