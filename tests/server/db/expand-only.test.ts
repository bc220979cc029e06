import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/operations.md "Upgrading while running": during a rolling upgrade the release before a migration runs on the
// schema after it, so a migration only adds. What takes away (a drop, a rename, a narrower type, a new NOT NULL on a
// column that has rows) belongs to a later release's contract step, and such a file says so in its first line
// (`-- contract: …` naming what no instance reads any more) so the operator deploys it knowingly.
const FOLDER = fileURLToPath(new URL('../../../src/server/db/migrations/', import.meta.url));
// The migrations before the rule was written down; their releases never ran side by side with the one before.
const FIRST_UNDER_THE_RULE = 15;

const TAKING_AWAY: [RegExp, string][] = [
  [/\bDROP\s+(TABLE|COLUMN|INDEX|TYPE|VIEW|SCHEMA)\b/i, 'drops'],
  [/\bRENAME\b/i, 'renames'],
  [/\bALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b/i, 'changes a column type'],
  [/\bALTER\s+COLUMN\s+"?\w+"?\s+SET\s+NOT\s+NULL\b/i, 'makes an existing column NOT NULL'],
];

/** An added column the rows already there cannot satisfy: NOT NULL and no default to fill them with. */
const addsNotNullWithoutDefault = (statement: string) =>
  [...statement.matchAll(/\bADD\s+COLUMN\s+[^;,]*/gi)].some(([clause]) => /\bNOT\s+NULL\b/i.test(clause) && !/\bDEFAULT\b/i.test(clause));

/** What a migration's SQL takes away from the schema before it, by rule. */
function takesAway(sql: string): string[] {
  if (/^--\s*contract:/i.test(sql.trimStart())) return [];
  // A CHECK constraint is replaced by dropping it and adding it again under its name; widening one (the audit log's
  // actions) is an expansion. A constraint dropped and not added again (a foreign key, a unique) takes away.
  const added = new Set([...sql.matchAll(/\bADD\s+CONSTRAINT\s+"?(\w+)"?/gi)].map((m) => m[1]));
  const dropped = [...sql.matchAll(/\bDROP\s+CONSTRAINT\s+(?:IF\s+EXISTS\s+)?"?(\w+)"?/gi)].map((m) => m[1]);
  const statements = sql.split('--> statement-breakpoint').filter((s) => !/DROP\s+CONSTRAINT/i.test(s));
  const found = TAKING_AWAY.filter(([pattern]) => statements.some((s) => pattern.test(s))).map(([, what]) => what);
  if (dropped.some((name) => !added.has(name))) found.push('drops a constraint');
  return statements.some(addsNotNullWithoutDefault) ? [...found, 'adds a NOT NULL column without a default'] : found;
}

describe('migrations in a rolling upgrade', () => {
  it('only add to the schema, unless the file says it is a contract step', () => {
    const later = readdirSync(FOLDER).filter((f) => /^\d{4}_.*\.sql$/.test(f) && Number(f.slice(0, 4)) >= FIRST_UNDER_THE_RULE);
    const found = later.flatMap((f) => takesAway(readFileSync(FOLDER + f, 'utf8')).map((what) => `${f} ${what}`));
    expect(found).toEqual([]);
  });

  it('tells a step that takes away from one that adds', () => {
    expect(takesAway('CREATE TABLE "push_outbox" ("id" serial PRIMARY KEY NOT NULL, "notice_id" integer NOT NULL);')).toEqual([]);
    expect(takesAway('ALTER TABLE "users" ADD COLUMN "nickname" text;')).toEqual([]);
    expect(takesAway('ALTER TABLE "users" ADD COLUMN "level" integer DEFAULT 1 NOT NULL;')).toEqual([]);
    expect(takesAway('ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action";--> statement-breakpoint\nALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action" CHECK (true);')).toEqual([]);
    expect(takesAway('ALTER TABLE "participations" DROP CONSTRAINT "participations_user_party_unique";')).toEqual(['drops a constraint']);
    expect(takesAway('ALTER TABLE "users" DROP COLUMN "intro";')).toEqual(['drops']);
    expect(takesAway('ALTER TABLE "users" RENAME COLUMN "intro" TO "bio";')).toEqual(['renames']);
    expect(takesAway('ALTER TABLE "users" ALTER COLUMN "intro" SET DATA TYPE varchar(20);')).toEqual(['changes a column type']);
    expect(takesAway('ALTER TABLE "users" ALTER COLUMN "intro" SET NOT NULL;')).toEqual(['makes an existing column NOT NULL']);
    expect(takesAway('ALTER TABLE "users" ADD COLUMN "level" integer NOT NULL;')).toEqual(['adds a NOT NULL column without a default']);
    expect(takesAway('-- contract: nothing reads users.intro since 0.9\nALTER TABLE "users" DROP COLUMN "intro";')).toEqual([]);
  });
});
