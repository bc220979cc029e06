import { and, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { withdrawResult } from '../../shared/mypage-contract';
import { LIVE_PARTICIPATION_STATUSES } from '../../shared/parties';
import { verifyPassword } from '../auth/passwords';
import type { Ctx } from '../context';
import { retryTransaction } from '../db/retry-transaction';
import { parties, participations, waitlistEntries } from '../db/schema/parties';
import { extraSettings, socialAccounts, users } from '../db/schema/users';
import { refreshTokens } from '../db/schema/tokens';
import { requireUser, userIdOf } from '../http/auth-guard';
import { HttpError } from '../http/errors';
import { announceSeatsGivenBack } from '../partyassist/lobby-announce';
import { giveSeatsBack } from '../reserve/give-seats-back';
import { lockOpenStudent } from '../reserve/student-guard';
import { offerAfterRelease } from '../reserve/waitlist-offer';
import { NO_PREVIOUS_CARD } from './previous-card';

const withdrawInput = z.object({ password: z.string().optional() });

/**
 * Closes the account (개인정보 보호법: personal data is destroyed once the purpose ends). Upcoming seats are released
 * with a full refund first, and offered to the lines in the same transaction, as a leave offers its seat; then name,
 * contacts, school, photos, student card, extra info and social links are deleted or replaced, and every session is
 * revoked. Rows other people rely on (reviews, reports, votes, the point ledger kept for accounting) stay, pointing
 * at the anonymised account.
 *
 * The student is locked first (db/lock-order.ts): a join or payment in flight finishes before the seats are read,
 * and one that comes after finds the account closed (401), so no seat and no deposit is left behind.
 */
export async function withdrawRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const schema = { summary: 'Close my account: upcoming seats refunded, personal data erased', body: withdrawInput, response: { 200: withdrawResult, ...refusals(400) } };
  app.post('/api/mypage/withdraw/', { preValidation: requireUser(ctx), schema }, async (req) => {
    const userId = userIdOf(req);
    const { password } = req.body;
    const now = ctx.clock.now();
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    // Accounts with a password confirm with it; Kakao-only accounts have none and confirm in the client dialog.
    if (user.passwordHash && !(await verifyPassword(user.passwordHash, password ?? ''))) {
      throw new HttpError(400, { password: ['비밀번호가 일치하지 않습니다.'] });
    }

    const files = await retryTransaction(ctx.db, async (tx) => {
      await lockOpenStudent(tx, userId);
      // Read again under the lock: the photo may have changed since the password was checked.
      const [current] = await tx
        .select({ profileImage: users.profileImage, studentCard: users.studentCardPath, previousCard: users.previousCardPath })
        .from(users)
        .where(eq(users.id, userId));
      const upcoming = await tx
        .select({ id: participations.id, partyId: participations.partyId, title: parties.title, startTime: parties.startTime })
        .from(participations)
        .innerJoin(parties, eq(parties.id, participations.partyId))
        .where(and(eq(participations.userId, userId), inArray(participations.status, LIVE_PARTICIPATION_STATUSES), gt(parties.startTime, now)));
      // Each freed seat (held, paid, or one the line offered this student) goes to the next in line in this commit.
      const given = await giveSeatsBack(tx, upcoming.map((p) => ({ id: p.id, partyId: p.partyId, refund: true, reason: `${p.title} (회원 탈퇴)`, startTime: p.startTime })), now);

      await tx.delete(waitlistEntries).where(eq(waitlistEntries.userId, userId));
      await tx.delete(extraSettings).where(eq(extraSettings.userId, userId));
      await tx.delete(socialAccounts).where(eq(socialAccounts.userId, userId));
      await tx.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.userId, userId));
      await tx
        .update(users)
        .set({
          username: `deleted_${userId}`,
          name: '탈퇴한 회원',
          email: null,
          phone: null,
          school: null,
          intro: '',
          passwordHash: null,
          profileImage: null,
          studentCardPath: null,
          ...NO_PREVIOUS_CARD,
          // An operator's words about the card (a rejection) are about the person too; the status stays, as history.
          verificationReason: null,
          deletedAt: now,
        })
        .where(eq(users.id, userId));
      return { profileImage: current.profileImage, studentCard: current.studentCard, previousCard: current.previousCard, released: upcoming.length, offerLater: given.offerLater, lobbies: given.lobbies };
    });
    await offerAfterRelease(ctx, files.offerLater, req.log);
    // A paid seat given back while its party's lobby is open: the lobby hears it at once.
    await announceSeatsGivenBack(ctx, files.lobbies, now, req.log);
    // Files go after the commit: a rollback must not leave an account pointing at deleted photos.
    if (files.profileImage) await ctx.storage.removePublic(files.profileImage);
    if (files.studentCard) await ctx.storage.removePrivate(files.studentCard);
    if (files.previousCard) await ctx.storage.removePrivate(files.previousCard);
    // Every session ended with the account: its open lobby and game sockets too, on every instance.
    await ctx.hub.endSessions(userId);
    return { detail: '회원 탈퇴가 완료되었습니다.', cancelled_parties: files.released };
  });
}
