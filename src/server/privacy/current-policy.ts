import { and, desc, lte } from 'drizzle-orm';
import type { Ctx } from '../context';
import type { Db, Tx } from '../db/connect';
import { privacyPolicies } from '../db/schema/privacy';
import { campusDay } from '../ops/campus-day';
import { defaultPolicyText } from './default-policy';

/** The version in effect at `now`: the newest one whose effective (campus) date has come. */
export async function currentPolicy(db: Db | Tx, now: Date) {
  const [row] = await db
    .select()
    .from(privacyPolicies)
    .where(and(lte(privacyPolicies.effectiveDate, campusDay(now).date)))
    .orderBy(desc(privacyPolicies.version))
    .limit(1);
  return row ?? null;
}

/**
 * Publishes version 1, the default text, on a database that has no policy yet — at every start, in production too
 * (the demo seed never runs there), so the page signup links to exists from the first request. Instances starting
 * together insert the same primary key: one row wins, the others do nothing.
 */
export async function ensurePrivacyPolicy(ctx: Pick<Ctx, 'db' | 'clock' | 'config'>): Promise<void> {
  const any = await ctx.db.select({ version: privacyPolicies.version }).from(privacyPolicies).limit(1);
  if (any.length) return;
  await ctx.db
    .insert(privacyPolicies)
    .values({ version: 1, body: defaultPolicyText(ctx.config.cardRetentionDays), effectiveDate: campusDay(ctx.clock.now()).date, publishedBy: 'system' })
    .onConflictDoNothing();
}
