import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/server/db/schema/users';
import { bearer, freshPng, multipart, type TestApp, tokenFor } from './test-app';

type Files = Parameters<typeof multipart>[1];

let seq = 0;

/** A student-card upload as a phone sends it (a small PNG), a picture of its own each time as two photos are. */
export const cardFiles = async (): Promise<Files> => ({ student_card_image: { bytes: await freshPng(), name: 'card.png', type: 'image/png' } });

/**
 * A student who signed up through the real endpoint: a stored card, waiting for an operator (pending) — unlike
 * createStudent's, who are approved.
 */
export async function signUpWithCard(t: TestApp, name = '새내기') {
  seq += 1;
  const username = `carded_${process.pid % 1000}_${seq}`;
  const password = 'carded-pass1';
  const phone = `0107${String(process.pid % 100).padStart(2, '0')}${String(seq).padStart(5, '0')}`;
  const body = await multipart({ username, password, password2: password, name, email: `${username}@hanbit.ac.kr`, phone, school: '한빛대학교', privacy_policy_version: '1' }, await cardFiles());
  const res = await t.app.inject({ method: 'POST', url: '/api/signup/auth/signup/', ...body });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  return { id, username, password, phone, auth: bearer(await tokenFor(t, id)) };
}

/** POST /api/mypage/student-card/: a new card (`files` to send something else, `{}` for none). */
export async function sendNewCard(t: TestApp, auth: Record<string, string>, files?: Files) {
  const body = await multipart({}, files ?? (await cardFiles()));
  return t.app.inject({ method: 'POST', url: '/api/mypage/student-card/', payload: body.payload, headers: { ...body.headers, ...auth } });
}

/**
 * The card an operator has on screen for the student: its `card_submitted_at`, as the queue lists it, which every
 * decision must name. For a student with no card (or none at all) the test clock's now, a time no card has.
 */
export async function cardSeen(t: TestApp, userId: number): Promise<string> {
  const [row] = await t.database.db.select({ at: users.cardSubmittedAt }).from(users).where(eq(users.id, userId));
  return (row?.at ?? t.clock.now()).toISOString();
}

/**
 * An operator (the X-Ops-Token unless `headers` says otherwise) approves or rejects the card the student has now;
 * `body` adds the reason of a rejection (or another card_submitted_at).
 */
export async function decideCard(t: TestApp, userId: number, decision: 'approve' | 'reject', body: object = {}, headers: Record<string, string> = { 'x-ops-token': t.opsToken }) {
  const payload = { card_submitted_at: await cardSeen(t, userId), ...body };
  return t.app.inject({ method: 'POST', url: `/api/ops/verifications/${userId}/${decision}/`, headers, payload });
}
