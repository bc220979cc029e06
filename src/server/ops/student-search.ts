import { type AnyColumn, ilike, or, type SQL } from 'drizzle-orm';
import { users } from '../db/schema/users';

/** `%`, `_` and `\` typed by an operator are searched for as they are, not as patterns. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The students an operator's search finds (the points page, the verification queue): any of `columns` holding what
 * was typed, latin letters in either case, or a phone holding its digits — phones are stored as digits, so
 * "010-5555-1234" and "01055551234" find the same student. Under three digits would match most phones, so those
 * search the text columns only. Nothing typed: no condition.
 */
export function studentSearch(q: string, columns: AnyColumn[]): SQL | undefined {
  if (!q) return undefined;
  const digits = q.replace(/\D/g, '');
  return or(...columns.map((column) => ilike(column, contains(q))), digits.length >= 3 ? ilike(users.phone, contains(digits)) : undefined);
}
