import { z } from 'zod';
import { isoTime } from './parties-contract';
import type { PrivacyPolicy } from './privacy';

// Server-only zod of the privacy answers (route schemas, the OpenAPI document); the client keeps privacy.ts's types.

export const privacyPolicy = z
  .object({ version: z.number().int(), effective_date: z.string(), body: z.string() })
  .meta({ id: 'PrivacyPolicy' }) satisfies z.ZodType<PrivacyPolicy>;

/** The console's history: every version, newest first, with who published it and when. */
export const opsPrivacyVersion = z
  .object({ version: z.number().int(), effective_date: z.string(), body: z.string(), published_by: z.string(), created_at: isoTime, in_effect: z.boolean() })
  .meta({ id: 'OpsPrivacyVersion' });

export const opsPrivacyVersions = z.object({ current_version: z.number().int().nullable(), versions: z.array(opsPrivacyVersion) }).meta({ id: 'OpsPrivacyVersions' });
