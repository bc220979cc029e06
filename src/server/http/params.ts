import { parseId } from '../../shared/ids';
import { detail } from './errors';

/** A numeric path id; anything else answers 404 with the caller's message rather than reaching the database. */
export function idParam(params: unknown, key: string, notFoundMessage: string): number {
  const id = parseId((params as Record<string, unknown>)[key]);
  if (id === null) throw detail(404, notFoundMessage);
  return id;
}
