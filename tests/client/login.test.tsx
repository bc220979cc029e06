import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { acceptAlert, expectNoAlert, findSaidOnce } from './alerts';
import { server } from './msw/server';
import { renderApp } from './render-app';

async function fillAndSubmit(ui: ReturnType<typeof renderApp>, username: string, password: string) {
  if (username) await ui.user.type(await screen.findByLabelText('아이디'), username);
  if (password) await ui.user.type(screen.getByLabelText('비밀번호'), password);
  await ui.user.click(screen.getByRole('button', { name: '로그인' }));
}

describe('/login', () => {
  it('asks for both fields once, on the form (the empty one says so beside it), and calls nothing', async () => {
    let calls = 0;
    server.use(
      http.post('/api/signup/auth/login/', () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    const ui = renderApp('/login');
    await fillAndSubmit(ui, 'minji_kim', '');

    // The pair named once on the form's line, in the spec's words; no alert dialog repeats it.
    expect(await findSaidOnce('아이디와 비밀번호를 입력해 주세요.')).toBe(screen.getByRole('alert'));
    expect(screen.getByLabelText('비밀번호')).toHaveAccessibleDescription('필수 항목입니다.');
    expect(screen.getByLabelText('비밀번호')).toHaveFocus();
    expect(screen.getByLabelText('아이디')).toBeValid();
    expect(calls).toBe(0);
  });

  it('puts 필수 항목입니다. beside each empty field, focuses the first, and clears each as it is filled', async () => {
    const ui = renderApp('/login');
    const username = await screen.findByLabelText('아이디');
    const password = screen.getByLabelText('비밀번호');
    expect(username).toBeValid(); // nothing is wrong before the first submit
    await ui.user.click(screen.getByRole('button', { name: '로그인' }));

    expectNoAlert();
    expect(username).toHaveAccessibleDescription('필수 항목입니다.');
    expect(password).toHaveAccessibleDescription('필수 항목입니다.');
    expect(username).toHaveFocus();
    await ui.user.type(username, 'm');
    expect(username).toBeValid();
    expect(username).not.toHaveAccessibleDescription();
    expect(password).toBeInvalid();
    await ui.user.type(password, 'x');
    expect(password).toBeValid();
    expect(screen.getByRole('alert')).toHaveTextContent(''); // the form may be sent now
  });

  it("shows the server's message for a wrong password once, on the form, and focuses it", async () => {
    server.use(
      http.post('/api/signup/auth/login/', () =>
        HttpResponse.json({ detail: '아이디 또는 비밀번호가 일치하지 않습니다.' }, { status: 401 }),
      ),
    );
    const ui = renderApp('/login');
    await fillAndSubmit(ui, 'minji_kim', 'wrong-pass');

    // It belongs to neither field (which one is wrong is not said): the form's line only, read at once as focus lands.
    const message = await findSaidOnce('아이디 또는 비밀번호가 일치하지 않습니다.');
    expect(message).toBe(screen.getByRole('alert'));
    expect(message).toHaveFocus();
    expect(screen.getByLabelText('아이디')).toBeValid();
    expect(screen.getByLabelText('비밀번호')).toBeValid();
    expect(localStorage.getItem('access')).toBeNull();
    expect(ui.currentPath()).toBe('/login');
  });

  it('while sending, a second tap sends nothing; after a refusal the button is back and focus is on the message', async () => {
    let calls = 0;
    let answer = () => undefined as void;
    server.use(
      http.post('/api/signup/auth/login/', async () => {
        calls += 1;
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ detail: '아이디 또는 비밀번호가 일치하지 않습니다.' }, { status: 401 });
      }),
    );
    const ui = renderApp('/login');
    await fillAndSubmit(ui, 'minji_kim', 'wrong-pass');
    const busy = await screen.findByRole('button', { name: '로그인 중...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await ui.user.click(busy);
    await ui.user.keyboard('{Enter}');
    await waitFor(() => expect(calls).toBe(1));
    answer();

    expect(await findSaidOnce('아이디 또는 비밀번호가 일치하지 않습니다.')).toHaveFocus();
    const button = screen.getByRole('button', { name: '로그인' });
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(calls).toBe(1);
  });

  it('falls back to the standard message when the server gives none', async () => {
    server.use(http.post('/api/signup/auth/login/', () => new HttpResponse('oops', { status: 500 })));
    const ui = renderApp('/login');
    await fillAndSubmit(ui, 'minji_kim', 'whatever1');

    expect(await findSaidOnce('아이디 또는 비밀번호가 일치하지 않습니다.')).toBe(screen.getByRole('alert'));
  });

  it('stores the tokens, loads the profile, says 로그인 성공. and goes home', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/signup/auth/login/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ access: 'acc-1', refresh: 'ref-1' });
      }),
    );
    const ui = renderApp('/login');
    await fillAndSubmit(ui, 'minji_kim', 'correct-horse');

    await acceptAlert(ui.user, '로그인 성공.');
    expect(sent).toEqual({ username: 'minji_kim', password: 'correct-horse' });
    expect(localStorage.getItem('access')).toBe('acc-1');
    expect(localStorage.getItem('accessToken')).toBe('acc-1');
    expect(localStorage.getItem('refresh')).toBe('ref-1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual({ id: 7, username: 'minji_kim', name: '김민지' });
    expect(ui.currentPath()).toBe('/');
    expect(await screen.findByRole('heading', { name: '김민지님을 위한 추천 파티' })).toBeInTheDocument();
  });

  it('returns to the stored redirectPath once, then forgets it', async () => {
    localStorage.setItem('redirectPath', '/notifications');
    server.use(http.post('/api/signup/auth/login/', () => HttpResponse.json({ access: 'a', refresh: 'r' })));
    const ui = renderApp('/login');
    await fillAndSubmit(ui, 'minji_kim', 'correct-horse');

    await acceptAlert(ui.user, '로그인 성공.');
    await waitFor(() => expect(ui.currentPath()).toBe('/notifications'));
    expect(localStorage.getItem('redirectPath')).toBeNull();
  });

  it('links to signup and to the Kakao start', async () => {
    const ui = renderApp('/login');
    await ui.user.click(await screen.findByRole('button', { name: '카카오로 1초 만에 시작하기' }));
    expect(ui.currentPath()).toBe('/kakao-login');
  });
});
