import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rounds, votes } from '../../../src/server/db/schema/game';
import { createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { paidParty, toggle } from './live-helpers';

describeEachDb('the balance game: rounds and votes', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  async function startedGame(n: number) {
    const { partyId, students } = await paidParty(t, n);
    for (const s of students) await toggle(t, partyId, s.auth);
    const [round] = await t.database.db.select().from(rounds).where(eq(rounds.partyId, partyId));
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/game/rounds/${round.id}/`, headers: students[0].auth });
    return { partyId, students, roundId: round.id, questions: res.json().questions as { id: number }[] };
  }
  const vote = (questionId: number, auth: { authorization: string }, choice: unknown = 'A') =>
    t.app.inject({ method: 'POST', url: `/api/v1/game/questions/${questionId}/vote/`, headers: auth, payload: { choice } });

  it('shows the round with counts, my has_voted and my_choice', async () => {
    const { students, roundId, questions } = await startedGame(3);
    expect(questions).toHaveLength(5);
    const res = await vote(questions[0].id, students[0].auth, 'B');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ question_id: questions[0].id, vote_a_count: 0, vote_b_count: 1, has_voted: true });
    const mine = (await t.app.inject({ method: 'GET', url: `/api/v1/game/rounds/${roundId}/`, headers: students[0].auth })).json();
    expect(mine.questions[0]).toMatchObject({ vote_a_count: 0, vote_b_count: 1, has_voted: true, my_choice: 'B' });
    expect(mine.questions[1]).toMatchObject({ has_voted: false, my_choice: null });
    const theirs = (await t.app.inject({ method: 'GET', url: `/api/v1/game/rounds/${roundId}/`, headers: students[1].auth })).json();
    expect(theirs.questions[0]).toMatchObject({ vote_b_count: 1, has_voted: false, my_choice: null });
  });

  it('records exactly 10 votes when 10 students send 100 votes at once', async () => {
    const { students, questions, roundId } = await startedGame(10);
    const q = questions[1].id;
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => vote(q, students[i % 10].auth, i % 3 ? 'A' : 'B')));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(90);
    expect(refused.every((r) => r.statusCode === 400 && r.json().detail === '이미 투표했습니다.')).toBe(true);
    const stored = await t.database.db.select().from(votes).where(eq(votes.questionId, q));
    expect(stored).toHaveLength(10);
    expect(new Set(stored.map((v) => v.userId)).size).toBe(10);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/v1/game/rounds/${roundId}/`, headers: students[0].auth })).json();
    const counted = shown.questions.find((x: { id: number }) => x.id === q);
    expect(counted.vote_a_count).toBe(stored.filter((v) => v.choice === 'A').length);
    expect(counted.vote_a_count + counted.vote_b_count).toBe(10);
  });

  it('refuses non-participants (403), unknown rounds (404) and bad choices (400)', async () => {
    const { roundId, questions } = await startedGame(2);
    const [stranger] = await createStudents(t, 1);
    const round = await t.app.inject({ method: 'GET', url: `/api/v1/game/rounds/${roundId}/`, headers: stranger.auth });
    expect(round.statusCode).toBe(403);
    expect(round.json()).toEqual({ detail: '파티 참가자만 게임에 참여할 수 있습니다.' });
    const v = await vote(questions[0].id, stranger.auth);
    expect(v.statusCode).toBe(403);
    expect(v.json()).toEqual({ detail: '파티 참가자만 투표할 수 있습니다.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/game/rounds/99999/', headers: stranger.auth })).statusCode).toBe(404);
    expect((await vote(99999, stranger.auth)).statusCode).toBe(404);
    const bad = await vote(questions[0].id, stranger.auth, 'C');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ choice: ['A 또는 B를 선택해 주세요.'] });
  });
});
