import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { idParam } from '../../shared/id-schema';
import { opsCheckIn } from '../../shared/ops-contract';
import { LIVE_PARTICIPATION_STATUSES } from '../../shared/parties';
import type { Ctx } from '../context';
import { lockParticipation, lockStudents } from '../db/lock-order';
import { retryTransaction } from '../db/retry-transaction';
import { parties, participations } from '../db/schema/parties';
import { detail } from '../http/errors';
import { PARTY_MESSAGES as PM } from '../parties/messages';
import { recordCheckIn, standbyWindow } from '../partyassist/check-in';
import { type OpsActor, opsActorOf, recordAudit } from './audit';
import { requireOps } from './guard';
import { OPS_MESSAGES as OM } from './messages';

type CheckIn = z.output<typeof opsCheckIn>;

/**
 * An operator checks in a confirmed participant who is there but cannot show it (a dead phone): the same check-in
 * as going on standby — inside the standby window, the held deposit returned once with its ledger row and
 * notification (partyassist/check-in.ts recordCheckIn). Calling it again changes nothing and answers the state.
 */
async function manualCheckIn(ctx: Ctx, actor: OpsActor, partyId: number, userId: number): Promise<CheckIn> {
  const now = ctx.clock.now();
  return retryTransaction(ctx.db, async (tx) => {
    // Lock order (db/lock-order.ts), as standby-toggle.ts takes it: the student, then their participation. The
    // party is only read: a cancel locks this student before it ends the seat, so it runs wholly before or after.
    const [student] = await lockStudents(tx, [userId]);
    const [party] = await tx.select().from(parties).where(eq(parties.id, partyId));
    if (!party) throw detail(404, PM.notFound);
    if (!student) throw detail(404, OM.userNotFound);
    if (party.status === 'cancelled') throw detail(409, OM.checkInCancelledParty);
    if (student.deletedAt) throw detail(409, OM.checkInWithdrawn);
    const [found] = await tx
      .select({ id: participations.id })
      .from(participations)
      .where(and(eq(participations.partyId, partyId), eq(participations.userId, userId), inArray(participations.status, LIVE_PARTICIPATION_STATUSES)));
    const mine = found ? await lockParticipation(tx, found.id) : null;
    if (!mine || (mine.status !== 'pending' && mine.status !== 'confirmed')) throw detail(404, OM.notAttendee);
    if (mine.status !== 'confirmed') throw detail(409, OM.checkInUnpaid);
    const answer = (checkedInAt: Date, depositState: CheckIn['deposit_state'], returned: number, fresh: boolean): CheckIn => ({
      participation_id: mine.id,
      user: userId,
      checked_in_at: checkedInAt.toISOString(),
      deposit_state: depositState,
      checked_in_now: fresh,
      returned_points: returned,
    });
    // Already present (by the app or by an earlier call): the same answer, nothing written, however late it is.
    if (mine.checkedInAt) return answer(mine.checkedInAt, mine.depositState, 0, false);
    if (mine.depositState === 'forfeited') throw detail(409, OM.checkInForfeited);
    const window = standbyWindow(party.startTime, now);
    if (window === 'early') throw detail(409, OM.checkInEarly);
    if (window === 'closed') throw detail(409, OM.checkInClosed);

    const changes: { depositState?: CheckIn['deposit_state'] } = await recordCheckIn(tx, mine, party, now);
    const depositState = changes.depositState ?? mine.depositState;
    await recordAudit(tx, actor, {
      action: 'participation.check_in',
      targetType: 'participation',
      targetId: mine.id,
      before: { checked_in_at: null, deposit_state: mine.depositState },
      after: { checked_in_at: now.toISOString(), deposit_state: depositState },
      at: now,
    });
    return answer(now, depositState, changes.depositState === 'returned' ? (mine.paidAmount ?? 0) : 0, true);
  });
}

export async function opsAttendeeRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ partyId: idParam(PM.notFound), userId: idParam(OM.userNotFound) });
  const schema = { summary: 'Check a confirmed participant in by hand, returning their deposit', params, response: { 200: opsCheckIn, ...refusals(404, 409) } };
  app.post('/api/ops/parties/:partyId/participants/:userId/check-in/', { preValidation: requireOps(ctx), schema }, async (req) =>
    manualCheckIn(ctx, opsActorOf(req), req.params.partyId, req.params.userId),
  );
}
