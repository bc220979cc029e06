import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusals } from '../../shared/error-contract';
import { type ExtraSettingsInput, type ExtraSettingsOut, extraSettingsInput } from '../../shared/extra-options';
import { extraSettingsOut } from '../../shared/mypage-contract';
import type { Ctx } from '../context';
import { extraSettings } from '../db/schema/users';
import { requireUser, userIdOf } from '../http/auth-guard';
import { detail } from '../http/errors';

function toOut(x: typeof extraSettings.$inferSelect): ExtraSettingsOut {
  const parts = { i_e: x.mbtiIe, n_s: x.mbtiNs, f_t: x.mbtiFt, p_j: x.mbtiPj };
  const full = Object.values(parts).every(Boolean) ? Object.values(parts).join('') : null;
  return {
    grade: x.grade,
    college: x.college,
    personality: x.personality,
    mbti: full,
    mbti_ie: x.mbtiIe,
    mbti_ns: x.mbtiNs,
    mbti_ft: x.mbtiFt,
    mbti_pj: x.mbtiPj,
    extra: { grade: x.grade, college: x.college, personality: x.personality, mbti: parts },
  };
}

export async function extraSettingsRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: requireUser(ctx) };
  const path = '/api/mypage/extra-settings/me/';

  // 404 when none exists yet: the wizard then creates (POST) instead of updating (PATCH), spec §4.
  app.get(path, { ...auth, schema: { summary: 'My extra settings (grade, college, personality, MBTI); 404 before the first save', response: { 200: extraSettingsOut, ...refusals(404) } } }, async (req) => {
    const [row] = await ctx.db.select().from(extraSettings).where(eq(extraSettings.userId, userIdOf(req)));
    if (!row) throw detail(404, '추가 정보가 아직 없습니다.');
    return toOut(row);
  });

  // POST and PATCH both save the whole set; saving twice (a retried request) is harmless.
  const save = async (userId: number, input: ExtraSettingsInput) => {
    const values = {
      grade: input.grade,
      college: input.college,
      personality: input.personality,
      mbtiIe: input.mbti.i_e,
      mbtiNs: input.mbti.n_s,
      mbtiFt: input.mbti.f_t,
      mbtiPj: input.mbti.p_j,
      updatedAt: ctx.clock.now(),
    };
    const [row] = await ctx.db
      .insert(extraSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: extraSettings.userId, set: values })
      .returning();
    return toOut(row);
  };
  app.post(path, { ...auth, schema: { summary: 'Save my extra settings for the first time', body: extraSettingsInput, response: { 201: extraSettingsOut } } }, async (req, reply) =>
    reply.status(201).send(await save(userIdOf(req), req.body)),
  );
  app.patch(path, { ...auth, schema: { summary: 'Save my extra settings again', body: extraSettingsInput, response: { 200: extraSettingsOut } } }, async (req) => save(userIdOf(req), req.body));
}
