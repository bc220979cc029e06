import { rmSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/audit';
import { privacyPolicies } from '../../../src/server/db/schema/privacy';
import { users } from '../../../src/server/db/schema/users';
import { storedUploads } from '../../helpers/stored-uploads';
import { cardFiles } from '../../helpers/student-cards';
import { createTestApp, multipart, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { createOperator, signIn, tokenAuth } from '../ops/operator-helpers';

const DAY = 86_400_000;

// Issue 29 point 4: the 개인정보 처리방침 signup asks consent to is published (개인정보 보호법 §30), versioned, edited
// by operators with an audit row, and a signup records the version the student was shown.
describeEachDb('the 개인정보 처리방침', (kind) => {
  let t: TestApp;
  let console_: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ kind });
    await createOperator(t, 'privacy_ops');
    console_ = await signIn(t, 'privacy_ops');
  });
  afterAll(() => t?.close());

  const read = () => t.app.inject({ method: 'GET', url: '/api/privacy/' });
  const publish = (payload: object, headers: Record<string, string> = console_) => t.app.inject({ method: 'POST', url: '/api/ops/privacy/', headers, payload });
  const history = () => t.app.inject({ method: 'GET', url: '/api/ops/privacy/', headers: tokenAuth(t) });
  const audits = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'privacy.publish')).orderBy(auditLog.id);
  const today = () => new Date(t.clock.now().getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  let seq = 0;
  const signup = async (version: string | undefined) => {
    seq += 1;
    const username = `policy_${seq}`;
    const fields: Record<string, string> = { username, password: 'policy-pass1', password2: 'policy-pass1', name: '동의한사람', email: `${username}@hanbit.ac.kr`, phone: `0106000${String(1000 + seq)}`, school: '한빛대학교' };
    if (version !== undefined) fields.privacy_policy_version = version;
    const body = await multipart(fields, await cardFiles());
    return t.app.inject({ method: 'POST', url: '/api/signup/auth/signup/', ...body });
  };

  it('is published as version 1 on a new database, readable by a guest, and says what the app keeps and for how long', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    const policy = res.json() as { version: number; effective_date: string; body: string };
    expect(policy.version).toBe(1);
    expect(policy.effective_date).toBe('2026-03-02');
    for (const words of ['학생증 사진', '카카오 회원번호', '푸시 구독', '투표', '신고', '회원 탈퇴', '파티온 운영자만', '30일이 지나면 자동으로 삭제']) {
      expect(policy.body).toContain(words);
    }
    // Markdown only: the page draws it without raw HTML.
    expect(policy.body).not.toMatch(/<[a-z]/i);
  });

  it('records the version a student agreed to at signup', async () => {
    const res = await signup('1');
    expect(res.statusCode, res.body).toBe(201);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, res.json().id as number));
    expect(user.privacyPolicyVersion).toBe(1);
  });

  it('refuses a signup that names no version, in Korean, keeping nothing', async () => {
    const before = await storedUploads(t);
    const res = await signup(undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ privacy_policy_version: ['개인정보 처리방침에 동의해 주세요.'] });
    expect(await storedUploads(t)).toEqual(before);
  });

  it('publishes a new version from the console: history kept, the audit row names the operator, the page shows it', async () => {
    const res = await publish({ body: '# 개인정보 처리방침\n\n둘째 버전입니다.', effective_date: today() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ version: 2, effective_date: today(), published_by: 'privacy_ops', in_effect: true });
    expect((await read()).json()).toEqual({ version: 2, effective_date: today(), body: '# 개인정보 처리방침\n\n둘째 버전입니다.' });

    const versions = (await history()).json() as { current_version: number; versions: { version: number; in_effect: boolean; published_by: string }[] };
    expect(versions.current_version).toBe(2);
    expect(versions.versions.map((v) => [v.version, v.in_effect, v.published_by])).toEqual([
      [2, true, 'privacy_ops'],
      [1, false, 'system'],
    ]);
    const [audit] = await audits();
    expect(audit).toMatchObject({ actor: 'privacy_ops', targetType: 'privacy_policy', targetId: 2, before: { version: 1 }, after: { version: 2, effective_date: today() } });
  });

  it('refuses a signup that agreed to a version no longer in effect, in Korean, keeping nothing', async () => {
    const before = await storedUploads(t);
    const count = (await t.database.db.select().from(users)).length;
    const res = await signup('1');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: '개인정보 처리방침이 바뀌었습니다. 바뀐 내용을 확인하고 다시 동의해 주세요.', code: 'privacy_policy_changed' });
    expect(await t.database.db.select().from(users)).toHaveLength(count);
    expect(await storedUploads(t)).toEqual(before);
    // A version that never existed is no consent either.
    expect((await signup('99')).statusCode).toBe(409);
    expect((await signup('2')).statusCode).toBe(201);
  });

  it('takes a version effective later into effect on its date, not before', async () => {
    const tomorrow = new Date(t.clock.now().getTime() + DAY + 9 * 3_600_000).toISOString().slice(0, 10);
    const res = await publish({ body: '셋째 버전', effective_date: tomorrow }, tokenAuth(t));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ version: 3, in_effect: false, published_by: 'token' });
    expect((await read()).json()).toMatchObject({ version: 2 });
    t.clock.advance(DAY);
    expect((await read()).json()).toMatchObject({ version: 3, effective_date: tomorrow });
    // A console session ends 12 hours after sign-in.
    console_ = await signIn(t, 'privacy_ops');
  });

  it('refuses an empty text, a backdated or malformed date, with Korean field messages and no row or audit', async () => {
    const versions = (await t.database.db.select().from(privacyPolicies)).length;
    const audited = (await audits()).length;
    const cases: [object, Record<string, string[]>][] = [
      [{ body: '   ', effective_date: today() }, { body: ['처리방침 내용을 입력해 주세요.'] }],
      [{ body: '내용', effective_date: '2020-01-01' }, { effective_date: ['시행일은 오늘이거나 그 뒤여야 합니다.'] }],
      [{ body: '내용', effective_date: '2026-02-30' }, { effective_date: ['시행일은 YYYY-MM-DD 형식의 날짜여야 합니다.'] }],
      [{ effective_date: today() }, { body: ['필수 항목입니다.'] }],
    ];
    for (const [payload, answer] of cases) {
      const res = await publish(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(answer);
    }
    expect(await t.database.db.select().from(privacyPolicies)).toHaveLength(versions);
    expect(await audits()).toHaveLength(audited);
  });

  it('gives two operators publishing at once two versions, each with its audit row', async () => {
    const before = (await audits()).length;
    const answers = await Promise.all([publish({ body: '동시 A', effective_date: today() }), publish({ body: '동시 B', effective_date: today() })]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(answers.map((r) => (r.json() as { version: number }).version).sort()).toEqual([4, 5]);
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'privacy.publish'), eq(auditLog.targetType, 'privacy_policy')));
    expect(rows).toHaveLength(before + 2);
  });
});

describeEachDb('the default 개인정보 처리방침 on a new deployment', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, env: { CARD_RETENTION_DAYS: '14' } });
  });
  afterAll(() => t?.close());

  it('names the configured retention, and a restart does not publish it again', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/' })).json().body).toContain('14일이 지나면 자동으로 삭제');
    const again = await createTestApp({ database: t.database, env: { CARD_RETENTION_DAYS: '20' } });
    try {
      expect(await t.database.db.select().from(privacyPolicies)).toHaveLength(1);
    } finally {
      await again.app.close();
      await again.bus.close();
      rmSync(again.dataDir, { recursive: true, force: true });
    }
  });
});
