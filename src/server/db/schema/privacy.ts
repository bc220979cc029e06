import { date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// The 개인정보 처리방침 (개인정보 보호법 §30: published), one row per version, never changed: a new text is a new
// version, so what a student agreed to (users.privacy_policy_version) stays readable. The version in effect is the
// newest whose effective date has come (privacy/current-policy.ts).
export const privacyPolicies = pgTable('privacy_policies', {
  version: integer('version').primaryKey(),
  // Markdown, drawn without raw HTML (react-markdown).
  body: text('body').notNull(),
  // A campus (Asia/Seoul) calendar date.
  effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
  // Who published it: an operator's username, "token" (the CLI), or "system" for the default text.
  publishedBy: text('published_by').notNull(),
  createdAt: createdAt(),
});
