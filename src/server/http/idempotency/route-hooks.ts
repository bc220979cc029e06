import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES as IM, REPLAYED_HEADER } from '../../../shared/idempotency';
import type { Ctx } from '../../context';
import { userIdOf } from '../auth-guard';
import { findKey, isFresh, keyReused, replayOf, storeAnswerAfter } from './key-claim';
import { type KeyScope, runInKeyScope } from './key-scope';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: KeyScope;
  }
}

/** What makes two requests "the same request" for a key: method, path and body. */
function fingerprintOf(req: FastifyRequest): string {
  const path = req.url.split('?')[0];
  return createHash('sha256')
    .update(JSON.stringify([req.method, path, req.body ?? null]))
    .digest('hex');
}

/**
 * The hooks of a student action that takes an Idempotency-Key (docs/api.md "Idempotency-Key"), spread into the
 * route's options after the auth guard: `{ ...auth, ...idempotent(ctx, 201), schema }`. The action itself calls
 * claimIdempotencyKey / recordIdempotentAnswer (key-claim.ts) in its transaction; these hooks check the key, answer a
 * stored answer at once, run the handler inside the key's scope and store a refusal after the fact.
 */
export function idempotent(ctx: Ctx, successStatus: number) {
  const preHandler = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const header = req.headers['idempotency-key'];
    if (header === undefined) return done();
    if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
      void reply.status(400).send({ detail: IM.invalidKey });
      return;
    }
    const scope: KeyScope = {
      userId: userIdOf(req),
      key: header,
      fingerprint: fingerprintOf(req),
      successStatus,
      now: ctx.clock.now(),
      recorded: false,
      settled: false,
      replayed: false,
    };
    req.idempotency = scope;
    findKey(ctx.db, scope).then(
      (row) => {
        if (row && isFresh(row, scope.now) && row.status !== null) {
          // A committed answer: given again (or refused, for another request) without running the action.
          return done(row.fingerprint === scope.fingerprint ? replayOf(scope, row) : keyReused(scope));
        }
        // The handler (and so the action's transaction) runs inside the scope: done() calls it synchronously.
        runInKeyScope(scope, () => done());
      },
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  };

  // A refusal or an answer that changed nothing is stored before it is sent, so a retry that follows at once gets it.
  // Never a 5xx: the retry runs the action again. The stored answer is the object the error handler or route sent.
  const preSerialization = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const scope = req.idempotency;
    if (scope && !scope.settled && !scope.recorded && reply.statusCode < 500) {
      await storeAnswerAfter(ctx.db, scope, reply.statusCode, payload).catch((err: unknown) => req.log.warn({ err }, 'idempotency: answer not stored'));
    }
    return payload;
  };

  const onSend = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (req.idempotency?.replayed) void reply.header(REPLAYED_HEADER, 'true');
    return payload;
  };

  return { preHandler, preSerialization, onSend };
}
