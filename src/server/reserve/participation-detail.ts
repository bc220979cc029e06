import { and, eq, sql } from 'drizzle-orm';
import type { ParticipationDetail } from '../../shared/parties';
import type { Ctx } from '../context';
import { preparedPerDb } from '../db/prepared';
import { parties, participations } from '../db/schema/parties';
import { users } from '../db/schema/users';
import { detail } from '../http/errors';
import { PARTY_MESSAGES as PM } from '../parties/messages';

// Prepared (db/prepared.ts): the payment screen asks it again while a hold runs.
const participationQuery = preparedPerDb('participation_detail', (db) =>
  db
    .select({ p: participations, points: users.points, party: { id: parties.id, title: parties.title, deposit: parties.deposit, startTime: parties.startTime } })
    .from(participations)
    .innerJoin(users, eq(users.id, participations.userId))
    .innerJoin(parties, eq(parties.id, participations.partyId))
    .where(and(eq(participations.id, sql.placeholder('participationId')), eq(participations.userId, sql.placeholder('userId')))),
);

/** The owner's view for the payment screen; someone else's participation is "not found", not "forbidden". */
export async function participationDetail(ctx: Ctx, userId: number, participationId: number): Promise<ParticipationDetail> {
  const [row] = await participationQuery(ctx.db).execute({ participationId, userId });
  if (!row) throw detail(404, PM.participationNotFound);
  return {
    id: row.p.id,
    status: row.p.status,
    hold_expires_at: row.p.holdExpiresAt?.toISOString() ?? null,
    user: { id: userId, points: row.points },
    party: { id: row.party.id, title: row.party.title, deposit: row.party.deposit, start_time: row.party.startTime.toISOString() },
  };
}
