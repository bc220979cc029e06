import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { collectDialogs, login, signupViaApi } from './helpers';
import { opsLogin } from './ops-helpers';
import { opsParty } from './seat-helpers';

// Axe scans take ten seconds or more each on a busy machine: the cap only catches a wait that never ends.
test.describe.configure({ timeout: 300_000 });

/** A campus day a week ahead, as the date field takes it and as the student reads it. */
function aWeekAhead() {
  const seoul = (d: Date) => new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  const day = seoul(new Date(Date.now() + 7 * 86_400_000));
  const [year, month, date] = day.split('-').map(Number);
  const thisYear = Number(seoul(new Date()).slice(0, 4));
  return { day, label: `${year === thisYear ? '' : `${year}년 `}${month}월 ${date}일까지` };
}

test('an operator suspends a student in the console; the student is refused at 참가신청 with the reason and reads it on my page; lifting opens joining again', async ({ page, request }) => {
  const s = await signupViaApi(request, 'sus');
  const title = `정지 확인 파티 ${Date.now().toString(36)}`;
  const partyId = await opsParty(request, title, 5);
  const until = aWeekAhead();

  await opsLogin(page, `/ops/users/${s.id}`);
  const panel = page.getByRole('region', { name: '이용 정지' });
  await expect(panel.getByText('경고 0회')).toBeVisible();
  await expectAccessible(page, "a student's console page with the suspension panel");

  // Nothing typed: the reason and the day are asked for beside their fields.
  await panel.getByRole('button', { name: '이용 정지' }).click();
  await expect(panel.getByText('정지 사유를 입력해 주세요.')).toBeVisible();
  await expect(panel.getByText('종료일을 선택해 주세요.')).toBeVisible();
  await expect(panel.getByRole('textbox', { name: '정지 사유' })).toBeFocused();
  await expectAccessible(page, 'the suspension panel with its field errors');

  await panel.getByRole('textbox', { name: '정지 사유' }).fill('파티 중 폭언');
  await panel.getByLabel('종료일', { exact: true }).fill(until.day);
  await panel.getByRole('button', { name: '이용 정지' }).click();
  const confirm = page.getByRole('alertdialog', { name: `${s.name} 학생의 이용을 정지할까요?` });
  await confirm.getByRole('button', { name: '이용 정지' }).click();
  await expect(panel.getByText('이용 정지 중')).toBeVisible();
  await expect(panel.getByText(until.label)).toBeVisible();
  await expect(panel.getByText(`${s.name} 학생의 이용을 정지했습니다.`)).toBeVisible();
  await expectAccessible(page, 'the suspension panel with a suspension in force');

  // The student signs in (allowed) and is refused a seat, with the operator's reason and the last day.
  const dialogs = await collectDialogs(page);
  await login(page, s.username, s.password);
  await page.goto(`/partyinfo/${partyId}`);
  await page.getByRole('button', { name: '참가신청' }).tap();
  // The app's alert says it (collectDialogs, which login set up, reads each alert and taps its 확인).
  await expect.poll(() => dialogs.at(-1)).toBe(`이용이 정지된 계정입니다. 사유: 파티 중 폭언 (${until.label})`);
  await expect(page).toHaveURL(new RegExp(`/partyinfo/${partyId}$`));
  await expect(page.getByRole('button', { name: '참가신청' })).toBeEnabled();

  await page.goto('/mypage');
  const notice = page.getByRole('region', { name: '이용이 정지된 계정이에요' });
  await expect(notice.getByText('파티 중 폭언')).toBeVisible();
  await expect(notice.getByText(until.label)).toBeVisible();

  // The operator lifts it (the console's session is still in this tab); the student's next 참가신청 holds a seat.
  await page.goto(`/ops/users/${s.id}`);
  await panel.getByRole('button', { name: '정지 해제' }).click();
  await page.getByRole('alertdialog', { name: `${s.name} 학생의 이용 정지를 해제할까요?` }).getByRole('button', { name: '정지 해제' }).click();
  await expect(panel.getByText(`${s.name} 학생의 이용 정지를 해제했습니다.`)).toBeVisible();
  await page.goto(`/partyinfo/${partyId}`);
  await page.getByRole('button', { name: '참가신청' }).tap();
  await expect(page).toHaveURL(/\/payment$/);
});
