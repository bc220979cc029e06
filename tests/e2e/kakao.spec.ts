import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { collectDialogs, newStudent, studentCardPng } from './helpers';

// The e2e server runs without KAKAO_REST_API_KEY, so the server's labelled local stand-in plays Kakao: the same
// redirects, code exchange and user lookup as production, on this server's own port.

let seq = 0;
/** The stand-in derives the Kakao id from the nickname: a fresh one is a brand-new Kakao account. */
function uniqueNickname() {
  seq += 1;
  return `e2e${Date.now().toString(36)}${process.pid % 1000}${seq}`.slice(0, 20);
}

/** On the stand-in's authorize page: type a nickname and consent. */
async function consentAs(page: Page, nickname: string) {
  await expect(page).toHaveURL(/\/oauth\/kakao\/stand-in\/oauth\/authorize\?/);
  await expect(page.getByText('로컬 대체 카카오')).toBeVisible();
  await page.getByLabel('닉네임').fill(nickname);
  await page.getByRole('button', { name: '동의하고 계속하기' }).tap();
}

test('a guest starts Kakao sign-in from the login-required modal, completes the additional info and returns to the party', async ({ page }) => {
  const dialogs = await collectDialogs(page);
  const nickname = uniqueNickname();
  const s = newStudent('kakao');

  await page.goto('/');
  await page.getByText('#새내기 환영 보드게임 파티').tap();
  await expect(page).toHaveURL(/\/partyinfo\/\d+$/);
  const partyPath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: '참가신청' }).tap();
  await page.getByRole('dialog').getByRole('button', { name: '카카오로 1초 만에 시작하기' }).tap();

  // The authorize request carries the four parameters; the state is the one kept in this tab.
  await expect(page).toHaveURL(/\/oauth\/kakao\/stand-in\/oauth\/authorize\?/);
  const authorize = new URL(page.url());
  expect(authorize.searchParams.get('client_id')).toBe('partyon-local-stand-in');
  expect(authorize.searchParams.get('redirect_uri')).toBe(new URL('/oauth/kakao/callback', page.url()).toString());
  expect(authorize.searchParams.get('response_type')).toBe('code');
  expect(authorize.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { name: '카카오 계정으로 로그인' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('kakao-stand-in.png') });
  await consentAs(page, nickname);

  // A brand-new Kakao account lacks school, phone and student card.
  await expect(page).toHaveURL(/\/mypage\/additional$/);
  await expect(page.getByRole('heading', { name: '추가 정보 입력' })).toBeVisible();
  await page.getByLabel('학교').fill(s.school);
  await page.getByLabel('전화번호').fill(s.phone);
  await page.getByRole('button', { name: '인증', exact: true }).tap();
  await expect(page.getByText('인증 완료')).toBeVisible();
  await page.getByLabel('학생증 사진').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: await studentCardPng() });
  await expect(page.getByAltText('선택한 학생증 사진 미리보기')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('additional-info.png') });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.screenshot({ path: test.info().outputPath('additional-info-bottom.png') });
  await page.getByRole('button', { name: '저장하기' }).tap();

  // Back where the modal opened, signed in as the Kakao nickname, with the account now complete.
  await expect(page).toHaveURL(new RegExp(`${partyPath}$`));
  expect(dialogs).toEqual(['추가 정보가 저장되었습니다.']);
  // Its card now waits for an operator: the join button says so (issue 30 §4).
  await expect(page.getByRole('button', { name: '학생증 확인 중' })).toBeVisible();
  const me = await page.evaluate(async () => {
    const res = await fetch('/api/mypage/main/', { headers: { Authorization: `Bearer ${localStorage.getItem('access')}` } });
    return (await res.json()) as { name: string; is_additional_info_provided: boolean };
  });
  expect(me).toMatchObject({ name: nickname, is_additional_info_provided: true });
  expect(await page.evaluate(() => localStorage.getItem('redirectPath'))).toBeNull();

  // Signing in again with the same Kakao account skips the additional info and goes home.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByRole('button', { name: '카카오로 1초 만에 시작하기' }).tap();
  await consentAs(page, nickname);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${nickname}님을 위한 추천 파티`);
  expect(dialogs).toEqual(['추가 정보가 저장되었습니다.']);
});

test('cancelling consent on the Kakao page returns to /login with the alert', async ({ page }) => {
  const dialogs = await collectDialogs(page);
  await page.goto('/login');
  await page.getByRole('button', { name: '카카오로 1초 만에 시작하기' }).tap();
  await expect(page).toHaveURL(/\/oauth\/kakao\/stand-in\/oauth\/authorize\?/);
  await page.getByRole('button', { name: '취소', exact: true }).tap();

  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => dialogs).toEqual(['카카오 로그인이 취소되었습니다.']);
  expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull();
  await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
});

test('a quick pick on the Kakao stand-in signs in as that nickname', async ({ page }) => {
  await collectDialogs(page);
  await page.goto('/login');
  await page.getByRole('button', { name: '카카오로 1초 만에 시작하기' }).tap();
  await expect(page).toHaveURL(/\/oauth\/kakao\/stand-in\/oauth\/authorize\?/);
  await expect(page.getByRole('button', { name: '야식요정으로 동의' })).toBeVisible();
  await expectAccessible(page, "the Kakao stand-in's page");
  // Whatever the nickname field holds, the pick tapped is the account.
  await page.getByLabel('닉네임').fill(uniqueNickname());
  await page.getByRole('button', { name: '야식요정으로 동의' }).tap();

  await expect(page.getByText('잘못된 로그인 요청입니다.')).toHaveCount(0);
  // The pick's account is new the first time (additional info), complete after (home): either way signed in as it.
  await expect(page).toHaveURL(/\/(mypage\/additional)?$/);
  await expect(page.getByRole('heading', { name: '추가 정보 입력' }).or(page.getByRole('heading', { name: '야식요정님을 위한 추천 파티' }))).toBeVisible();
  await expectAccessible(page, 'the screen a quick pick lands on');
  const me = await page.evaluate(async () => {
    const res = await fetch('/api/mypage/main/', { headers: { Authorization: `Bearer ${localStorage.getItem('access')}` } });
    return (await res.json()) as { name: string };
  });
  expect(me.name).toBe('야식요정');
});
