import { z } from 'zod';
import { apiError } from '../../shared/error-contract';
import type { OpenApiDocument, OpenApiOperation } from './api-doc-types';

/**
 * Every answer an operation can give besides its success, for /api/openapi.json: what its route declares
 * (`...refusals(403, 409)` in its response schemas) and what the framework and the app's hooks answer for any
 * route of its kind (below). Each error status is described once, under `components.responses`, with the one
 * `ApiError` body; an operation refers to it. Exact statuses only, never `4XX` or `default`: a client generated from
 * the document must know which errors a call has.
 */
const ANSWERS: Record<number, { name: string; description: string; retryAfter?: true; empty?: true }> = {
  304: { name: 'NotModified', description: 'Unchanged since the ETag sent in `If-None-Match`; no body.', empty: true },
  400: {
    name: 'BadRequest',
    description:
      'The request is not acceptable: a field that is wrong carries its messages (`{"field": ["…"]}`), a rule about the ' +
      'whole body `non_field_errors`; a body that cannot be read, or a refusal of the request itself, `detail`.',
  },
  401: {
    name: 'Unauthorized',
    description: 'No credentials, or ones that are wrong, expired or ended (a password changed, an account closed): log in, or refresh once.',
  },
  403: {
    name: 'Forbidden',
    description: 'Known but not allowed: `detail` says why; `code` names a step the student can take (finish the account, wait for the card to be approved).',
  },
  404: { name: 'NotFound', description: 'No such thing: an unknown id, or one in the path that is not an id at all.' },
  409: {
    name: 'Conflict',
    description: 'Not possible in the present state (already joined, already in line, already decided), or a request with the same `Idempotency-Key` is still running.',
  },
  413: { name: 'PayloadTooLarge', description: 'The body, or a file in it, is larger than this call takes.' },
  415: { name: 'UnsupportedMediaType', description: "The body's `Content-Type` is not one this call reads (JSON; multipart for uploads)." },
  422: { name: 'UnprocessableEntity', description: 'The `Idempotency-Key` was used for another request (another call or body) within 24 hours: a new action takes a new key.' },
  429: { name: 'TooManyRequests', description: 'Too many attempts from this address or for this account (logins, signups, searches the server had to compute): wait `Retry-After` seconds.', retryAfter: true },
  502: { name: 'BadGateway', description: 'Kakao did not answer, or answered something unreadable: try again in a moment.' },
  503: {
    name: 'Unavailable',
    description:
      'The database or Redis is away or busy, or this instance is shutting down: try again after `Retry-After` seconds.',
    retryAfter: true,
  },
};

const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const OPS_SCHEMES = new Set(['opsToken', 'opsSession']);

/** What any route of this kind answers, whatever it declares (http/errors.ts, auth-guard.ts, ops/guard.ts, app.ts). */
function implied(method: string, op: OpenApiOperation): number[] {
  const statuses = [503]; // the database away, or the instance draining (app.ts): any route
  if (method === 'get') statuses.push(304); // every answer carries a weak ETag (@fastify/etag)
  if (BODY_METHODS.has(method)) statuses.push(400, 413, 415); // a body that does not parse, is too large, or is neither JSON nor multipart
  if (op.requestBody || op.parameters?.some((p) => p.in === 'query')) statuses.push(400); // the declared schema refuses it
  if (op.parameters?.some((p) => p.in === 'path')) statuses.push(404); // a path id that is not one is answered like an unknown id
  if (op.security?.length) statuses.push(401);
  // One operator credential only (an account change needs the server's token, "who am I" a session): the other is 403.
  const only = op.security?.length === 1 ? Object.keys(op.security[0]) : [];
  if (only.length === 1 && OPS_SCHEMES.has(only[0])) statuses.push(403);
  return statuses;
}

const componentRef = (name: string) => `#/components/responses/${name}`;
// Read from the schema itself, which also puts it among the document's components even before a route declares it.
const ERROR_SCHEMA = `#/components/schemas/${z.globalRegistry.get(apiError)?.id}`;
const RETRY_AFTER = '#/components/headers/RetryAfter';

/** Adds every error answer to each operation, as a reference to the one shared description of its status. */
export function describeErrorAnswers(doc: OpenApiDocument): void {
  const used = new Set<number>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const responses = (op.responses ??= {});
      for (const status of implied(method, op)) responses[status] ??= {};
      for (const [code, answer] of Object.entries(responses)) {
        if (/^2\d\d$/.test(code)) continue;
        const known = ANSWERS[Number(code)];
        if (!known) throw new Error(`${method.toUpperCase()} ${path}: answer ${code} has no description in http/api-doc-answers.ts`);
        used.add(Number(code));
        const schema = (answer as { content?: Record<string, { schema?: { $ref?: string } }> }).content?.['application/json']?.schema;
        // The usual error body (or none, for 304): the shared description. A body of the route's own (/readyz says
        // which check failed) keeps its schema under the shared words.
        if (!schema || schema.$ref === ERROR_SCHEMA) responses[code] = { $ref: componentRef(known.name) };
        else responses[code] = { ...answer, description: known.description, ...(known.retryAfter ? { headers: { 'Retry-After': { $ref: RETRY_AFTER } } } : {}) };
      }
    }
  }
  const components = (doc.components ??= {});
  components.headers = { ...components.headers, RetryAfter: { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } } };
  components.responses = { ...components.responses };
  for (const status of [...used].sort()) {
    const { name, description, retryAfter, empty } = ANSWERS[status];
    components.responses[name] = {
      description,
      ...(retryAfter ? { headers: { 'Retry-After': { $ref: RETRY_AFTER } } } : {}),
      ...(empty ? {} : { content: { 'application/json': { schema: { $ref: ERROR_SCHEMA } } } }),
    };
  }
}
