import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../render-app';

const student = (extra: object = {}) => ({
  id: 3,
  username: 'minji',
  name: '김민지',
  phone: '01012345678',
  school: '한빛대학교',
  points: 10_500,
  verification_status: 'approved',
  withdrawn: false,
  created_at: '2026-03-01T01:00:00Z',
  ...extra,
});
const ledger = (user: object) => http.get('/api/ops/users/3/ledger/', () => HttpResponse.json({ user, results: [], next_before_id: null }));

beforeEach(() => {
  sessionStorage.setItem('partyon.ops.session', JSON.stringify({ token: 'ops_token', operator: { id: 1, username: 'ops_demo' } }));
});

describe("/ops/users/{id}: 비밀번호 재설정", () => {
  it('issues a one-time link, shows it once with its expiry, and copies it', async () => {
    const issued: string[] = [];
    let n = 0;
    server.use(
      ledger(student()),
      http.post('/api/ops/users/3/password-reset/', ({ request }) => {
        issued.push(request.headers.get('authorization') ?? '');
        n += 1;
        return HttpResponse.json({ url: `/password-reset?token=tok${n}`, expires_at: '2026-03-02T01:30:00Z' }, { status: 201 });
      }),
    );
    const ui = renderApp('/ops/users/3');
    const panel = (await screen.findByRole('heading', { name: '비밀번호 재설정' })).closest('section')!;
    expect(within(panel).queryByLabelText('재설정 링크')).not.toBeInTheDocument();
    await ui.user.click(within(panel).getByRole('button', { name: '재설정 링크 만들기' }));
    const field = await within(panel).findByLabelText('재설정 링크');
    // A server without PUBLIC_URL answers the path: the console shows it on its own origin.
    expect(field).toHaveValue(`${window.location.origin}/password-reset?token=tok1`);
    expect(field).toHaveAccessibleDescription(expect.stringContaining('이 화면을 벗어나면 다시 볼 수 없습니다.'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('2026년 3월 2일 10:30까지 쓸 수 있습니다.'));
    await ui.user.click(within(panel).getByRole('button', { name: '링크 복사' }));
    expect(await within(panel).findByText('링크를 복사했습니다.')).toBeInTheDocument();
    // A new link replaces the one shown (the server has killed the older one).
    await ui.user.click(within(panel).getByRole('button', { name: '새 재설정 링크 만들기' }));
    await waitFor(() => expect(within(panel).getByLabelText('재설정 링크')).toHaveValue(`${window.location.origin}/password-reset?token=tok2`));
    expect(issued).toEqual(['Bearer ops_token', 'Bearer ops_token']);
  });

  it("shows the server's refusal and offers nothing for a withdrawn student", async () => {
    server.use(ledger(student()), http.post('/api/ops/users/3/password-reset/', () => HttpResponse.json({ detail: '탈퇴한 회원입니다.' }, { status: 409 })));
    const ui = renderApp('/ops/users/3');
    await ui.user.click(await screen.findByRole('button', { name: '재설정 링크 만들기' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent === '탈퇴한 회원입니다.')).toBe(true));
    expect(screen.queryByLabelText('재설정 링크')).not.toBeInTheDocument();
  });

  it('offers no link for a student who has withdrawn', async () => {
    server.use(ledger(student({ withdrawn: true })));
    renderApp('/ops/users/3');
    expect(await screen.findByText('탈퇴한 학생의 비밀번호는 재설정할 수 없습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '재설정 링크 만들기' })).not.toBeInTheDocument();
  });
});
