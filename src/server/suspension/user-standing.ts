import { desc, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { opsSuspension } from '../../shared/ops-contract';
import { SUSPENSION_SUGGESTED_AT_WARNINGS } from '../../shared/suspension';
import type { Db } from '../db/connect';
import { suspensions } from '../db/schema/suspensions';
import { warnings } from '../db/schema/users';

type SuspensionRow = typeof suspensions.$inferSelect;

interface Standing {
  warnings: number;
  warnings_since_suspension: number;
  suspension: z.output<typeof opsSuspension> | null;
  suspension_suggested: boolean;
}

export const suspensionView = (s: SuspensionRow): z.output<typeof opsSuspension> => ({
  id: s.id,
  reason: s.reason,
  ends_at: s.endsAt?.toISOString() ?? null,
  refund_in_full: s.refundInFull,
  actor: s.actor,
  created_at: s.createdAt.toISOString(),
});

const inForce = (s: SuspensionRow, now: Date) => s.liftedAt === null && (s.endsAt === null || s.endsAt > now);

/**
 * Each student's warnings and suspension as the console shows them (the users list and a student's page): two
 * reads for the whole page of students. A suspension is suggested at three warnings given after the student's last
 * suspension began (all of them, never suspended), while none is in force — a suspension that ended does not let old
 * warnings suggest another.
 */
export async function standings(db: Db, userIds: number[], now: Date): Promise<Map<number, Standing>> {
  const out = new Map<number, Standing>();
  if (userIds.length === 0) return out;
  const [warned, suspended] = await Promise.all([
    db.select({ userId: warnings.userId, createdAt: warnings.createdAt }).from(warnings).where(inArray(warnings.userId, userIds)),
    db.select().from(suspensions).where(inArray(suspensions.userId, userIds)).orderBy(desc(suspensions.id)),
  ]);
  for (const id of userIds) {
    const mine = suspended.filter((s) => s.userId === id);
    const last = mine[0];
    const current = mine.find((s) => inForce(s, now)) ?? null;
    const all = warned.filter((w) => w.userId === id);
    const since = last ? all.filter((w) => w.createdAt > last.createdAt).length : all.length;
    out.set(id, {
      warnings: all.length,
      warnings_since_suspension: since,
      suspension: current && suspensionView(current),
      suspension_suggested: !current && since >= SUSPENSION_SUGGESTED_AT_WARNINGS,
    });
  }
  return out;
}

