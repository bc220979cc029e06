import { expect } from 'vitest';
import type { TestApp } from '../../helpers/test-app';

export const OPERATOR_PASSWORD = 'console-pass1';

/** The shared operator token's header (the CLI's way in). */
export const tokenAuth = (t: TestApp) => ({ 'x-ops-token': t.opsToken });

/** An operator account, made the way `npm run ops -- operator:add` makes it. */
export async function createOperator(t: TestApp, username: string, password = OPERATOR_PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: '/api/ops/operators/', headers: tokenAuth(t), payload: { username, password } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; username: string };
}

export const operatorLogin = (t: TestApp, username: string, password = OPERATOR_PASSWORD, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/ops/auth/login/', payload: { username, password }, ...(remoteAddress ? { remoteAddress } : {}) });

/** A console session's Authorization header. */
export async function signIn(t: TestApp, username: string, password = OPERATOR_PASSWORD) {
  const res = await operatorLogin(t, username, password);
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token as string}` };
}
