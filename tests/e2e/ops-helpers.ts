import { expect, type Page } from '@playwright/test';

/** The demo operator the seed adds (README "Operate it"). */
export const DEMO_OPERATOR = { username: 'ops_demo', password: 'partyon1234' };

/**
 * Signs the demo operator in to the console at /ops (or at `path` inside it) through its own sign-in form. The
 * session lives in this page's sessionStorage, so each test's page signs in for itself.
 */
export async function opsLogin(page: Page, path = '/ops') {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: '운영자 로그인' })).toBeVisible();
  await page.getByLabel('아이디').fill(DEMO_OPERATOR.username);
  await page.getByLabel('비밀번호').fill(DEMO_OPERATOR.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByRole('navigation', { name: '운영 메뉴' })).toBeVisible();
}
