import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

// An authorization code is exchanged with Kakao once. The first request claims the code's hash; a second request
// with the same code (a double submit, React StrictMode, two instances) waits for that outcome instead of calling
// Kakao again, whose answer would be invalid_grant.
export const kakaoCodes = pgTable('kakao_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  failedStatus: integer('failed_status'),
  failedDetail: text('failed_detail'),
  done: boolean('done').notNull().default(false),
  createdAt: createdAt(),
});
