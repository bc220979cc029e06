import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/audit';
import { participations } from '../../../src/server/db/schema/parties';
import { privacyPolicies } from '../../../src/server/db/schema/privacy';
import { AUDIT_EXPORT_MAX_ROWS } from '../../../src/shared/ops';
import { recordAudit, TOKEN_ACTOR } from '../../../src/server/ops/audit';
import { csvCell } from '../../../src/server/ops/audit-csv';
import { createParty, createStudent, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { paidParty } from '../live/live-helpers';
import { createOperator, tokenAuth } from './operator-helpers';

interface Entry {
  id: number;
  action: string;
  target_type: string;
  target_id: number;
  target_detail: { name: string; path: string | null; gone: boolean };
  created_at: string;
}

/** A minimal RFC 4180 reader, to check what a spreadsheet would see cell by cell. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  return rows;
}

// Issue 33 §4: the audit log names its targets and links them, its changes read in words, and it leaves as a CSV file.
describeEachDb('the audit log, readable and exported', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: tokenAuth(t) });
  const page = async (query: string) => {
    const res = await get(`/api/ops/audit/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { results: Entry[]; next_before_id: number | null };
  };

  it('names every kind of target with a link to its console page, says which are gone, and reads a page of 50 mixed rows in as many queries as a page of one', async () => {
    const { partyId, students } = await paidParty(t, 2);
    const [a, b] = students;
    const student = await createStudent(t, { name: '김하늘' });
    const withdrawn = await createStudent(t, { name: '탈퇴한 회원', deletedAt: t.clock.now() });
    const report = (await t.app.inject({ method: 'POST', url: '/api/mypage/reports/', headers: a.auth, payload: { party: partyId, reported_user: b.id, category: 'OTHER', content: '늦었어요' } })).json().id as number;
    const [seat] = await t.database.db.select({ id: participations.id }).from(participations).where(eq(participations.userId, a.id));
    const operator = await createOperator(t, `names_${process.pid % 1000}`);
    await t.database.db.insert(privacyPolicies).values({ version: 900, body: '처리방침', effectiveDate: '2026-03-01', publishedBy: 'token' }).onConflictDoNothing();
    const placeId = t.placeId!;

    const targets = [
      ['user', student.id],
      ['user', withdrawn.id],
      ['party', partyId],
      ['place', placeId],
      ['report', report],
      ['participation', seat.id],
      ['operator', operator.id],
      ['privacy_policy', 900],
      ['campus', 1],
      ['user', 999_999],
    ] as const;
    const at = t.clock.now();
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 50; i++) {
        const [targetType, targetId] = targets[i % targets.length];
        await recordAudit(tx, TOKEN_ACTOR, { action: 'points.grant', targetType, targetId, before: { points: i }, after: { points: i + 1 }, at });
      }
    });

    // Queries as the database client runs them: the page's cost must not grow with its rows (no query per row).
    const client = (t.database.db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } }).session.client;
    const queries = vi.spyOn(client, 'query');
    await page('limit=1');
    const forOne = queries.mock.calls.length;
    queries.mockClear();
    const { results } = await page('limit=50');
    const forFifty = queries.mock.calls.length;
    queries.mockRestore();
    expect(results).toHaveLength(50);
    expect(forOne).toBeGreaterThan(0);
    expect(forFifty).toBe(forOne);

    const detailOf = (type: string, id: number) => results.find((r) => r.target_type === type && r.target_id === id)?.target_detail;
    expect(detailOf('user', student.id)).toEqual({ name: `김하늘 (@${student.username})`, path: `/users/${student.id}`, gone: false });
    expect(detailOf('user', withdrawn.id)).toEqual({ name: `탈퇴한 회원 #${withdrawn.id}`, path: `/users/${withdrawn.id}`, gone: true });
    expect(detailOf('user', 999_999)).toEqual({ name: '#999999 (없음)', path: null, gone: true });
    expect(detailOf('party', partyId)).toMatchObject({ path: `/parties/${partyId}`, gone: false, name: expect.stringContaining('테스트 파티') });
    expect(detailOf('place', placeId)).toMatchObject({ path: '/places', gone: false, name: expect.stringContaining('테스트관') });
    expect(detailOf('report', report)).toEqual({ name: `#${report} 학생1 · 기타`, path: '/reports', gone: false });
    expect(detailOf('participation', seat.id)).toMatchObject({ path: `/parties/${partyId}`, name: expect.stringContaining(`(@${a.username})`) });
    expect(detailOf('operator', operator.id)).toEqual({ name: operator.username, path: '/operators', gone: false });
    expect(detailOf('privacy_policy', 900)).toEqual({ name: '900판 (시행 2026-03-01)', path: '/privacy', gone: false });
    expect(detailOf('campus', 1)).toEqual({ name: '캠퍼스 설정', path: '/campus', gone: false });
  });

  it('filters by Seoul days, both ends included, and refuses an end before the start beside the field', async () => {
    const marker = await createStudent(t, { name: '날짜' });
    // 2026-03-04 23:59 and 2026-03-05 00:00 in Seoul, then 2026-03-05 23:59 and 2026-03-06 00:00.
    const seoul = ['2026-03-04T14:59:00Z', '2026-03-04T15:00:00Z', '2026-03-05T14:59:00Z', '2026-03-05T15:00:00Z'];
    for (const iso of seoul) await recordAudit(t.database.db, TOKEN_ACTOR, { action: 'user.suspend', targetType: 'user', targetId: marker.id, after: { reason: iso }, at: new Date(iso) });
    const day = await page(`target_type=user&target_id=${marker.id}&from=2026-03-05&to=2026-03-05`);
    expect(day.results.map((r) => r.created_at)).toEqual([seoul[2], new Date(seoul[1]).toISOString()].map((s) => new Date(s).toISOString()));
    const from = await page(`target_type=user&target_id=${marker.id}&from=2026-03-05`);
    expect(from.results).toHaveLength(3);

    const backwards = await get('/api/ops/audit/?from=2026-03-06&to=2026-03-05');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ to: ['끝 날짜가 시작 날짜보다 앞입니다.'] });
    expect((await get('/api/ops/audit/?from=2026-02-30')).json()).toEqual({ from: ['날짜는 YYYY-MM-DD 형식이어야 합니다.'] });
  });

  it('escapes a cell that would run as a formula, and quotes commas, quotes and line breaks (RFC 4180)', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}SUM(A1)`)).toMatch(/^"?'/);
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('-500')).toBe("'-500");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('그가 "안녕"')).toBe('"그가 ""안녕"""');
    expect(csvCell('한 줄\n두 줄')).toBe('"한 줄\n두 줄"');
    expect(csvCell('\rX')).toBe('"\'\rX"');
    expect(csvCell('평범한 글')).toBe('평범한 글');
  });

  it('exports the filtered rows as CSV with a BOM, in words and Seoul time, escaped, and records the export itself', async () => {
    const partyId = await createParty(t, { title: '=HYPERLINK("http://evil.example","클릭")' });
    const cancel = await t.app.inject({ method: 'POST', url: `/api/ops/parties/${partyId}/cancel/`, headers: tokenAuth(t) });
    expect(cancel.statusCode).toBe(200);
    const student = await createStudent(t, { name: '@SUM(1,2)' });
    const grant = await t.app.inject({ method: 'POST', url: `/api/ops/users/${student.id}/points/`, headers: tokenAuth(t), payload: { amount: -500, reason: '반환, "중복" 지급\n정정' } });
    expect(grant.statusCode, grant.body).toBe(200);

    const res = await get(`/api/ops/audit/export.csv?target_type=user&target_id=${student.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="partyon-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(['시각 (서울)', '처리자', '작업', '작업 코드', '대상 종류', '대상 번호', '대상', '변경 내용', '변경 전 (JSON)', '변경 후 (JSON)']);
    expect(rows).toHaveLength(2);
    const [when, actor, action, code, type, id, target, change, before, after] = rows[1];
    expect(when).toMatch(/^\d{4}\. \d{1,2}\. \d{1,2}\. 오[전후] \d{1,2}:\d{2}$/);
    expect([actor, action, code, type, id]).toEqual(['token', '포인트 지급·회수', 'points.grant', '학생', String(student.id)]);
    expect(target).toBe(`'@SUM(1,2) (@${student.username})`);
    expect(change).toBe('포인트: 10,000P → 9,500P\n사유: 반환, "중복" 지급\n정정');
    expect(JSON.parse(before)).toEqual({ points: 10_000 });
    expect(JSON.parse(after)).toEqual({ points: 9_500, reason: '반환, "중복" 지급\n정정' });

    const parties = parseCsv((await get(`/api/ops/audit/export.csv?action=party.cancel&target_id=${partyId}`)).body.replace(/^\uFEFF/, ''));
    expect(parties[1][6]).toBe(`'=HYPERLINK("http://evil.example","클릭")`);
    expect(parties[1][7]).toBe('상태: 모집 중 → 취소\n취소된 참가: 0명\n환불한 포인트: 0P');

    // Each export is an operator action of its own, with the filters it was asked with.
    const [exported] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'audit.export')).orderBy(auditLog.id);
    expect(exported).toMatchObject({ actor: 'token', targetType: 'audit_log', targetId: 0, after: { filters: { target_type: 'user', target_id: student.id }, rows: 1 } });
    const listed = await page('action=audit.export&limit=1');
    expect(listed.results[0]).toMatchObject({ action: 'audit.export', target_detail: { name: '감사 로그', path: '/audit', gone: false } });
  });

  it('refuses an export of more rows than the cap with a word to narrow it, and records no export then', async () => {
    const exports = async () => (await t.database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'audit.export'))).length;
    const before = await exports();
    await t.database.db.execute(
      sql`insert into audit_log (actor, action, target_type, target_id, created_at) select 'bulk_cap', 'campus.update', 'campus', 1, ${t.clock.now()} from generate_series(1, ${AUDIT_EXPORT_MAX_ROWS + 1})`,
    );
    const over = await get('/api/ops/audit/export.csv?actor=bulk_cap');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ detail: '내보낼 기록이 10,000건을 넘습니다. 기간이나 조건을 좁혀 주세요.' });
    expect(await exports()).toBe(before);
    // An end before the start is refused like the page's, beside the field.
    expect((await get('/api/ops/audit/export.csv?from=2026-03-06&to=2026-03-05')).json()).toEqual({ to: ['끝 날짜가 시작 날짜보다 앞입니다.'] });
    expect(await exports()).toBe(before);
  });
});
