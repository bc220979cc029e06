import { check, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { VOTE_CHOICES } from '../../../shared/live';
import { inList } from '../sql-in-list';
import { createdAt } from './columns';
import { parties } from './parties';
import { userRef } from './users';

// One round per party, created once when enough participants are on standby (the unique key makes it "exactly once").
export const rounds = pgTable(
  'rounds',
  {
    id: serial('id').primaryKey(),
    partyId: integer('party_id')
      .notNull()
      .references(() => parties.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('rounds_party_key').on(t.partyId)],
);

export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    aText: text('a_text').notNull(),
    bText: text('b_text').notNull(),
    // Counters kept beside the votes so a broadcast never needs a COUNT; updated in the vote's transaction.
    voteACount: integer('vote_a_count').notNull().default(0),
    voteBCount: integer('vote_b_count').notNull().default(0),
  },
  (t) => [uniqueIndex('questions_round_position_key').on(t.roundId, t.position)],
);

export const votes = pgTable(
  'votes',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    choice: text('choice', { enum: VOTE_CHOICES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('votes_question_user_key').on(t.questionId, t.userId), check('votes_choice', inList(t.choice, VOTE_CHOICES))],
);
