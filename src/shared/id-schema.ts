import { z } from 'zod';
import { parseId } from './ids';

/**
 * A numeric id in a route's path, by parseId's rule; anything else fails with `message` (the route's "not found"),
 * which the server answers with 404 as for an unknown id. Apart from ids.ts so screens that only parse ids do not
 * load zod.
 */
export const idParam = (message: string) =>
  z.string().transform((raw, ctx) => {
    const id = parseId(raw);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return id;
  });
