import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudent, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { paidParty } from '../live/live-helpers';

type User = { id: number; username: string; name: string; phone: string | null; points: number; withdrawn: boolean };
type Entry = { id: number; amount: number; kind: string; reason: string; party: number | null; balance_after: number };
type Page = { user: User; results: Entry[]; next_before_id: number | null };

// The console's points screen: find a student by username, name or phone, then read their ledger page by page.
describe('operator console: students and their ledger', () => {
  let t: TestApp;
  let ops: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ops = { 'x-ops-token': t.opsToken };
  });
  afterAll(() => t?.close());

  const get = (url: string, headers = ops) => t.app.inject({ method: 'GET', url, headers });
  const search = async (q: string) => ((await get(`/api/ops/users/?q=${encodeURIComponent(q)}`)).json() as User[]).map((u) => u.id);
  const grant = (userId: number, amount: number, reason: string) =>
    t.app.inject({ method: 'POST', url: `/api/ops/users/${userId}/points/`, headers: ops, payload: { amount, reason } });

  it('finds a student by part of the username, the name or the phone (hyphens or not)', async () => {
    const kim = await createStudent(t, { username: 'ledger_kim', name: '김원장', phone: '01055501234' });
    const lee = await createStudent(t, { username: 'ledger_lee', name: '이원장', phone: '01055509876' });
    const gone = await createStudent(t, { username: 'deleted_999', name: '탈퇴', phone: null, deletedAt: t.clock.now() });
    expect(await search('LEDGER_')).toEqual([kim.id, lee.id]);
    expect(await search('김원')).toEqual([kim.id]);
    expect(await search('010-5550-1234')).toEqual([kim.id]);
    expect(await search('5550')).toEqual([kim.id, lee.id]);
    // `_` and `%` are letters here, not patterns.
    expect(await search('%')).toEqual([]);
    expect(await search('r_k')).toEqual([kim.id]);
    const all = (await get('/api/ops/users/')).json() as User[];
    expect(all.find((u) => u.id === gone.id)).toMatchObject({ withdrawn: true, phone: null });
    expect(all.find((u) => u.id === kim.id)).toMatchObject({ username: 'ledger_kim', name: '김원장', phone: '01055501234', points: 10_000, withdrawn: false });
    const long = await get(`/api/ops/users/?q=${'가'.repeat(51)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ q: ['검색어는 50자까지입니다.'] });
  });

  it('pages through the ledger newest first, with party, reason and balance', async () => {
    const { partyId, students } = await paidParty(t, 2, { deposit: 1_000 });
    const s = students[0];
    for (const [amount, reason] of [[500, '이벤트 1'], [-200, '회수'], [300, '이벤트 2']] as const) expect((await grant(s.id, amount, reason)).statusCode).toBe(200);

    const first = (await get(`/api/ops/users/${s.id}/ledger/?limit=2`)).json() as Page;
    expect(first.user).toMatchObject({ id: s.id, points: 9_600 });
    expect(first.results.map((e) => [e.kind, e.amount, e.balance_after, e.reason])).toEqual([
      ['operator_grant', 300, 9_600, '이벤트 2'],
      ['operator_grant', -200, 9_300, '회수'],
    ]);
    expect(first.next_before_id).toBe(first.results[1].id);
    const second = (await get(`/api/ops/users/${s.id}/ledger/?limit=2&before_id=${first.next_before_id}`)).json() as Page;
    expect(second.results.map((e) => [e.kind, e.amount, e.party])).toEqual([
      ['operator_grant', 500, null],
      ['deposit_paid', -1_000, partyId],
    ]);
    const last = (await get(`/api/ops/users/${s.id}/ledger/?limit=2&before_id=${second.next_before_id}`)).json() as Page;
    expect(last.results.map((e) => e.kind)).toEqual(['welcome']);
    expect(last.next_before_id).toBeNull();
    // The default page (30) holds all five rows of this student.
    expect(((await get(`/api/ops/users/${s.id}/ledger/`)).json() as Page).results).toHaveLength(5);
  });

  it('refuses an unknown student, bad paging and a missing operator token', async () => {
    const [s] = await createStudents(t, 1);
    expect((await get('/api/ops/users/999999/ledger/')).json()).toEqual({ detail: '회원을 찾을 수 없습니다.' });
    const bad = await get(`/api/ops/users/${s.id}/ledger/?limit=500&before_id=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ before_id: ['before_id는 원장 항목 번호입니다.'], limit: ['limit은 1~100입니다.'] });
    for (const headers of [{}, s.auth]) {
      expect((await get('/api/ops/users/?q=a', headers)).statusCode).toBe(401);
      expect((await get(`/api/ops/users/${s.id}/ledger/`, headers)).statusCode).toBe(401);
    }
  });
});
