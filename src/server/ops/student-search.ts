import { type AnyColumn, ilike, or, type SQL } from 'drizzle-orm';
import { users } from '../db/schema/users';

/** `%`, `_` and `\` typed by an operator are searched for as they are, not as patterns. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a phone number is typed with: digits and the marks people put between them. */
const PHONE_LIKE = /^[\d\s\-.()+]+$/;

/**
 * The students an operator's search finds (the points page, the verification queue): any of `columns` holding what
 * was typed, latin letters in either case, or — when what was typed is a phone number, digits and the marks between
 * them — a phone holding its digits: phones are stored as digits, so "010-5555-1234" and "01055551234" find the same
 * student. Under three digits would match most phones, so those search the text columns only; so does a search with
 * a letter in it ("키보드대학교 mx054": its digits are part of a name, and "054" would find every phone holding it).
 * Nothing typed: no condition.
 */
export function studentSearch(q: string, columns: AnyColumn[]): SQL | undefined {
  if (!q) return undefined;
  const digits = PHONE_LIKE.test(q) ? q.replace(/\D/g, '') : '';
  return or(...columns.map((column) => ilike(column, contains(q))), digits.length >= 3 ? ilike(users.phone, contains(digits)) : undefined);
}
