import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema/users';
import { storedUploads } from '../../helpers/stored-uploads';
import { cardFiles, decideCard, sendNewCard, signUpWithCard } from '../../helpers/student-cards';
import { bearer, createStudent, createTestApp, multipart, type TestApp, tokenFor } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

const APPROVED_FINAL = '학생증 확인이 이미 끝났습니다. 승인된 학생증은 바꿀 수 없습니다.';

// Issue 16 §1, the student's side: every way a card is sent puts the account in the operators' queue (pending), an
// operator's rejection can be answered with a new card, an approved card stays, and my page says where things are.
describeEachDb('student verification: sending cards', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const ops = () => ({ 'x-ops-token': t.opsToken });
  const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
  const cardFile = async (key: string | null) => !!key && (await storedUploads(t)).private.includes(key);
  const main = async (auth: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: auth })).json();
  const sendCard = (auth: Record<string, string>, files?: Parameters<typeof sendNewCard>[2]) => sendNewCard(t, auth, files);
  const additional = async (auth: Record<string, string>, phone: string) => {
    const body = await multipart({ school: '한빛대학교', phone }, await cardFiles());
    return t.app.inject({ method: 'POST', url: '/api/mypage/additional/', payload: body.payload, headers: { ...body.headers, ...auth } });
  };
  const signup = () => signUpWithCard(t);

  it('a new signup waits for an operator, and my page says so', async () => {
    const { id, auth } = await signup();
    const u = await row(id);
    expect(u.verificationStatus).toBe('pending');
    expect(u.cardSubmittedAt).toEqual(t.clock.now());
    expect(u.verifiedAt).toBeNull();
    expect(await cardFile(u.studentCardPath)).toBe(true);
    expect(await main(auth)).toMatchObject({ verification_status: 'pending', verification_reason: null });
  });

  it('a Kakao account is unsubmitted until /mypage/additional sends its card, then pending', async () => {
    const kakao = await createStudent(t, { phone: null, email: null, school: null, isAdditionalInfoProvided: false });
    const auth = bearer(await tokenFor(t, kakao.id));
    expect(await main(auth)).toMatchObject({ verification_status: 'unsubmitted', verification_reason: null });
    // A card alone does not complete the account: the form that takes school and phone does.
    const alone = await sendCard(auth);
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toEqual({ detail: '파티에 참가하려면 학교, 전화번호, 학생증을 먼저 등록해 주세요.', code: 'additional_info_required' });
    expect((await row(kakao.id)).studentCardPath).toBeNull();

    t.clock.advance(60_000);
    expect((await additional(auth, '01051110001')).statusCode).toBe(200);
    const u = await row(kakao.id);
    expect(u).toMatchObject({ verificationStatus: 'pending', isAdditionalInfoProvided: true, cardSubmittedAt: t.clock.now() });
    expect(await main(auth)).toMatchObject({ verification_status: 'pending', is_additional_info_provided: true });
  });

  it('a rejected student reads the reason, sends a new card and waits again, the reason gone and the old card kept beside the new one for the operator', async () => {
    const { id, auth } = await signup();
    const rejected = await decideCard(t, id, 'reject', { reason: '사진이 흐립니다' }, ops());
    expect(rejected.statusCode).toBe(200);
    expect(await main(auth)).toMatchObject({ verification_status: 'rejected', verification_reason: '사진이 흐립니다' });
    const old = (await row(id)).studentCardPath;

    t.clock.advance(5 * 60_000);
    const res = await sendCard(auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ verification_status: 'pending', card_submitted_at: t.clock.now().toISOString() });
    const u = await row(id);
    expect(u).toMatchObject({ verificationStatus: 'pending', verificationReason: null, cardSubmittedAt: t.clock.now() });
    expect(u.studentCardPath).not.toBe(old);
    expect(await cardFile(u.studentCardPath)).toBe(true);
    // The rejected card stays as the previous one (issue 33 §2) until the new one is decided (tests/server/ops/previous-card.test.ts).
    expect(u).toMatchObject({ previousCardPath: old, previousCardStatus: 'rejected', previousCardReason: '사진이 흐립니다' });
    expect(await cardFile(old)).toBe(true);
    expect(await main(auth)).toMatchObject({ verification_status: 'pending', verification_reason: null });
  });

  it('a pending student may replace the card (a blurry photo): still pending, one file kept', async () => {
    const { id, auth } = await signup();
    const old = (await row(id)).studentCardPath;
    t.clock.advance(60_000);
    expect((await sendCard(auth)).statusCode).toBe(200);
    const u = await row(id);
    expect(u).toMatchObject({ verificationStatus: 'pending', cardSubmittedAt: t.clock.now() });
    expect(await cardFile(old)).toBe(false);
    expect(await cardFile(u.studentCardPath)).toBe(true);
  });

  it('an approved card stays: a new card and the additional form are both refused with 409', async () => {
    const { id, auth } = await signup();
    expect((await decideCard(t, id, 'approve', {}, ops())).statusCode).toBe(200);
    const before = await row(id);
    const res = await sendCard(auth);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: APPROVED_FINAL });
    const again = await additional(auth, '01061110002');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: APPROVED_FINAL });
    expect(await row(id)).toEqual(before);
    expect(await cardFile(before.studentCardPath)).toBe(true);
    expect(await main(auth)).toMatchObject({ verification_status: 'approved', verification_reason: null });
  });

  it('checks the new card like signup does, and stores nothing it refuses', async () => {
    const { id, auth } = await signup();
    const before = await row(id);
    const missing = await sendCard(auth, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ student_card_image: ['학생증 사진을 업로드해 주세요.'] });
    const pdf = await sendCard(auth, { student_card_image: { bytes: Buffer.from('%PDF-1.4 not a photo'), name: 'card.png', type: 'image/png' } });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toEqual({ student_card_image: ['JPEG, PNG, WebP 형식의 사진만 올릴 수 있습니다.'] });
    expect(await row(id)).toEqual(before);
  });

  it('asks a guest to log in', async () => {
    expect((await sendCard({})).statusCode).toBe(401);
  });
});
