import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusals } from '../../shared/error-contract';
import { PRIVACY_MESSAGES as PM } from '../../shared/privacy';
import { privacyPolicy } from '../../shared/privacy-contract';
import type { Ctx } from '../context';
import { detail } from '../http/errors';
import { currentPolicy } from './current-policy';

/** The published 개인정보 처리방침 (/privacy): public, a guest reads it before signing up. */
export async function privacyRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const schema = { summary: 'The 개인정보 처리방침 in effect (Markdown), its version and effective date', response: { 200: privacyPolicy, ...refusals(404) } };
  app.get('/api/privacy/', { schema }, async () => {
    const policy = await currentPolicy(ctx.db, ctx.clock.now());
    if (!policy) throw detail(404, PM.notFound);
    return { version: policy.version, effective_date: policy.effectiveDate, body: policy.body };
  });
}
