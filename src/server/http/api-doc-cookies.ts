import type { OpenApiDocument } from './api-doc-types';

/** The two password logins that hand out a device cookie (auth/login-throttle.ts, auth/device-cookie.ts). */
const DEVICE_COOKIE_LOGINS = ['/api/signup/auth/login/', '/api/ops/auth/login/'];

const SET_DEVICE_COOKIE = {
  description:
    "This browser's device cookie for the account (`pd_…`, named by the account: one per account on a phone): HttpOnly, " +
    'SameSite=Strict, `Path` this login endpoint only, `Secure` on an https site, a year long. Sent back with a later ' +
    "login to the same account, it lets that browser through the account's lock while strangers' guesses hold it " +
    '(it never signs anyone in: the password is checked as always). Not a session: tokens stay in the answer body.',
  schema: { type: 'string' },
};

/**
 * The device cookie is set by a header the route's zod schema cannot declare, so the document adds it to the
 * successful answer of each password login; a client generated from the document then knows to keep cookies for
 * that one path.
 */
export function describeDeviceCookies(doc: OpenApiDocument): void {
  for (const path of DEVICE_COOKIE_LOGINS) {
    const answer = doc.paths?.[path]?.post?.responses?.['200'] as { headers?: Record<string, unknown> } | undefined;
    if (!answer) throw new Error(`POST ${path}: no 200 answer to describe its device cookie on (http/api-doc-cookies.ts)`);
    answer.headers = { ...answer.headers, 'Set-Cookie': SET_DEVICE_COOKIE };
  }
}
