import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusals } from '../../shared/error-contract';
import { opsPrivacyPublish } from '../../shared/ops';
import { PRIVACY_MESSAGES as PM } from '../../shared/privacy';
import { opsPrivacyVersion, opsPrivacyVersions } from '../../shared/privacy-contract';
import type { Ctx } from '../context';
import { retryTransaction } from '../db/retry-transaction';
import { privacyPolicies } from '../db/schema/privacy';
import { HttpError } from '../http/errors';
import { currentPolicy } from '../privacy/current-policy';
import { opsActorOf, recordAudit } from './audit';
import { campusDay } from './campus-day';
import { requireOps } from './guard';

type Row = typeof privacyPolicies.$inferSelect;
const view = (row: Row, current: number | null) => ({
  version: row.version,
  effective_date: row.effectiveDate,
  body: row.body,
  published_by: row.publishedBy,
  created_at: row.createdAt.toISOString(),
  in_effect: row.version === current,
});

/**
 * The console's 개인정보 처리방침: every version (history is kept: a student's consent names one), and publishing
 * a new one. A version is never edited; the next number is taken under a table lock, so two operators publishing at
 * once get two versions in the order they committed, each with its audit row — unless the second is the first's
 * text and day again, which publishes nothing (200 with that version).
 */
export async function opsPrivacyRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ops = { preValidation: requireOps(ctx) };

  app.get('/api/ops/privacy/', { ...ops, schema: { summary: 'Every version of the 개인정보 처리방침, newest first', response: { 200: opsPrivacyVersions } } }, async () => {
    const now = ctx.clock.now();
    const current = (await currentPolicy(ctx.db, now))?.version ?? null;
    const rows = await ctx.db.select().from(privacyPolicies).orderBy(desc(privacyPolicies.version));
    return { current_version: current, versions: rows.map((r) => view(r, current)) };
  });

  const publishSchema = { summary: 'Publish a new version of the 개인정보 처리방침 (Markdown) from its effective date', body: opsPrivacyPublish, response: { 201: opsPrivacyVersion, 200: opsPrivacyVersion, ...refusals(400) } };
  app.post('/api/ops/privacy/', { ...ops, schema: publishSchema }, async (req, reply) => {
    const actor = opsActorOf(req);
    const now = ctx.clock.now();
    // Backdating would claim students agreed under a text they never saw.
    if (req.body.effective_date < campusDay(now).date) throw new HttpError(400, { effective_date: [PM.datePast] });
    const published = await retryTransaction(ctx.db, async (tx) => {
      // The next number is max + 1; the lock makes a second publisher wait for this one's row (a primary key clash
      // would only turn the race into an error).
      await tx.execute(sql`lock table ${privacyPolicies} in share row exclusive mode`);
      const [newest] = await tx.select().from(privacyPolicies).orderBy(desc(privacyPolicies.version)).limit(1);
      // The newest version again, word for word and from the same day (a second tap on 게시): nothing to publish,
      // and no new version that every signup form open at this moment would have to be shown again.
      if (newest && newest.body === req.body.body && newest.effectiveDate === req.body.effective_date) return { row: newest, created: false };
      const last = newest?.version;
      const [row] = await tx
        .insert(privacyPolicies)
        .values({ version: (last ?? 0) + 1, body: req.body.body, effectiveDate: req.body.effective_date, publishedBy: actor.name, createdAt: now })
        .returning();
      await recordAudit(tx, actor, {
        action: 'privacy.publish',
        targetType: 'privacy_policy',
        targetId: row.version,
        before: last ? { version: last } : null,
        after: { version: row.version, effective_date: row.effectiveDate, length: row.body.length },
        at: now,
      });
      return { row, created: true };
    });
    const current = (await currentPolicy(ctx.db, now))?.version ?? null;
    return reply.status(published.created ? 201 : 200).send(view(published.row, current));
  });
}
