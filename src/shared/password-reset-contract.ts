import { z } from 'zod';
import type { PasswordResetLink, PasswordResetOptions } from './password-reset';

// The zod side of password recovery's answers, for the server's route schemas and the OpenAPI document (server-only,
// like the other *-contract.ts files).

export const passwordResetOptions = z.object({ by_email: z.boolean() }).meta({ id: 'PasswordResetOptions' }) satisfies z.ZodType<PasswordResetOptions>;

export const passwordResetLink = z
  .object({
    url: z.string().meta({ description: 'The one-time link, shown to the operator once: only a hash of its token is stored.' }),
    expires_at: z.string(),
  })
  .meta({ id: 'PasswordResetLink' }) satisfies z.ZodType<PasswordResetLink>;

/** A done step, in Korean, for the person to read. */
export const passwordResetDone = z.object({ detail: z.string() }).meta({ id: 'PasswordResetDone' });
