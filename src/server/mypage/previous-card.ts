import type { users } from '../db/schema/users';

/**
 * The card a resubmission replaced stays beside the new one while that is pending (issue 33 §2), so an operator sees
 * what changed. Every way out of that state — a decision on the new card, the account closed, the retention sweep —
 * clears these columns in its transaction and deletes the file after the commit (privacy: no more cards than needed).
 */
export const NO_PREVIOUS_CARD = {
  previousCardPath: null,
  previousCardSubmittedAt: null,
  previousCardStatus: null,
  previousCardReason: null,
  previousCardDecidedAt: null,
} satisfies Partial<typeof users.$inferInsert>;
