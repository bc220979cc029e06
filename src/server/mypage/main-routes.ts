import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusals } from '../../shared/error-contract';
import type { MyPageMain } from '../../shared/mypage';
import { myPageMainResponse } from '../../shared/mypage-contract';
import type { Ctx } from '../context';
import { preparedPerDb } from '../db/prepared';
import { parties, participations } from '../db/schema/parties';
import { extraSettings, users, warnings } from '../db/schema/users';
import { requireUser, userIdOf } from '../http/auth-guard';
import { detail } from '../http/errors';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { activeSuspension } from '../suspension/active-suspension';
import { attendedBy } from './attended';

// One round trip: the two counts ride along as subqueries (each was a query of its own). Prepared (db/prepared.ts).
const myPageMainQuery = preparedPerDb('mypage_main', (db) => {
  const userId = sql.placeholder('userId');
  const attended = db
    .select({ n: sql`count(*)::int` })
    .from(participations)
    .innerJoin(parties, eq(parties.id, participations.partyId))
    .where(attendedBy(userId, sql.placeholder('now')));
  const warned = db.select({ n: sql`count(*)::int` }).from(warnings).where(eq(warnings.userId, userId));
  return db
    .select({ user: users, extra: extraSettings, participationCount: sql<number>`(${attended})`, warningCount: sql<number>`(${warned})` })
    .from(users)
    .leftJoin(extraSettings, eq(extraSettings.userId, users.id))
    .where(eq(users.id, userId));
});

export async function myPageMainRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const schema = { summary: 'My page: profile, points, warnings, verification, suspension and my parties', response: { 200: myPageMainResponse, ...refusals(404) } };
  app.get('/api/mypage/main/', { preValidation: requireUser(ctx), schema }, async (req): Promise<MyPageMain> => {
    const userId = userIdOf(req);
    // A placeholder's value goes to the driver as given: the timestamp as the column itself would send it.
    const now = ctx.clock.now();
    const [[row], suspension] = await Promise.all([myPageMainQuery(ctx.db).execute({ userId, now: now.toISOString() }), activeSuspension(ctx.db, userId, now)]);
    if (!row) throw detail(404, M.notFound);
    const { user, extra, participationCount, warningCount } = row;
    return {
      id: user.id,
      username: user.username,
      name: user.name,
      intro: user.intro,
      points: user.points,
      profile_image: user.profileImage,
      grade: extra?.grade ?? null,
      college: extra?.college ?? null,
      personality: extra?.personality ?? null,
      mbti: { i_e: extra?.mbtiIe ?? null, n_s: extra?.mbtiNs ?? null, f_t: extra?.mbtiFt ?? null, p_j: extra?.mbtiPj ?? null },
      participation_count: participationCount,
      warnings: warningCount,
      is_additional_info_provided: user.isAdditionalInfoProvided,
      verification_status: user.verificationStatus,
      // An old reason is cleared when a new card is sent; still, only a rejection is the student's to read.
      verification_reason: user.verificationStatus === 'rejected' ? user.verificationReason : null,
      has_extra_settings: extra !== null,
      suspension: suspension && { reason: suspension.reason, ends_at: suspension.endsAt?.toISOString() ?? null },
    };
  });
}
