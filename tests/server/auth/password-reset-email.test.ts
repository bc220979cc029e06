import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES as RM } from '../../../src/shared/password-reset-messages';
import { startMailServer, type MailServer, type ReceivedMail } from '../../helpers/mail-server';
import { createStudent, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

const NEW_PASSWORD = 'from-email-pass1';
let address = 0;
/** A client address of the test's own, so one test's requests never count against another's per-address limit. */
const nextAddress = () => `10.20.${Math.floor((address += 1) / 250)}.${address % 250}`;

describeEachDb('password recovery by email', (kind) => {
  let t: TestApp;
  let mail: MailServer;

  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp({ kind, env: { SMTP_URL: mail.url, PUBLIC_URL: 'https://partyon.example.kr' } });
  });
  afterAll(async () => {
    await t?.close();
    await mail?.close();
  });

  const ask = (email: string, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/signup/auth/password-reset/request/', payload: { email }, remoteAddress });
  const use = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/signup/auth/password-reset/', payload: { token, new_password: NEW_PASSWORD, new_password2: NEW_PASSWORD } });
  const login = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/signup/auth/login/', payload: { username, password } });
  /** The link in the message's text, as the student's mail app would show it. */
  const linkIn = (m: ReceivedMail) => {
    const found = m.text.match(/https:\/\/\S+/);
    expect(found, m.text).not.toBeNull();
    return new URL(found![0]);
  };

  it('says 비밀번호 찾기 can email a link here', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/signup/auth/password-reset/options/' })).json()).toEqual({ by_email: true });
  });

  it('emails a one-time link to the signup email; following it sets the new password, and the student signs in with it', async () => {
    const s = await createStudent(t);
    const sent = mail.messages.length;
    const res = await ask(`  ${s.email!.toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ detail: RM.sent });
    const message = await mail.nth(sent + 1);
    expect(message.to).toBe(s.email);
    expect(message.from).toContain('no-reply@partyon.example.kr');
    expect(message.subject).toBe('[파티온] 비밀번호 재설정 링크');
    expect(message.text).toContain(`${s.name}님`);
    const link = linkIn(message);
    expect(`${link.origin}${link.pathname}`).toBe('https://partyon.example.kr/password-reset');
    expect(message.html).toContain(link.href.replace(/&/g, '&amp;'));
    expect((await use(link.searchParams.get('token')!)).statusCode).toBe(200);
    expect((await login(s.username, s.password)).statusCode).toBe(400);
    expect((await login(s.username, NEW_PASSWORD)).statusCode).toBe(200);
    // The link works once.
    expect((await use(link.searchParams.get('token')!)).json()).toEqual({ detail: RM.linkInvalid });
  });

  it('answers an email no account has exactly as one that has, and sends nothing', async () => {
    const s = await createStudent(t);
    await t.app.mailer.idle();
    const sent = mail.messages.length;
    const unknown = await ask('nobody-here@hanbit.ac.kr');
    const known = await ask(s.email!);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect((await mail.nth(sent + 1)).to).toBe(s.email);
    await t.app.mailer.idle();
    expect(mail.messages.slice(sent).map((m) => m.to)).toEqual([s.email]);
  });

  it('lets a Kakao-only account (no password) set one through its email', async () => {
    const s = await createStudent(t, { passwordHash: null });
    const sent = mail.messages.length;
    expect((await ask(s.email!)).statusCode).toBe(202);
    const token = linkIn(await mail.nth(sent + 1)).searchParams.get('token')!;
    expect((await use(token)).statusCode).toBe(200);
    expect((await login(s.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a newer email kills the link of the older one', async () => {
    const s = await createStudent(t);
    const sent = mail.messages.length;
    await ask(s.email!);
    const first = linkIn(await mail.nth(sent + 1)).searchParams.get('token')!;
    await ask(s.email!);
    const second = linkIn(await mail.nth(sent + 2)).searchParams.get('token')!;
    expect((await use(first)).statusCode).toBe(400);
    expect((await use(second)).statusCode).toBe(200);
  });

  it('limits requests per email from anywhere (3 an hour) and per address (10 an hour), with Retry-After', async () => {
    const s = await createStudent(t);
    for (let i = 0; i < 3; i += 1) expect((await ask(s.email!)).statusCode).toBe(202);
    const fourth = await ask(s.email!);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ detail: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.' });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // An address that made ten requests (any emails, known or not) is refused the eleventh.
    const from = nextAddress();
    for (let i = 0; i < 10; i += 1) expect((await ask(`someone${i}@hanbit.ac.kr`, from)).statusCode).toBe(202);
    expect((await ask('someone-else@hanbit.ac.kr', from)).statusCode).toBe(429);
    expect((await ask('someone-else@hanbit.ac.kr')).statusCode).toBe(202);
    await t.app.mailer.idle();
    expect(mail.messages.filter((m) => m.to === s.email)).toHaveLength(3);
  });

  it('refuses what is not an email with a Korean field message', async () => {
    const res = await ask('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['올바른 이메일 주소를 입력해 주세요.'] });
  });
});

describeEachDb('password recovery without SMTP', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  it('says email is not available, and refuses a request with "ask an operator", sending and storing nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/signup/auth/password-reset/options/' })).json()).toEqual({ by_email: false });
    const s = await createStudent(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/signup/auth/password-reset/request/', payload: { email: s.email } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: RM.noEmail });
    await t.app.mailer.idle();
    const { rows } = (await t.database.db.execute('select count(*)::int as n from password_resets')) as unknown as { rows: { n: number }[] };
    expect(rows[0].n).toBe(0);
  });
});
