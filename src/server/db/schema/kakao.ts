import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

// A Kakao authorization code signs in once (auth/kakao/kakao-login.ts): the first request claims the code's hash,
// and any later request with the same code is refused. Kept a day (the sweeper), far past the 10 minutes Kakao's
// codes live: past that Kakao itself refuses the code.
//
// user_id, failed_status, failed_detail and done held the outcome the first request handed to a twin request; they
// are no longer written. They stay for one release because instances of the previous one, still serving during a
// rolling deploy, insert into them; a later migration drops them.
export const kakaoCodes = pgTable('kakao_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  failedStatus: integer('failed_status'),
  failedDetail: text('failed_detail'),
  done: boolean('done').notNull().default(false),
  createdAt: createdAt(),
});
