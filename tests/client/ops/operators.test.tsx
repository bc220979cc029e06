import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../render-app';
import { signInOperator } from './ops-fixtures';

const me = (isAdmin: boolean) => http.get('/api/ops/auth/me/', () => HttpResponse.json({ operator: { id: 1, username: 'ops_demo' }, is_admin: isAdmin, expires_at: '2030-01-01T00:00:00Z' }));
const row = (id: number, username: string, extra: object = {}) => ({
  id,
  username,
  is_admin: false,
  created_at: '2026-03-01T01:00:00Z',
  disabled_at: null,
  last_signed_in_at: null,
  ...extra,
});

const lastBody = (sent: { body: unknown }[]) => (sent.at(-1)?.body ?? {}) as { password?: string };

/** A small operator store behind the routes, as the server keeps it. */
function operatorsBackend() {
  const rows = [row(1, 'ops_demo', { is_admin: true, last_signed_in_at: '2026-03-03T00:30:00Z' }), row(2, 'night_ops')];
  const sent: { path: string; body: unknown }[] = [];
  const body = async (request: Request) => (request.headers.get('content-type') ? await request.json() : null);
  server.use(
    me(true),
    http.get('/api/ops/operators/', () => HttpResponse.json({ results: rows })),
    http.post('/api/ops/operators/', async ({ request }) => {
      const b = (await body(request)) as { username: string; password: string };
      sent.push({ path: 'add', body: b });
      if (rows.some((r) => r.username === b.username)) return HttpResponse.json({ username: ['이미 사용 중인 아이디입니다.'] }, { status: 400 });
      rows.push(row(rows.length + 1, b.username));
      return HttpResponse.json({ id: rows.length, username: b.username, disabled_at: null, revoked_sessions: 0 }, { status: 201 });
    }),
    http.post('/api/ops/operators/:username/:what/', async ({ params, request }) => {
      const target = rows.find((r) => r.username === params.username)!;
      sent.push({ path: `${String(params.username)}/${String(params.what)}`, body: await body(request) });
      if (params.what === 'disable') Object.assign(target, { disabled_at: '2026-03-03T02:00:00Z' });
      if (params.what === 'enable') Object.assign(target, { disabled_at: null });
      if (params.what === 'password' && (lastBody(sent).password ?? '').length < 8) return HttpResponse.json({ password: ['비밀번호는 8자 이상이어야 합니다.'] }, { status: 400 });
      return HttpResponse.json({ id: target.id, username: target.username, disabled_at: target.disabled_at, revoked_sessions: 1 });
    }),
  );
  return sent;
}

describe('/ops/operators', () => {
  it('shows 운영자 in the nav to an admin only', async () => {
    signInOperator();
    server.use(http.get('/api/ops/dashboard/', () => HttpResponse.json({ day: '2026-03-03', today: [], upcoming: [], pending_verifications: 0, pending_reports: 0 })));
    const first = renderApp('/ops');
    const nav = await screen.findByRole('navigation', { name: '운영 메뉴' });
    await screen.findByRole('heading', { name: '대시보드' });
    expect(within(nav).queryByRole('link', { name: '운영자' })).not.toBeInTheDocument();
    first.unmount();

    server.use(me(true));
    renderApp('/ops');
    expect(await within(await screen.findByRole('navigation', { name: '운영 메뉴' })).findByRole('link', { name: '운영자' })).toHaveAttribute('href', '/ops/operators');
  });

  it('lists the operators; an admin adds one, a taken name stays in its field with the reason', async () => {
    signInOperator();
    const sent = operatorsBackend();
    const ui = renderApp('/ops/operators');
    const table = await screen.findByRole('region', { name: '운영자 목록' });
    const demo = within(table).getByRole('row', { name: /ops_demo/ });
    expect(demo).toHaveTextContent('관리자');
    expect(demo).toHaveTextContent('(나)');
    // The admin's own row offers no 사용 중지: the console never loses the admin using it.
    expect(within(demo).queryByRole('button', { name: /사용 중지/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /night_ops/ })).toHaveTextContent('기록 없음');

    const name = screen.getByLabelText('아이디');
    await ui.user.type(name, 'night_ops');
    await ui.user.type(screen.getByLabelText('처음 비밀번호'), 'first-pass1');
    await ui.user.click(screen.getByRole('button', { name: '추가' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/이미 사용 중인 아이디입니다./));
    expect(name).toHaveValue('night_ops');

    await ui.user.clear(name);
    await ui.user.type(name, 'day_ops');
    await ui.user.click(screen.getByRole('button', { name: '추가' }));
    expect(await screen.findByRole('status')).toHaveTextContent('‘day_ops’ 운영자를 추가했습니다.');
    expect(await within(table).findByRole('row', { name: /day_ops/ })).toHaveTextContent('사용 중');
    expect(sent.filter((s) => s.path === 'add').map((s) => s.body)).toEqual([
      { username: 'night_ops', password: 'first-pass1' },
      { username: 'day_ops', password: 'first-pass1' },
    ]);
  });

  it('disables an operator after a confirmation, enables them again, and sets a new password the admin types', async () => {
    signInOperator();
    const sent = operatorsBackend();
    const ui = renderApp('/ops/operators');
    await screen.findByRole('region', { name: '운영자 목록' });

    await ui.user.click(screen.getByRole('button', { name: 'night_ops 사용 중지' }));
    const dialog = screen.getByRole('alertdialog', { name: '‘night_ops’ 운영자를 사용 중지할까요?' });
    await ui.user.click(within(dialog).getByRole('button', { name: '사용 중지' }));
    expect(await screen.findByRole('status')).toHaveTextContent('‘night_ops’ 운영자를 사용 중지했습니다. 로그인이 모두 끝났습니다.');
    expect(await screen.findByRole('row', { name: /night_ops/ })).toHaveTextContent(/사용 중지 \(/);

    await ui.user.click(await screen.findByRole('button', { name: 'night_ops 다시 사용' }));
    expect(await screen.findByRole('status')).toHaveTextContent('‘night_ops’ 운영자를 다시 사용하게 했습니다.');

    await ui.user.click(screen.getByRole('button', { name: 'night_ops 비밀번호 재설정' }));
    const password = screen.getByLabelText('새 비밀번호');
    await ui.user.type(password, 'short');
    await ui.user.click(screen.getByRole('button', { name: '비밀번호 저장' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(/비밀번호는 8자 이상이어야 합니다./));
    await ui.user.clear(password);
    await ui.user.type(password, 'brand-new-pass');
    await ui.user.click(screen.getByRole('button', { name: '비밀번호 저장' }));
    expect(await screen.findByRole('status')).toHaveTextContent('‘night_ops’ 운영자의 비밀번호를 바꿨습니다.');
    expect(screen.queryByLabelText('새 비밀번호')).not.toBeInTheDocument();
    expect(sent.map((s) => s.path)).toEqual(['night_ops/disable', 'night_ops/enable', 'night_ops/password', 'night_ops/password']);
  });

  it("says the server's 403 to an operator who is not an admin", async () => {
    signInOperator();
    server.use(http.get('/api/ops/operators/', () => HttpResponse.json({ detail: '관리자 운영자만 할 수 있는 작업입니다.' }, { status: 403 })));
    renderApp('/ops/operators');
    expect(await screen.findByRole('alert')).toHaveTextContent('관리자 운영자만 할 수 있는 작업입니다.');
  });
});
