import { z } from 'zod';
import { detail } from './errors';

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);

/** A numeric path id; anything else answers 404 with the caller's message rather than reaching the database. */
export function idParam(params: unknown, key: string, notFoundMessage: string): number {
  const parsed = positiveId.safeParse((params as Record<string, unknown>)[key]);
  if (!parsed.success) throw detail(404, notFoundMessage);
  return parsed.data;
}
