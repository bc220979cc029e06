import { z } from 'zod';
import type { ErrorCode } from './errors';

// The zod side of every error answer (docs/api.md "Errors", errors.ts), for the routes' response schemas and the OpenAPI
// document, where it is the one `ApiError` schema every error answer refers to. Server-only, like the other
// *-contract.ts files: the client reads error bodies through errors.ts.

const errorCode = z.enum(['additional_info_required', 'verification_pending', 'verification_rejected', 'verification_required', 'privacy_policy_changed', 'suspended']) satisfies z.ZodType<ErrorCode>;

export const apiError = z
  .object({
    detail: z.string().optional().meta({ description: 'What went wrong, in Korean, for the person to read.' }),
    // Kakao sign-in's body has a field named `code` (spec §7), so its field error takes the same key: without the
    // array here, `{"code": ["필수 항목입니다."]}` went out as a bare string.
    code: z
      .union([errorCode, z.array(z.string())])
      .optional()
      .meta({
        description:
          'Beside `detail` when the client can offer a next step (finish the account, wait for approval); on Kakao sign-in, ' +
          'whose body has a field named `code`, that field’s messages instead.',
      }),
    non_field_errors: z.array(z.string()).optional().meta({ description: 'Messages about the request as a whole.' }),
  })
  // Every other key is a field of the request, with its messages.
  .catchall(z.array(z.string()))
  .meta({
    id: 'ApiError',
    description:
      'Django-REST shaped: `{"detail": "…"}` (with `code` for a refusal the client answers with a next step), ' +
      '`{"field": ["…"]}` per field that is wrong, or `{"non_field_errors": ["…"]}` for the body as a whole. Korean.',
  });

/** A route's error answers, for its response schemas: `response: { 200: answer, ...refusals(403, 409) }`. */
export function refusals<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, apiError])) as { [K in S[number]]: typeof apiError };
}
