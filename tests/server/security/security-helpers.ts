import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { storedUploads } from '../../helpers/stored-uploads';
import type { TestApp } from '../../helpers/test-app';

/** Every upload the app holds, public (as URLs) and private (as keys), wherever its storage keeps them. */
export async function allUploads(t: TestApp): Promise<string[]> {
  const stored = await storedUploads(t);
  return [...stored.public, ...stored.private];
}

const HANGUL = /[\uAC00-\uD7A3]/;
const isKorean = (s: unknown): s is string => typeof s === 'string' && HANGUL.test(s);

/**
 * An error answer as docs/api.md "Errors" shapes it: JSON, `{"detail": "…"}`, `{"field": ["…"]}` or
 * `{"non_field_errors": ["…"]}`, every message Korean. Returns the messages for further checks.
 */
export function koreanErrorMessages(res: LightMyRequestResponse): string[] {
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(body && typeof body === 'object' && !Array.isArray(body)).toBe(true);
  const messages: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key === 'detail') messages.push(value as string);
    else if (Array.isArray(value)) messages.push(...(value as string[]));
    else throw new Error(`unexpected error field ${key}: ${JSON.stringify(value)}`);
  }
  expect(messages.length).toBeGreaterThan(0);
  for (const m of messages) expect(isKorean(m), `not a Korean message: ${JSON.stringify(m)}`).toBe(true);
  return messages;
}

async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return ((result as unknown as { rows: T[] }).rows ?? (result as unknown as T[])) as T[];
}

/**
 * What must hold whatever requests came before (the server's own bookkeeping): balances equal the ledger and are
 * never negative, seats taken equal live participations and never exceed the capacity, vote counters equal votes.
 * Returns the offending rows (empty when all is well) so a failure shows what broke.
 */
async function brokenInvariants(t: TestApp) {
  const points = await rows(
    t,
    sql`select u.id, u.points, coalesce(sum(l.amount), 0)::int as ledger from users u left join point_ledger l on l.user_id = u.id
        group by u.id having u.points <> coalesce(sum(l.amount), 0) or u.points < 0`,
  );
  const seats = await rows(
    t,
    sql`select p.id, p.applied_count, p.max_participants,
          (select count(*)::int from participations x where x.party_id = p.id and x.status in ('pending', 'confirmed')) as live
        from parties p
        where p.applied_count <> (select count(*) from participations x where x.party_id = p.id and x.status in ('pending', 'confirmed'))
           or p.applied_count > p.max_participants`,
  );
  const votes = await rows(
    t,
    sql`select q.id, q.vote_a_count, q.vote_b_count,
          (select count(*)::int from votes v where v.question_id = q.id and v.choice = 'A') as a,
          (select count(*)::int from votes v where v.question_id = q.id and v.choice = 'B') as b
        from questions q
        where q.vote_a_count <> (select count(*) from votes v where v.question_id = q.id and v.choice = 'A')
           or q.vote_b_count <> (select count(*) from votes v where v.question_id = q.id and v.choice = 'B')`,
  );
  return { points, seats, votes };
}

export async function expectInvariants(t: TestApp) {
  expect(await brokenInvariants(t)).toEqual({ points: [], seats: [], votes: [] });
}

/** Row counts of the tables a request could write to. */
export async function tableCounts(t: TestApp) {
  const [r] = await rows<Record<string, number>>(
    t,
    sql`select
      (select count(*)::int from users) as users,
      (select count(*)::int from point_ledger) as ledger,
      (select coalesce(sum(points), 0)::int from users) as points,
      (select count(*)::int from participations) as participations,
      (select coalesce(sum(applied_count), 0)::int from parties) as applied,
      (select count(*)::int from parties) as parties,
      (select count(*)::int from places) as places,
      (select count(*)::int from votes) as votes,
      (select count(*)::int from reports) as reports,
      (select count(*)::int from reviews) as reviews,
      (select count(*)::int from notifications) as notifications,
      (select count(*)::int from warnings) as warnings,
      (select count(*)::int from extra_settings) as extra,
      (select count(*)::int from operators) as operators,
      (select count(*)::int from operator_sessions) as sessions,
      (select count(*)::int from audit_log) as audit,
      (select count(*)::int from privacy_policies) as privacy`,
  );
  return r;
}

/** Uploads that no user row points at: what a refused request left behind. */
export async function orphanUploads(t: TestApp): Promise<string[]> {
  const refs = await rows<{ card: string | null; photo: string | null }>(t, sql`select student_card_path as card, profile_image as photo from users`);
  const known = new Set<string>();
  for (const r of refs) {
    if (r.card) known.add(r.card);
    if (r.photo) known.add(r.photo);
  }
  return (await allUploads(t)).filter((f) => !known.has(f));
}
