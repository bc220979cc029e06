import { and, asc, eq, sql } from 'drizzle-orm';
import type { ParticipantEntry } from '../../shared/live';
import type { Ctx } from '../context';
import { preparedPerDb } from '../db/prepared';
import { parties, participations } from '../db/schema/parties';
import { extraSettings, users } from '../db/schema/users';
import { inList } from '../db/sql-in-list';
import { LIVE_MESSAGES as LM } from '../game/messages';
import { detail } from '../http/errors';

// Both reads prepared (db/prepared.ts): the standby screen asks again whenever someone stands by. The status is
// written into the text (inList) so their generic plans can use the live-participation index to find a party's seats.
const partyAndSeatQuery = preparedPerDb('standby_party_and_seat', (db) =>
  db
    .select({ id: parties.id, mine: participations.id })
    .from(parties)
    .leftJoin(
      participations,
      and(eq(participations.partyId, parties.id), eq(participations.userId, sql.placeholder('userId')), inList(participations.status, ['confirmed'])),
    )
    .where(eq(parties.id, sql.placeholder('partyId'))),
);

const participantsQuery = preparedPerDb('standby_participants', (db) =>
  db
    .select({ p: participations, u: users, x: extraSettings })
    .from(participations)
    .innerJoin(users, eq(users.id, participations.userId))
    .leftJoin(extraSettings, eq(extraSettings.userId, users.id))
    .where(and(eq(participations.partyId, sql.placeholder('partyId')), inList(participations.status, ['confirmed'])))
    .orderBy(asc(participations.createdAt), asc(participations.id)),
);

/** Spec §3 "Participant entry" for each confirmed participant; only the party's own participants may look. */
export async function participantsOf(ctx: Ctx, userId: number, partyId: number): Promise<ParticipantEntry[]> {
  // The party and the caller's paid seat in it, in one read (membership.ts's rule: a confirmed participation).
  const [party] = await partyAndSeatQuery(ctx.db).execute({ userId, partyId });
  if (!party) throw detail(404, LM.partyNotFound);
  if (party.mine === null) throw detail(403, LM.onlyParticipantsView);
  const rows = await participantsQuery(ctx.db).execute({ partyId });
  return rows.map(({ p, u, x }) => ({
    id: p.id,
    is_standby: p.isStandby,
    user: {
      id: u.id,
      username: u.username,
      profile_image: u.profileImage,
      intro: u.intro,
      extra_setting: x
        ? { extra: { grade: x.grade, college: x.college, personality: x.personality, mbti: { i_e: x.mbtiIe, n_s: x.mbtiNs, f_t: x.mbtiFt, p_j: x.mbtiPj } } }
        : null,
    },
  }));
}
