import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../render-app';
import { opsPartyDetail, signInOperator } from './ops-fixtures';

const PARTY = opsPartyDetail({ start_time: '2026-03-03T10:00:00Z' });
const DASHBOARD = { day: '2026-03-03', today: [PARTY], upcoming: [], pending_verifications: 3, pending_reports: 1 };

describe('/ops', () => {
  it('asks an operator to sign in, with the server’s message for a wrong password, then shows the dashboard', async () => {
    const seen: { auth: string | null }[] = [];
    server.use(
      http.post('/api/ops/auth/login/', async ({ request }) => {
        const body = (await request.json()) as { password: string };
        if (body.password !== 'right-pass') return HttpResponse.json({ detail: '아이디 또는 비밀번호가 일치하지 않습니다.' }, { status: 401 });
        return HttpResponse.json({ token: 'ops_abc', expires_at: '2026-03-03T12:00:00Z', operator: { id: 1, username: 'ops_demo' } });
      }),
      http.get('/api/ops/dashboard/', ({ request }) => {
        seen.push({ auth: request.headers.get('authorization') });
        return HttpResponse.json(DASHBOARD);
      }),
    );
    const ui = renderApp('/ops');
    await ui.user.type(await screen.findByLabelText('아이디'), 'ops_demo');
    await ui.user.type(screen.getByLabelText('비밀번호'), 'wrong');
    await ui.user.click(screen.getByRole('button', { name: '로그인' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('아이디 또는 비밀번호가 일치하지 않습니다.')); // the (empty) alert line is there before its words

    await ui.user.clear(screen.getByLabelText('비밀번호'));
    await ui.user.type(screen.getByLabelText('비밀번호'), 'right-pass');
    await ui.user.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByRole('heading', { name: '대시보드' })).toBeInTheDocument();
    // The console's own token, never a student's.
    expect(seen[0].auth).toBe('Bearer ops_abc');
    expect(localStorage.getItem('access')).toBeNull();
    // No student chrome (footer tabs) around the console.
    expect(screen.queryByRole('navigation', { name: '주요 메뉴' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '운영 메뉴' })).toBeInTheDocument();
  });

  it('shows what waits for a decision and today’s parties with seats, payments and check-ins', async () => {
    signInOperator();
    server.use(http.get('/api/ops/dashboard/', () => HttpResponse.json(DASHBOARD)));
    renderApp('/ops');
    expect(await screen.findByText('확인을 기다리는 학생증')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /보드게임 번개/ });
    expect(within(row).getByText('학생회관')).toBeInTheDocument();
    expect(within(row).getByText('5/8')).toBeInTheDocument();
    expect(within(row).getByText('예정')).toBeInTheDocument();
  });

  it('forgets an ended session (401) and asks to sign in again', async () => {
    signInOperator();
    server.use(http.get('/api/ops/dashboard/', () => HttpResponse.json({ detail: '다시 로그인해 주세요.' }, { status: 401 })));
    renderApp('/ops');
    expect(await screen.findByRole('heading', { name: '운영자 로그인' })).toBeInTheDocument();
    expect(sessionStorage.getItem('partyon.ops.session')).toBeNull();
  });

  it('signs out: the server ends the session and the console forgets it', async () => {
    signInOperator();
    let loggedOut = false;
    server.use(
      http.get('/api/ops/dashboard/', () => HttpResponse.json(DASHBOARD)),
      http.post('/api/ops/auth/logout/', () => {
        loggedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const ui = renderApp('/ops');
    await ui.user.click(await screen.findByRole('button', { name: '로그아웃' }));
    expect(await screen.findByRole('heading', { name: '운영자 로그인' })).toBeInTheDocument();
    expect(loggedOut).toBe(true);
  });
});
