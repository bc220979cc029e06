import { and, asc, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { idParam } from '../../shared/id-schema';
import { opsLedgerQuery, opsUserSearchQuery } from '../../shared/ops';
import { opsLedgerPage, opsUser } from '../../shared/ops-contract';
import type { Ctx } from '../context';
import type { Db } from '../db/connect';
import { pointLedger } from '../db/schema/points';
import { users } from '../db/schema/users';
import { detail } from '../http/errors';
import { standings } from '../suspension/user-standing';
import { requireOps } from './guard';
import { OPS_MESSAGES as OM } from './messages';
import { studentSearch } from './student-search';

const SEARCH_LIMIT = 50;

async function userRows(db: Db, where: SQL | undefined, limit: number, now: Date): Promise<z.output<typeof opsUser>[]> {
  const rows = await db.select().from(users).where(where).orderBy(asc(users.id)).limit(limit);
  const standing = await standings(db, rows.map((u) => u.id), now);
  return rows.map((u) => ({
    id: u.id,
    username: u.username,
    name: u.name,
    phone: u.phone,
    school: u.school,
    points: u.points,
    verification_status: u.verificationStatus,
    withdrawn: u.deletedAt !== null,
    created_at: u.createdAt.toISOString(),
    ...standing.get(u.id)!,
  }));
}

/** The points screen: find a student, then read their ledger (grants go through POST /api/ops/users/{id}/points/). */
export async function opsLedgerRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ops = { preValidation: requireOps(ctx) };

  // By username, name or phone (stored as digits: "010-1234-5678" finds it too). Without `q`, the first accounts.
  const searchSchema = { summary: 'Find students by username, name, email or phone', querystring: opsUserSearchQuery, response: { 200: z.array(opsUser) } };
  app.get('/api/ops/users/', { ...ops, schema: searchSchema }, async (req) => {
    return userRows(ctx.db, studentSearch(req.query.q, [users.username, users.name]), SEARCH_LIMIT, ctx.clock.now());
  });

  // Newest first, a page at a time: `before_id` is the last id shown, so rows added meanwhile never shift a page.
  const ledgerSchema = {
    summary: "A student's points ledger, newest first, a page at a time",
    params: z.object({ id: idParam(OM.userNotFound) }),
    querystring: opsLedgerQuery,
    response: { 200: opsLedgerPage, ...refusals(404) },
  };
  app.get('/api/ops/users/:id/ledger/', { ...ops, schema: ledgerSchema }, async (req) => {
    const { id } = req.params;
    const { before_id: before, limit } = req.query;
    const [user] = await userRows(ctx.db, eq(users.id, id), 1, ctx.clock.now());
    if (!user) throw detail(404, OM.userNotFound);
    const rows = await ctx.db
      .select()
      .from(pointLedger)
      .where(and(eq(pointLedger.userId, id), before ? lt(pointLedger.id, before) : undefined))
      .orderBy(desc(pointLedger.id))
      // One more than asked tells whether an older page exists.
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    return {
      user,
      results: page.map((r) => ({
        id: r.id,
        amount: r.amount,
        kind: r.kind,
        reason: r.reason,
        party: r.partyId,
        balance_after: r.balanceAfter,
        created_at: r.createdAt.toISOString(),
      })),
      next_before_id: rows.length > limit ? page[page.length - 1].id : null,
    };
  });
}
