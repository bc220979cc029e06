import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z, ZodError } from 'zod';
import { API_MESSAGES as M } from '../../shared/api-messages';
import type { ErrorBody } from '../../shared/errors';
import { databaseTrouble, pgErrorInfo } from '../db/pg-errors';

// Schemas without a message of their own still answer in Korean, like every message a user sees (docs/api.md "Errors").
z.config(z.locales.ko());

/** Thrown anywhere below a route; the error handler answers it as it is. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly body: ErrorBody,
  ) {
    // A replayed answer (http/idempotency/) travels as one too, and a 204's body is null.
    super(typeof (body as { detail?: unknown } | null)?.detail === 'string' ? (body as { detail: string }).detail : 'HttpError');
  }
}

export const detail = (status: number, message: string) => new HttpError(status, { detail: message });

/**
 * zod issues → `{"field": ["message"]}`; whole-body rules → `non_field_errors` (docs/api.md). A field of the wrong
 * type is "required" only when it was really missing from `input`; otherwise its own (Korean) message is kept.
 */
export function zodToBody(error: ZodError, input?: unknown): ErrorBody {
  const body: Record<string, string[]> = {};
  const sent = (key: string) => !!input && typeof input === 'object' && Object.hasOwn(input, key) && (input as Record<string, unknown>)[key] !== undefined;
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    const missing = issue.code === 'invalid_type' && issue.path.length === 1 && !sent(key);
    const message = missing ? M.required : issue.message;
    (body[key] ??= []).push(message);
  }
  return body;
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | HttpError | ZodError, req, reply) => {
    if (err instanceof HttpError) return reply.status(err.statusCode).send(err.body);
    if (err instanceof ZodError) {
      // A route's declared schema failed (http/route-schemas.ts sets where): an id in the path that is not one is a
      // 404 with the route's own message, like an unknown id; a body or a query is a 400 naming each field.
      const where = (err as ZodError & { validationContext?: string }).validationContext;
      if (where === 'params') return reply.status(404).send({ detail: err.issues[0]?.message ?? M.notFound });
      return reply.status(400).send(zodToBody(err, where === 'querystring' ? req.query : req.body));
    }
    const status = (err as FastifyError).statusCode ?? 500;
    const code = (err as FastifyError).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return reply.status(413).send({ detail: M.imageTooLarge });
    if (status === 413 || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      return reply.status(413).send({ detail: M.bodyTooLarge });
    }
    if (status === 429) return reply.status(429).send({ detail: M.tooMany });
    if (status >= 400 && status < 500) {
      req.log.info({ err }, 'client error');
      return reply.status(status).send({ detail: status === 404 ? M.notFound : M.invalidBody });
    }
    // A value Postgres cannot store (a NUL character, an integer past int4, a year 0) is bad input, not a crash.
    if (['22021', '22003', '22008'].includes(pgErrorInfo(err).code ?? '')) return reply.status(400).send({ detail: M.invalidBody });
    // Never a 500 for a database that is away or contended: the student may try again (docs/operations.md "Faults").
    const trouble = databaseTrouble(err);
    if (trouble) {
      req.log.warn({ err }, trouble === 'busy' ? 'database busy' : 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', trouble === 'busy' ? '1' : '5')
        .send({ detail: M.unavailable });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: M.serverError });
  });
}

/**
 * Fastify's `frameworkErrors`: what it refuses before any route runs (a URL whose percent-encoding does not decode)
 * is answered in our error format and in Korean too, not with Fastify's English body. Fastify ignores what this
 * returns, so it returns nothing rather than the (thenable) reply.
 */
export function answerFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
  if (status === 500) req.log.error({ err }, 'unhandled error');
  else req.log.info({ err }, 'client error');
  reply.status(status).send({ detail: status === 500 ? M.serverError : M.invalidBody });
}

/**
 * @fastify/websocket's `errorHandler`: a socket handler that threw after the upgrade, or an error on the socket
 * itself (a client that vanished mid-frame). The socket is closed with 1011 when it is still open, so the client
 * reconnects with backoff; only a failure that is neither the database nor the client's connection is logged as a bug.
 */
export function answerSocketError(err: Error, socket: WebSocket, req: FastifyRequest) {
  const trouble = databaseTrouble(err);
  const code = (err as { code?: unknown }).code;
  if (trouble) req.log.warn({ err }, `socket: database ${trouble}`);
  else if (typeof code === 'string' && (code.startsWith('WS_ERR_') || code.startsWith('E'))) req.log.info({ err }, 'socket: connection error');
  else req.log.error({ err }, 'socket handler failed');
  if (socket.readyState === socket.OPEN) socket.close(1011, 'server error');
  else socket.terminate();
}
