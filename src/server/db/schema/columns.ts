import { timestamp } from 'drizzle-orm/pg-core';

// Every time is a timestamptz: an instant reads back the same whatever zone the server or the database runs in.
export const instant = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

export const createdAt = () => instant('created_at').notNull().defaultNow();
