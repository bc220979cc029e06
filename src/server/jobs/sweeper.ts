import { and, eq, gt, inArray, isNull, lt, lte } from 'drizzle-orm';
import { NO_SHOW_HOURS } from '../../shared/constants';
import { purgeForgottenLockouts } from '../auth/account-lockout';
import { purgeOldResetLinks } from '../auth/password-reset';
import { purgeOldIdempotencyKeys } from '../http/idempotency/key-claim';
import { purgeExpiredRefreshTokens } from '../auth/refresh-tokens';
import type { Ctx } from '../context';
import { lockParticipation, lockStudents } from '../db/lock-order';
import { retryTransaction } from '../db/retry-transaction';
import { kakaoCodes } from '../db/schema/kakao';
import { parties, participations } from '../db/schema/parties';
import { places } from '../db/schema/places';
import { warnings } from '../db/schema/users';
import { NOTICE } from '../notice/messages';
import { notify, replaceNotice } from '../notice/notify';
import { purgeEndedOperatorSessions } from '../ops/operator-sessions';
import { applyPoints } from '../points/ledger';
import { deleteExpiredCards } from '../privacy/card-retention';
import { startReadyRounds } from '../partyassist/ready-rounds';
import { announceOpenLobbies } from '../partyassist/standby-open';
import { remindExpiringHolds } from '../reserve/hold-reminder';
import { releaseSeat } from '../reserve/release-seat';
import { offerWaitingParties } from '../reserve/waitlist-offer';

const HOUR = 3_600_000;
const BATCH = 500;
const NO_SHOW_REASON = '파티 불참 (노쇼)';

export interface SweepReport {
  expired: number;
  /** Unpaid seats whose hold ends in a few minutes, reminded (reserve/hold-reminder.ts). */
  holdReminders: number;
  /** Seats offered to students in line (freed by expired holds, raised maxima, or offers a failure left behind). */
  offered: number;
  reminded: number;
  /** Paid participants told their lobby opened (partyassist/standby-open.ts). */
  lobbyNotices: number;
  /** Rounds of ready lobbies that the request making them ready could not create (partyassist/ready-rounds.ts). */
  roundsStarted: number;
  noShows: number;
  /** Student cards deleted CARD_RETENTION_DAYS after their decision (privacy/card-retention.ts). */
  cardsDeleted: number;
}

/**
 * The one background job: hold expiry (and the reminder before it), 24 h / 1 h reminders, the lobby opening, rounds
 * of ready lobbies left without one, no-show forfeits, the deletion of decided student cards. Every step is a conditional update
 * or an insert guarded by a unique key, so it is safe to run on every instance at once and to run twice.
 * `onFinished` hears how each sweep ended (the metrics count runs and failures).
 */
export function createSweeper(ctx: Ctx, onError: (err: unknown) => void = () => undefined, onFinished: (outcome: 'ok' | 'failed') => void = () => undefined) {
  async function expireHolds(now: Date): Promise<number> {
    const due = await ctx.db
      .select({ id: participations.id, title: parties.title })
      .from(participations)
      .innerJoin(parties, eq(parties.id, participations.partyId))
      .where(and(eq(participations.status, 'pending'), lte(participations.holdExpiresAt, now)))
      .limit(BATCH);
    let n = 0;
    for (const p of due) {
      // No points move (the seat was never paid), so the student need not be locked: party, then participation.
      const done = await retryTransaction(ctx.db, async (tx) => {
        const released = await releaseSeat(tx, p.id, { to: 'expired', refund: false, now, reason: p.title });
        if (!released) return false;
        // The application's notice (pay within 15 minutes) becomes this one, unread: one unpaid seat, one notice.
        const notice = { userId: released.userId, kind: 'hold_expired' as const, message: NOTICE.holdExpired(p.title), partyId: released.partyId, dedupeKey: `hold_expired:${p.id}`, at: now };
        await replaceNotice(tx, `applied:${p.id}`, notice, { read: false });
        return true;
      });
      if (done) n += 1;
    }
    return n;
  }

  async function remind(now: Date): Promise<number> {
    const windows = [
      { key: 'reminder_24h', from: now.getTime() + HOUR, to: now.getTime() + 24 * HOUR, message: NOTICE.reminder24h },
      { key: 'reminder_1h', from: now.getTime(), to: now.getTime() + HOUR, message: NOTICE.reminder1h },
    ] as const;
    let n = 0;
    for (const w of windows) {
      const rows = await ctx.db
        .select({ id: participations.id, userId: participations.userId, partyId: parties.id, title: parties.title, place: places.name, startTime: parties.startTime })
        .from(participations)
        .innerJoin(parties, eq(parties.id, participations.partyId))
        .innerJoin(places, eq(places.id, parties.placeId))
        .where(
          and(
            eq(participations.status, 'confirmed'),
            eq(parties.status, 'open'),
            gt(parties.startTime, new Date(w.from)),
            lte(parties.startTime, new Date(w.to)),
          ),
        )
        .limit(BATCH * 4);
      // A transaction: the reminders and their pushes (queued by notify) are stored together.
      if (rows.length)
        await ctx.db.transaction((tx) =>
        notify(
          tx,
          rows.map((r) => ({ userId: r.userId, kind: w.key, message: w.message(r.title, r.place, r.startTime.getTime() - now.getTime()), partyId: r.partyId, dedupeKey: `${w.key}:${r.id}`, at: now })),
        ),
      );
      n += rows.length;
    }
    return n;
  }

  async function forfeitNoShows(now: Date): Promise<number> {
    const due = await ctx.db
      .select({ id: participations.id, userId: participations.userId, title: parties.title })
      .from(participations)
      .innerJoin(parties, eq(parties.id, participations.partyId))
      .where(
        and(
          eq(participations.status, 'confirmed'),
          isNull(participations.checkedInAt),
          inArray(participations.depositState, ['none', 'held']),
          eq(parties.status, 'open'),
          // Strictly after the standby window (check-in.ts standbyWindow): at no instant are both a check-in and a
          // forfeit due.
          lt(parties.startTime, new Date(now.getTime() - NO_SHOW_HOURS * HOUR)),
        ),
      )
      .limit(BATCH);
    let n = 0;
    for (const p of due) {
      // Lock order (db/lock-order.ts): the student, then the participation — a late check-in may be racing this.
      const done = await retryTransaction(ctx.db, async (tx) => {
        await lockStudents(tx, [p.userId]);
        const before = await lockParticipation(tx, p.id);
        if (!before || before.status !== 'confirmed' || before.checkedInAt || !['none', 'held'].includes(before.depositState)) return false;
        // 'forfeited' also marks a free party's no-show as settled, so the warning is given once.
        await tx.update(participations).set({ depositState: 'forfeited' }).where(eq(participations.id, p.id));
        const amount = before.depositState === 'held' ? (before.paidAmount ?? 0) : 0;
        if (amount > 0) {
          // The deposit left the balance when it was paid; this row records that it will not come back.
          await applyPoints(tx, { userId: before.userId, amount: 0, kind: 'deposit_forfeited', partyId: before.partyId, participationId: p.id, reason: p.title, at: now });
        }
        const [warning] = await tx
          .insert(warnings)
          .values({ userId: before.userId, reason: NO_SHOW_REASON, causeKey: `no_show:${p.id}`, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: warnings.id });
        await notify(tx, [
          { userId: before.userId, kind: 'deposit_forfeited', message: NOTICE.depositForfeited(p.title, amount), partyId: before.partyId, dedupeKey: `deposit_forfeited:${p.id}`, at: now },
          ...(warning
            ? [{ userId: before.userId, kind: 'warning' as const, message: NOTICE.warning(NO_SHOW_REASON), partyId: before.partyId, dedupeKey: `warning:${warning.id}`, at: now }]
            : []),
        ]);
        return true;
      });
      if (done) n += 1;
    }
    return n;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  /** One sweep, counted (metrics: runs, failures, the last success) whether the interval or a caller started it. */
  async function runOnce(): Promise<SweepReport> {
    try {
      const report = await sweep();
      onFinished('ok');
      return report;
    } catch (err) {
      onFinished('failed');
      throw err;
    }
  }

  async function sweep(): Promise<SweepReport> {
    const now = ctx.clock.now();
    const expired = await expireHolds(now);
    const report = {
      expired,
      holdReminders: await remindExpiringHolds(ctx, now),
      offered: await offerWaitingParties(ctx, now),
      reminded: await remind(now),
      lobbyNotices: await announceOpenLobbies(ctx, now),
      roundsStarted: await startReadyRounds(ctx, now),
      noShows: await forfeitNoShows(now),
      cardsDeleted: await deleteExpiredCards(ctx, now),
    };
    // A claimed Kakao code is remembered until long after Kakao itself would refuse it (codes live 10 minutes there).
    await ctx.db.delete(kakaoCodes).where(lt(kakaoCodes.createdAt, new Date(now.getTime() - 24 * HOUR)));
    // Ended sign-ins (students' refresh tokens, operators' sessions) are refused with or without their rows.
    await purgeExpiredRefreshTokens(ctx.db, now);
    await purgeEndedOperatorSessions(ctx.db, now);
    await purgeOldResetLinks(ctx.db, now);
    await purgeOldIdempotencyKeys(ctx.db, now);
    await purgeForgottenLockouts(ctx.db, now);
    return report;
  }

  return {
    runOnce,
    start() {
      timer ??= setInterval(() => {
        if (running) return; // a slow sweep is never overlapped by the next one
        running = runOnce()
          .catch(onError)
          .finally(() => (running = undefined));
      }, ctx.config.sweepIntervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type Sweeper = ReturnType<typeof createSweeper>;
