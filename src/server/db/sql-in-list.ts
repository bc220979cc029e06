import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * `subject in ('a', 'b')` with the values written into the SQL text, not bound: a CHECK or a partial index's WHERE
 * has no parameters, and drizzle-kit compares this text with the migrations' to decide whether the schema changed.
 * One writer for every such list keeps the text byte for byte what the migrations hold.
 */
export function inList(subject: SQLWrapper, values: readonly string[]): SQL {
  return sql`${subject} in (${sql.raw(values.map(quoted).join(', '))})`;
}
