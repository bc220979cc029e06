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
  const list = async (status: string) => (await ops('GET', `/api/ops/reports/?status=${status}`)).json() as Report[];

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
});
