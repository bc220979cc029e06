import { and, asc, count, eq, gt, gte, inArray, isNull, lt, min, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { idParam } from '../../shared/id-schema';
import { opsVerificationApprove, opsVerificationQuery, opsVerificationReject, readVerificationCursor, verificationCursor } from '../../shared/ops';
import { opsVerificationDecided, opsVerificationPage } from '../../shared/ops-contract';
import type { VerificationStatus } from '../../shared/verification';
import type { Ctx } from '../context';
import type { Tx } from '../db/connect';
import { retryTransaction } from '../db/retry-transaction';
import { auditLog } from '../db/schema/audit';
import { users } from '../db/schema/users';
import { detail } from '../http/errors';
import { NO_PREVIOUS_CARD } from '../mypage/previous-card';
import { NOTICE } from '../notice/messages';
import { notify } from '../notice/notify';
import { type OpsActor, opsActorOf, recordAudit } from './audit';
import { campusDay } from './campus-day';
import { requireOps } from './guard';
import { studentSearch } from './student-search';

const USER_NOT_FOUND = '회원을 찾을 수 없습니다.';
const NO_CARD = '학생증 사진이 없습니다.';
const NO_PREVIOUS_CARD_FILE = '이전 학생증 사진이 없습니다.';
const CARD_DELETED = '학생증 사진은 보관 기간이 지나 삭제되었습니다.';
const CARD_CHANGED = '학생이 학생증을 새로 보냈습니다. 새 사진을 확인한 뒤 다시 결정해 주세요.';
const NOT_PENDING: Record<Exclude<VerificationStatus, 'pending'>, string> = {
  approved: '이미 승인된 학생입니다.',
  rejected: '이미 반려된 학생입니다. 학생이 새 학생증을 보내면 다시 확인할 수 있습니다.',
  unsubmitted: '아직 학생증을 보내지 않은 학생입니다.',
};

type Decision = 'approved' | 'rejected';

/**
 * Student verification for operators (issue 16): the queue, the card, and the decision. Only a pending card is
 * decided, once, and only the card the operator saw (`card_submitted_at`, required): the decision is one conditional
 * update, so of two operators deciding at the same moment one wins and the other hears 409, and a card replaced
 * meanwhile is 409 too; its audit row and the student's notification commit with it.
 */
export async function opsVerificationRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ops = { preValidation: requireOps(ctx) };
  const userPath = z.object({ userId: idParam(USER_NOT_FOUND) });

  // Oldest card first: the student who has waited longest is looked at first. Closed accounts are not students.
  const listSchema = {
    summary: 'Student cards waiting for a decision (or decided, by status), searched, a page at a time, and how the queue stands',
    querystring: opsVerificationQuery,
    response: { 200: opsVerificationPage },
  };
  app.get('/api/ops/verifications/', { ...ops, schema: listSchema }, async (req) => {
    const q = req.query;
    const found = and(
      eq(users.verificationStatus, q.status),
      isNull(users.deletedAt),
      studentSearch(q.q, [users.name, users.username, users.school]),
    );
    const after = q.cursor ? readVerificationCursor(q.cursor) : null;
    const [rows, standing, decidedToday] = await Promise.all([
      ctx.db
        .select()
        .from(users)
        .where(and(found, after ? afterInQueue(after) : undefined))
        .orderBy(sql`${users.cardSubmittedAt} asc nulls last`, asc(users.id))
        // One more row than asked tells whether there is a next page.
        .limit(q.limit + 1),
      // Both from the index the queue is read by (status, card_submitted_at).
      ctx.db.select({ total: count(), oldest: min(users.cardSubmittedAt) }).from(users).where(found),
      decidedTodayBy(ctx, req.opsActor?.operatorId ?? null),
    ]);
    const page = rows.slice(0, q.limit).map((u) => ({
      id: u.id,
      username: u.username,
      name: u.name,
      school: u.school,
      phone: u.phone,
      email: u.email,
      status: u.verificationStatus,
      reason: u.verificationReason,
      card_submitted_at: u.cardSubmittedAt?.toISOString() ?? null,
      // A card sent again after a decision keeps that decision's time in the row; it is no answer about this card.
      verified_at: u.verificationStatus === 'pending' ? null : (u.verifiedAt?.toISOString() ?? null),
      card_deleted_at: u.cardDeletedAt?.toISOString() ?? null,
      previous_card: previousCardOf(u),
    }));
    return {
      results: page,
      next_cursor: rows.length > q.limit ? verificationCursor(page[page.length - 1]) : null,
      total: standing[0]?.total ?? 0,
      oldest_submitted_at: q.status === 'pending' ? (standing[0]?.oldest?.toISOString() ?? null) : null,
      decided_today: decidedToday,
    };
  });

  // The card is private (docs/rules.md): only operator routes read it, and no cache on the way may keep a copy.
  // A JPEG, not JSON: the bytes are sent as they are; the schema only tells the API description what comes back.
  const cardSchema = {
    summary: "A student's card photo, to decide on",
    params: userPath,
    produces: ['image/jpeg'],
    response: { 200: z.any().meta({ type: 'string', format: 'binary' }), ...refusals(404) },
  };
  app.get('/api/ops/verifications/:userId/card', { ...ops, schema: cardSchema }, async (req, reply) => {
    const [user] = await ctx.db
      .select({ card: users.studentCardPath, deletedAt: users.cardDeletedAt })
      .from(users)
      .where(and(eq(users.id, req.params.userId), isNull(users.deletedAt)));
    if (!user?.card) throw detail(404, user?.deletedAt ? CARD_DELETED : NO_CARD);
    return sendCard(ctx, reply, user.card, NO_CARD);
  });

  // The card a resubmission replaced, while the new one is pending (issue 33 §2): private like the current one.
  const previousSchema = { ...cardSchema, summary: "The card a student's pending card replaced, to compare the two" };
  app.get('/api/ops/verifications/:userId/previous-card', { ...ops, schema: previousSchema }, async (req, reply) => {
    const [user] = await ctx.db
      .select({ card: users.previousCardPath })
      .from(users)
      .where(and(eq(users.id, req.params.userId), isNull(users.deletedAt)));
    if (!user?.card) throw detail(404, NO_PREVIOUS_CARD_FILE);
    return sendCard(ctx, reply, user.card, NO_PREVIOUS_CARD_FILE);
  });

  const approveSchema = { summary: "Approve a student's card: they may join and pay", params: userPath, body: opsVerificationApprove, response: { 200: opsVerificationDecided, ...refusals(404, 409) } };
  app.post('/api/ops/verifications/:userId/approve/', { ...ops, schema: approveSchema }, async (req) =>
    decide(ctx, opsActorOf(req), req.params.userId, { decision: 'approved', reason: null, seen: req.body.card_submitted_at }),
  );

  const rejectSchema = { summary: "Reject a student's card, with the reason they are shown", params: userPath, body: opsVerificationReject, response: { 200: opsVerificationDecided, ...refusals(404, 409) } };
  app.post('/api/ops/verifications/:userId/reject/', { ...ops, schema: rejectSchema }, async (req) =>
    decide(ctx, opsActorOf(req), req.params.userId, { decision: 'rejected', reason: req.body.reason, seen: req.body.card_submitted_at }),
  );
}

async function sendCard(ctx: Ctx, reply: FastifyReply, key: string, missing: string) {
  const bytes = await ctx.storage.readPrivate(key);
  // The row names a file a crash left unwritten (or a withdrawal just deleted): nothing to show, not a 500.
  if (!bytes) throw detail(404, missing);
  return reply.header('Cache-Control', 'no-store').type('image/jpeg').send(bytes);
}

function previousCardOf(u: typeof users.$inferSelect) {
  if (!u.previousCardPath || !u.previousCardStatus) return null;
  return {
    submitted_at: u.previousCardSubmittedAt?.toISOString() ?? null,
    status: u.previousCardStatus,
    reason: u.previousCardReason,
    decided_at: u.previousCardDecidedAt?.toISOString() ?? null,
  };
}

async function decide(ctx: Ctx, actor: OpsActor, userId: number, d: { decision: Decision; reason: string | null; seen: string }) {
  const now = ctx.clock.now();
  const seen = new Date(d.seen);
  const { answer, previousCard } = await retryTransaction(ctx.db, async (tx) => {
    // The student's row is the first and only row locked (db/lock-order.ts step 1); the audit row and the notice
    // only reference it. The card seen is compared by the update itself: a new card committed meanwhile (it takes
    // the same row lock) is what the update re-reads, so it matches nothing — never a card nobody looked at.
    // Locked first to read the previous card (a resubmission's) the update clears: RETURNING gives the new values.
    const [locked] = await tx.select({ previousCard: users.previousCardPath }).from(users).where(eq(users.id, userId)).for('no key update');
    const [row] = await tx
      .update(users)
      .set({ verificationStatus: d.decision, verificationReason: d.reason, verifiedAt: now, ...NO_PREVIOUS_CARD })
      .where(
        and(
          eq(users.id, userId),
          isNull(users.deletedAt),
          eq(users.verificationStatus, 'pending'),
          eq(users.cardSubmittedAt, seen),
        ),
      )
      .returning({ card: users.studentCardPath, submittedAt: users.cardSubmittedAt });
    if (!row) throw await whyUndecided(tx, userId);

    const approved = d.decision === 'approved';
    await recordAudit(tx, actor, {
      action: approved ? 'verification.approve' : 'verification.reject',
      targetType: 'user',
      targetId: userId,
      before: { status: 'pending', card_submitted_at: row.submittedAt?.toISOString() ?? null },
      after: { status: d.decision, reason: d.reason },
      at: now,
    });
    await notify(tx, {
      userId,
      kind: approved ? 'verification_approved' : 'verification_rejected',
      message: approved ? NOTICE.verificationApproved() : NOTICE.verificationRejected(d.reason ?? ''),
      // One decision per card sent. The storage key alone is not unique to a sending: in the database a key is the
      // photo's hash, and a student may send the very same photo again after a rejection; the time it was sent is.
      dedupeKey: `verification:${row.card ?? ''}:${row.submittedAt?.toISOString() ?? now.toISOString()}`,
      at: now,
    });
    return { answer: { id: userId, status: d.decision, reason: d.reason, verified_at: now.toISOString() }, previousCard: locked?.previousCard ?? null };
  });
  // The previous card was kept to compare with the new one; decided, it has served its purpose (privacy). After the
  // commit, as with every replaced file: a rollback must not leave a row naming a deleted file.
  if (previousCard) await ctx.storage.removePrivate(previousCard);
  return answer;
}

/**
 * The rows after the cursor's in the queue's order (card_submitted_at ascending, no card last, then id): by both keys,
 * so a page never skips or repeats one of several cards sent in the same millisecond.
 */
function afterInQueue(after: { at: Date | null; id: number }) {
  if (!after.at) return and(isNull(users.cardSubmittedAt), gt(users.id, after.id));
  return or(gt(users.cardSubmittedAt, after.at), and(eq(users.cardSubmittedAt, after.at), gt(users.id, after.id)), isNull(users.cardSubmittedAt));
}

/** "오늘 처리 N건": the cards this operator decided since midnight in Seoul, from their audit rows. Nobody for the token. */
async function decidedTodayBy(ctx: Ctx, operatorId: number | null): Promise<number | null> {
  if (operatorId === null) return null;
  const day = campusDay(ctx.clock.now());
  const [row] = await ctx.db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        // The day first: audit_log_created_idx narrows the log to today's rows.
        gte(auditLog.createdAt, day.start),
        lt(auditLog.createdAt, day.end),
        eq(auditLog.operatorId, operatorId),
        inArray(auditLog.action, ['verification.approve', 'verification.reject']),
      ),
    );
  return row?.n ?? 0;
}

/** The conditional update matched nothing: unknown or closed (404), already decided or never sent (409), or another card. */
async function whyUndecided(tx: Tx, userId: number) {
  const [user] = await tx
    .select({ status: users.verificationStatus, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.deletedAt) return detail(404, USER_NOT_FOUND);
  if (user.status !== 'pending') return detail(409, NOT_PENDING[user.status]);
  return detail(409, CARD_CHANGED);
}
