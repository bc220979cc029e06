import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../context';
import { parties, participations } from '../db/schema/parties';
import { NOTICE } from '../notice/messages';
import { notify } from '../notice/notify';
import { releaseSeat } from '../reserve/release-seat';

/**
 * An operator cancels a party: every live participation ends, paid deposits are refunded in full whatever the
 * time, and each student is told. One transaction, so a failure leaves the party and every seat as they were.
 * Cancelling twice is harmless (the second call finds no live participation). Null when there is no such party.
 */
export async function cancelParty(ctx: Ctx, partyId: number): Promise<{ cancelled: number; refunded_points: number } | null> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [party] = await tx
      .update(parties)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(eq(parties.id, partyId))
      .returning({ title: parties.title });
    if (!party) return null;
    const live = await tx
      .select({ id: participations.id })
      .from(participations)
      .where(and(eq(participations.partyId, partyId), inArray(participations.status, ['pending', 'confirmed'])));
    let refunded = 0;
    for (const p of live) {
      const released = await releaseSeat(tx, p.id, { to: 'cancelled', refund: true, now, reason: `${party.title} (파티 취소)` });
      if (!released) continue;
      refunded += released.refunded;
      await notify(tx, {
        userId: released.userId,
        kind: 'party_cancelled',
        message: NOTICE.partyCancelled(party.title, released.refunded),
        partyId,
        dedupeKey: `party_cancelled:${p.id}`,
        at: now,
      });
    }
    return { cancelled: live.length, refunded_points: refunded };
  });
}
