import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { paidParty } from '../live/live-helpers';

type Report = {
  id: number;
  party: number;
  reporter: number;
  reported_user: number;
  status: string;
  party_detail: { id: number; title: string; start_time: string };
  reporter_detail: { id: number; username: string; name: string };
  reported_user_detail: { id: number; username: string; name: string; warnings: number };
};

// The console's reports screen shows each report with its party and both students, and how often the reported
// student has been warned already — all from the list itself, without a call per report.
describeEachDb('operator console: reports with their party and both students', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const ops = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { 'x-ops-token': t.opsToken }, payload });
  const report = (auth: { authorization: string }, payload: object) => t.app.inject({ method: 'POST', url: '/api/mypage/reports/', headers: auth, payload });
  const page = async (query: string) => (await ops('GET', `/api/ops/reports/?${query}`)).json() as { results: Report[]; next_after_id: number | null };
  const list = async (status: string) => (await page(`status=${status}`)).results;

  it('lists each report with the party title and time, the reporter, and the reported student with their warnings', async () => {
    const { partyId, students } = await paidParty(t, 3);
    const [a, b, c] = students;
    const party = (await ops('GET', `/api/ops/parties/${partyId}/`)).json() as { title: string; start_time: string };
    const r1 = (await report(a.auth, { party: partyId, reported_user: b.id, category: 'UNPLEASANT', content: '무례했어요' })).json().id as number;
    const r2 = (await report(c.auth, { party: partyId, reported_user: b.id, category: 'OTHER', content: '늦게 왔어요' })).json().id as number;

    const before = (await list('pending')).find((r) => r.id === r2);
    expect(before?.reported_user_detail.warnings).toBe(0);
    expect((await ops('POST', `/api/ops/reports/${r1}/resolve/`, { action: 'warn' })).statusCode).toBe(200);

    const pending = await list('pending');
    expect(pending.map((r) => r.id)).toEqual([r2]);
    expect(pending[0]).toEqual({
      id: r2,
      // The fields the CLI and other clients read stay as they were.
      party: partyId,
      reporter: c.id,
      reported_user: b.id,
      category: 'OTHER',
      category_label: '기타',
      content: '늦게 왔어요',
      status: 'pending',
      created_at: expect.any(String),
      party_detail: { id: partyId, title: party.title, start_time: party.start_time },
      reporter_detail: { id: c.id, username: c.username, name: '학생2' },
      reported_user_detail: { id: b.id, username: b.username, name: '학생1', warnings: 1 },
    });
    const confirmed = await list('confirmed');
    expect(confirmed.map((r) => [r.id, r.status, r.reporter_detail.username, r.reported_user_detail.warnings])).toEqual([[r1, 'confirmed', a.username, 1]]);
    expect(await list('dismissed')).toEqual([]);
    expect(await list('whatever')).toEqual([]);
  });

  it('lists many reports oldest first, each with its own students', async () => {
    const { partyId, students } = await paidParty(t, 4);
    const ids: number[] = [];
    for (const [from, about] of [[0, 1], [1, 2], [2, 3], [3, 0]] as const) {
      t.clock.advance(1_000);
      const res = await report(students[from].auth, { party: partyId, reported_user: students[about].id, category: 'FAKE_INFO', content: `${from}→${about}` });
      ids.push(res.json().id as number);
    }
    const mine = (await list('pending')).filter((r) => r.party === partyId);
    expect(mine.map((r) => r.id)).toEqual(ids);
    expect(mine.map((r) => [r.reporter_detail.id, r.reported_user_detail.id])).toEqual([
      [students[0].id, students[1].id],
      [students[1].id, students[2].id],
      [students[2].id, students[3].id],
      [students[3].id, students[0].id],
    ]);
  });

  it('pages the list oldest first by (time, id): reports made in the same instant are neither skipped nor repeated, and one resolved between pages moves nothing', async () => {
    // Another test's reports may still be pending: this one reads only its own party's.
    const { partyId, students } = await paidParty(t, 3);
    const [a, b, c] = students;
    const pairs = [[a, b], [a, c], [b, a], [b, c], [c, a]] as const;
    // The test clock stands still: every report has the same created_at, so only the id orders them.
    const made: number[] = [];
    for (const [from, about] of pairs) made.push((await report(from.auth, { party: partyId, reported_user: about.id, category: 'OTHER', content: '같은 순간' })).json().id as number);

    const seen: number[] = [];
    let after: number | null = null;
    let first = true;
    do {
      const got: { results: Report[]; next_after_id: number | null } = await page(`status=pending&limit=2${after ? `&after_id=${after}` : ''}`);
      expect(got.results.length).toBeLessThanOrEqual(2);
      seen.push(...got.results.map((r) => r.id));
      after = got.next_after_id;
      // The last report of the first page is resolved before the next page is asked for: the cursor still holds.
      if (first && after) {
        expect((await ops('POST', `/api/ops/reports/${after}/resolve/`, { action: 'dismiss' })).statusCode).toBe(200);
        first = false;
      }
    } while (after);
    const ours = seen.filter((id) => made.includes(id));
    expect(ours).toEqual(made);
    expect(new Set(seen).size).toBe(seen.length);
    expect((await ops('GET', '/api/ops/reports/?status=pending&limit=0')).json()).toEqual({ limit: ['limit은 1~100입니다.'] });
  });
});
