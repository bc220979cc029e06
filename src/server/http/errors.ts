import type { FastifyError, FastifyInstance } from 'fastify';
import { z, ZodError } from 'zod';
import { API_MESSAGES as M } from '../../shared/api-messages';
import type { ErrorBody } from '../../shared/errors';
import { isDatabaseUnavailable, pgErrorInfo } from '../db/pg-errors';

// Schemas without a message of their own still answer in Korean, like every message a user sees (DESIGN.md §3).
z.config(z.locales.ko());

/** Thrown anywhere below a route; the error handler answers it as it is. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly body: ErrorBody,
  ) {
    super(typeof (body as { detail?: unknown }).detail === 'string' ? (body as { detail: string }).detail : 'HttpError');
  }
}

export const detail = (status: number, message: string) => new HttpError(status, { detail: message });

/**
 * zod issues → `{"field": ["message"]}`; whole-body rules → `non_field_errors` (DESIGN.md §3). A field of the wrong
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
    if (err instanceof ZodError) return reply.status(400).send(zodToBody(err, req.body));
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
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.status(503).header('Retry-After', '5').send({ detail: M.unavailable });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: M.serverError });
  });
}
