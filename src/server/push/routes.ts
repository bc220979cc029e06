import { and, desc, eq, notInArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { PUSH_ENDPOINT_REFUSED, PUSH_SUBSCRIPTION_TAKEN, pushKey, pushSubscriptionIn, pushUnsubscribe } from '../../shared/push-contract';
import type { Ctx } from '../context';
import { pushSubscriptions } from '../db/schema/push';
import { requireUser, userIdOf } from '../http/auth-guard';
import { detail, HttpError } from '../http/errors';
import type { OutboundPolicy } from '../http/outbound-policy';

// A student's phones and browsers; past it the oldest subscription goes (a browser that never unsubscribed).
const MAX_PER_STUDENT = 10;

export async function pushRoutes(parent: FastifyInstance, ctx: Ctx, push: { publicKey: string; outbound: OutboundPolicy }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: requireUser(ctx) };

  app.get('/api/push/key/', { schema: { summary: "The server's Web Push (VAPID) public key, to subscribe with", response: { 200: pushKey } } }, async () => ({ public_key: push.publicKey }));

  // Idempotent per endpoint: the app posts its subscription on every start, and a phone that signs in as another
  // student moves its subscription to that student (the pushes follow whoever is signed in on it). Moving it takes
  // the subscription's own keys: the endpoint alone is no proof (the push service and every server it was given to
  // know it), and whoever posts it must not take another student's pushes away.
  app.post('/api/push/subscriptions/', { ...auth, schema: { summary: "Receive my notifications as pushes on this browser (its push subscription)", body: pushSubscriptionIn, response: { 204: z.null(), ...refusals(400, 409) } } }, async (req, reply) => {
    const { endpoint, keys } = req.body;
    // Said here for the student; what really keeps pushes off internal addresses is the same policy at connect time.
    if (push.outbound.refusal(new URL(endpoint))) throw new HttpError(400, { endpoint: [PUSH_ENDPOINT_REFUSED] });
    const userId = userIdOf(req);
    const row = { userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: ctx.clock.now() };
    // One statement, so two students posting one endpoint at once cannot both win: the row is taken over only when it
    // is already this student's or the keys match it.
    const saved = await ctx.db
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: row,
        setWhere: or(eq(pushSubscriptions.userId, userId), and(eq(pushSubscriptions.p256dh, keys.p256dh), eq(pushSubscriptions.auth, keys.auth))),
      })
      .returning({ id: pushSubscriptions.id });
    if (!saved.length) throw detail(409, PUSH_SUBSCRIPTION_TAKEN);
    const kept = ctx.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PER_STUDENT);
    await ctx.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
    return reply.status(204).send(null);
  });

  // Only the student's own subscription: an endpoint is no secret from the push service, but it is someone's phone.
  app.delete('/api/push/subscriptions/', { ...auth, schema: { summary: 'Stop pushes to one of my browsers', body: pushUnsubscribe, response: { 204: z.null() } } }, async (req, reply) => {
    await ctx.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userIdOf(req)), eq(pushSubscriptions.endpoint, req.body.endpoint)));
    return reply.status(204).send(null);
  });
}
