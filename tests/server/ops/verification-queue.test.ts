import { afterAll, beforeAll, expect, it } from 'vitest';
import { decideCard, sendNewCard, signUpWithCard } from '../../helpers/student-cards';
import { createStudent, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { createOperator, signIn } from './operator-helpers';

interface Row {
  id: number;
  name: string;
  status: string;
  card_submitted_at: string | null;
  verified_at: string | null;
}
interface Page {
  results: Row[];
  next_cursor: string | null;
  total: number;
  oldest_submitted_at: string | null;
  decided_today: number | null;
}

// Issue 33 §3: a morning's queue to work — searched, a page at a time, and how it stands.
describeEachDb('the verification queue: search, pages and counts', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const ops = () => ({ 'x-ops-token': t.opsToken });
  const list = (query: string, headers: Record<string, string> = ops()) => t.app.inject({ method: 'GET', url: `/api/ops/verifications/?${query}`, headers });
  const page = async (query: string, headers?: Record<string, string>) => {
    const res = await list(query, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  /** Every page of a query, `limit` rows at a time, as the console walks them. */
  const walk = async (query: string, limit: number) => {
    const pages: Page[] = [await page(`${query}&limit=${limit}`)];
    for (let next = pages[0].next_cursor; next; next = pages[pages.length - 1].next_cursor) {
      pages.push(await page(`${query}&limit=${limit}&cursor=${encodeURIComponent(next)}`));
    }
    return pages;
  };
  const waiting = (overrides: Parameters<typeof createStudent>[1]) =>
    createStudent(t, { verificationStatus: 'pending', studentCardPath: 'cards/q.jpg', cardSubmittedAt: t.clock.now(), ...overrides });

  it('finds a student by name (latin in any case), username, school or phone typed with or without hyphens', async () => {
    const kim = await waiting({ name: 'Kim Minji', school: '검색대학교', phone: '01055551234' });
    const lee = await waiting({ name: '이서준', school: '검색대학교', phone: '01099998888' });
    await createStudent(t, { name: 'Kim Approved', school: '검색대학교' }); // approved: not in the pending queue

    const ids = async (q: string) => (await page(`q=${encodeURIComponent(q)}`)).results.map((r) => r.id);
    expect(await ids('kim minji')).toEqual([kim.id]);
    expect(await ids('KIM')).toEqual([kim.id]);
    expect(await ids('검색대학')).toEqual([kim.id, lee.id]);
    expect(await ids(kim.username)).toEqual([kim.id]);
    expect(await ids('010-5555-1234')).toEqual([kim.id]);
    expect(await ids('01055551234')).toEqual([kim.id]);
    expect(await ids('5555-12')).toEqual([kim.id]);
    // Digits among letters are part of a name, not a phone: "Minji 555" finds no one by Kim's phone.
    expect(await ids('Minji 555')).toEqual([]);
    // A pattern typed is text: % finds no one.
    expect(await ids('%')).toEqual([]);
    expect(await ids('서준')).toEqual([lee.id]);
    // The status filter stays: the approved Kim is found only among the approved.
    expect((await page(`status=approved&q=kim`)).results.map((r) => r.name)).toEqual(['Kim Approved']);
    expect(await page(`q=${encodeURIComponent('검색대학')}`)).toMatchObject({ total: 2, next_cursor: null });

    const long = await list(`q=${'가'.repeat(51)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ q: ['검색어는 50자까지입니다.'] });
  });

  it('pages through the queue oldest card first, never skipping or repeating one of many cards sent in the same millisecond', async () => {
    const school = '페이지대학교';
    const same = t.clock.now();
    // Five cards at one instant, one earlier, one later; a student left with no card is not pending.
    const atOnce = [];
    for (let i = 0; i < 5; i++) atOnce.push(await waiting({ school, cardSubmittedAt: same }));
    const earlier = await waiting({ school, cardSubmittedAt: new Date(same.getTime() - 60_000) });
    const later = await waiting({ school, cardSubmittedAt: new Date(same.getTime() + 60_000) });
    const order = [earlier, ...atOnce, later].map((s) => s.id);

    for (const limit of [1, 2, 3, 7]) {
      const pages = await walk(`q=${encodeURIComponent(school)}`, limit);
      expect(pages.flatMap((p) => p.results.map((r) => r.id))).toEqual(order);
      expect(pages.map((p) => p.results.length)).toEqual(Array.from({ length: Math.ceil(7 / limit) }, (_, i) => Math.min(limit, 7 - i * limit)));
      expect(pages.every((p) => p.total === 7)).toBe(true);
    }

    // A student decided between two pages leaves the queue without shifting the next page.
    const first = await page(`q=${encodeURIComponent(school)}&limit=3`);
    expect((await decideCard(t, first.results[1].id, 'approve')).statusCode).toBe(200);
    const second = await page(`q=${encodeURIComponent(school)}&limit=3&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.results.map((r) => r.id)).toEqual(order.slice(3, 6));
    expect(second.total).toBe(6);

    // Students with no card come last in their status, paged the same way.
    const none = [];
    for (let i = 0; i < 3; i++) none.push(await createStudent(t, { school: '무카드대학교', verificationStatus: 'unsubmitted', cardSubmittedAt: null }));
    const unsubmitted = await walk(`status=unsubmitted&q=${encodeURIComponent('무카드대학교')}`, 2);
    expect(unsubmitted.flatMap((p) => p.results.map((r) => r.id))).toEqual(none.map((s) => s.id));

    for (const cursor of ['abc', '2026-02-30T01:00:00.000Z~5', '~0', `~${2 ** 31}`]) {
      const bad = await list(`cursor=${encodeURIComponent(cursor)}`);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['cursor']);
    }
  });

  it('says how many wait and since when; the oldest for the pending queue only', async () => {
    const school = '대기대학교';
    const oldest = new Date(t.clock.now().getTime() - 5 * 3_600_000);
    await waiting({ school, cardSubmittedAt: new Date(oldest.getTime() + 60_000) });
    await waiting({ school, cardSubmittedAt: oldest });
    await waiting({ school });
    const q = `q=${encodeURIComponent(school)}`;
    expect(await page(`${q}&limit=1`)).toMatchObject({ total: 3, oldest_submitted_at: oldest.toISOString() });
    // The counts are the queue's, not the page's: the same on the next page.
    const next = (await page(`${q}&limit=1`)).next_cursor!;
    expect(await page(`${q}&limit=1&cursor=${encodeURIComponent(next)}`)).toMatchObject({ total: 3, oldest_submitted_at: oldest.toISOString() });
    expect(await page('q=아무도없는학교')).toEqual({ results: [], next_cursor: null, total: 0, oldest_submitted_at: null, decided_today: null });
    expect(await page(`status=approved&${q}`)).toMatchObject({ total: 0, oldest_submitted_at: null });
  });

  it("counts the cards the signed-in operator decided today, by the Seoul day, from the audit log; the token's answer has none", async () => {
    // 23:50 in Seoul (14:50 UTC): two decisions of mine, one of another operator's, one through the token.
    t.clock.set('2026-03-02T23:50:00+09:00');
    await createOperator(t, 'morning_ops');
    await createOperator(t, 'other_ops');
    const me = await signIn(t, 'morning_ops');
    const other = await signIn(t, 'other_ops');
    const today = async (headers: Record<string, string>) => (await page('limit=1', headers)).decided_today;
    expect(await today(me)).toBe(0);
    const students = [];
    for (let i = 0; i < 4; i++) students.push(await waiting({ school: '오늘대학교' }));
    expect((await decideCard(t, students[0].id, 'approve', {}, me)).statusCode).toBe(200);
    expect((await decideCard(t, students[1].id, 'reject', { reason: '흐립니다' }, me)).statusCode).toBe(200);
    expect((await decideCard(t, students[2].id, 'approve', {}, other)).statusCode).toBe(200);
    expect((await decideCard(t, students[3].id, 'approve')).statusCode).toBe(200);
    expect(await today(me)).toBe(2);
    expect(await today(other)).toBe(1);
    expect(await today(ops())).toBeNull();

    // Midnight in Seoul (15:00 UTC, the same UTC day) starts a new count.
    t.clock.set('2026-03-03T00:10:00+09:00');
    expect(await today(me)).toBe(0);
    const s = await waiting({ school: '오늘대학교' });
    expect((await decideCard(t, s.id, 'approve', {}, me)).statusCode).toBe(200);
    expect(await today(me)).toBe(1);
  });

  it('shows a card sent again after a rejection as the new card waiting: its own time, no decision time', async () => {
    const s = await signUpWithCard(t, '다시보낸학생');
    t.clock.advance(60_000);
    expect((await decideCard(t, s.id, 'reject', { reason: '흐립니다' })).statusCode).toBe(200);
    const decidedAt = t.clock.now().toISOString();
    expect((await page(`status=rejected&q=${s.username}`)).results).toMatchObject([{ id: s.id, verified_at: decidedAt }]);

    t.clock.advance(10 * 60_000);
    expect((await sendNewCard(t, s.auth)).statusCode).toBe(200);
    expect((await page(`q=${s.username}`)).results).toMatchObject([
      { id: s.id, status: 'pending', card_submitted_at: t.clock.now().toISOString(), verified_at: null },
    ]);
  });
});
