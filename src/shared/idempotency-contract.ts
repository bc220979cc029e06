import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from './idempotency';

// The Idempotency-Key header, as the routes that take it declare it (for the OpenAPI document). The check of its form
// is the route's hook (server/http/idempotency/route-hooks.ts), which answers a bad key with a Korean `detail`; the
// object stays loose, as validation replaces the request's headers with its result.
export const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER.toLowerCase()]: z
    .string()
    .optional()
    .meta({
      description:
        'One key per student action (a UUID), sent again with every retry of it. The same key and request within 24 hours ' +
        'answers the first answer again (`Idempotent-Replayed: true`); the same key with another request is 422; while ' +
        'the first request still runs, 409. 1–255 visible ASCII characters, else 400.',
    }),
});
