import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointLedger } from '../../../src/server/db/schema/points';
import { users } from '../../../src/server/db/schema/users';
import { createTestApp, multipart, type TestApp, tinyPng } from '../../helpers/test-app';
import { storedUploads, uploadCount } from '../../helpers/stored-uploads';
import { describeEachDb } from '../../helpers/test-db';

const SIGNUP = '/api/signup/auth/signup/';

describeEachDb('signup', (kind) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const fields = (over: Record<string, string> = {}) => {
    n += 1;
    return {
      username: `new_student${n}`,
      password: 'secret-pass1',
      password2: 'secret-pass1',
      name: '홍길동',
      email: `new${n}@hanbit.ac.kr`,
      phone: `010-5555-${String(1000 + n)}`,
      school: '한빛대학교',
      privacy_policy_version: '1',
      ...over,
    };
  };
  const send = async (f: Record<string, string>, card?: { bytes: Buffer; name: string; type: string } | null) => {
    const files: Record<string, { bytes: Buffer; name: string; type: string }> =
      card === null ? {} : { student_card_image: card ?? { bytes: await tinyPng(), name: 'card.png', type: 'image/png' } };
    const body = await multipart(f, files);
    return t.app.inject({ method: 'POST', url: SIGNUP, ...body });
  };

  it('creates the account with 10,000 welcome points written to the ledger', async () => {
    const res = await send(fields({ username: 'hong_gildong' }));
    expect(res.statusCode).toBe(201);
    const { id, username } = res.json();
    expect(username).toBe('hong_gildong');
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(user.points).toBe(10_000);
    expect(user.phone).toMatch(/^010555510\d\d$/); // hyphens dropped
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const ledger = await t.database.db.select().from(pointLedger).where(eq(pointLedger.userId, id));
    expect(ledger).toMatchObject([{ kind: 'welcome', amount: 10_000, balanceAfter: 10_000 }]);
  });

  it.each([
    ['username', { username: 'ab' }, '아이디는 4~20자의 영문 소문자, 숫자, 밑줄(_)만 사용할 수 있습니다.'],
    ['username', { username: 'Has Space!' }, '아이디는 4~20자의 영문 소문자, 숫자, 밑줄(_)만 사용할 수 있습니다.'],
    ['password', { password: 'short', password2: 'short' }, '비밀번호는 8자 이상이어야 합니다.'],
    ['password2', { password2: 'different-pass' }, '비밀번호가 일치하지 않습니다.'],
    ['name', { name: '  ' }, '필수 항목입니다.'],
    ['email', { email: 'not-an-email' }, '올바른 이메일 주소를 입력해 주세요.'],
    ['phone', { phone: '010-12' }, '전화번호는 숫자 9~11자리로 입력해 주세요.'],
    ['phone', { phone: '010-abcd-1234' }, '전화번호는 숫자 9~11자리로 입력해 주세요.'],
    ['school', { school: '' }, '필수 항목입니다.'],
  ])('refuses an invalid %s with a Korean field message', async (field, over, message) => {
    const before = await t.database.db.select().from(users);
    const res = await send(fields(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()[field]).toEqual([message]);
    expect(await t.database.db.select().from(users)).toHaveLength(before.length);
  });

  it('says a missing field is required', async () => {
    const f: Record<string, string> = fields();
    delete f.school;
    const res = await send(f);
    expect(res.statusCode).toBe(400);
    expect(res.json().school).toEqual(['필수 항목입니다.']);
  });

  it('requires the student-card photo', async () => {
    const res = await send(fields(), null);
    expect(res.statusCode).toBe(400);
    expect(res.json().student_card_image).toEqual(['학생증 사진을 업로드해 주세요.']);
  });

  it.each(['username', 'email', 'phone'] as const)('refuses a duplicate %s', async (field) => {
    const first = fields();
    expect((await send(first)).statusCode).toBe(201);
    const second = fields({ [field]: first[field] });
    const res = await send(second);
    expect(res.statusCode).toBe(400);
    const messages = { username: '이미 사용 중인 아이디입니다.', email: '이미 가입된 이메일입니다.', phone: '이미 가입된 전화번호입니다.' };
    expect(res.json()[field]).toEqual([messages[field]]);
  });

  it('creates one account when the same username signs up five times at once', async () => {
    const base = fields();
    const results = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => send({ ...base, email: `race${i}_${kind}@hanbit.ac.kr`, phone: `0107777${kind === 'pglite' ? 1 : 2}00${i}` })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(400);
      expect(r.json().username).toEqual(['이미 사용 중인 아이디입니다.']);
    }
    expect(await t.database.db.select().from(users).where(eq(users.username, base.username))).toHaveLength(1);
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const res = await send(fields(), { bytes: Buffer.from('%PDF-1.4 definitely not a photo'), name: 'card.png', type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().student_card_image).toEqual(['JPEG, PNG, WebP 형식의 사진만 올릴 수 있습니다.']);
  });

  it('answers 413 for a photo over 5 MB and stores nothing', async () => {
    const before = await uploadCount(t);
    const big = Buffer.concat([await tinyPng(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await send(fields(), { bytes: big, name: 'card.png', type: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: '사진은 5MB 이하만 올릴 수 있습니다.' });
    expect(await uploadCount(t)).toBe(before);
  });

  it('keeps the student card out of every public URL', async () => {
    const res = await send(fields({ username: 'card_owner' }));
    expect(res.statusCode).toBe(201);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'card_owner'));
    expect(user.studentCardPath).toBeTruthy();
    const stored = await storedUploads(t);
    expect(stored.private).toContain(user.studentCardPath);
    expect(stored.public.filter((url) => url.includes('student-cards'))).toEqual([]);
    for (const url of [`/media/${user.studentCardPath}`, `/media/../private/${user.studentCardPath}`, `/${user.studentCardPath}`]) {
      const got = await t.app.inject({ method: 'GET', url });
      expect(got.statusCode).toBe(404);
    }
  });

  it('refuses a body that is not multipart', async () => {
    const res = await t.app.inject({ method: 'POST', url: SIGNUP, payload: fields() });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('요청 형식이 올바르지 않습니다.');
  });
});

describe('signup rate limit', () => {
  it('slows down one address creating many accounts', async () => {
    const t = await createTestApp({ limits: { signupPerIpPerHour: 2 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const body = await multipart({ username: 'x' });
        codes.push((await t.app.inject({ method: 'POST', url: SIGNUP, ...body })).statusCode);
      }
      expect(codes).toEqual([400, 400, 429]);
    } finally {
      await t.close();
    }
  });
});
