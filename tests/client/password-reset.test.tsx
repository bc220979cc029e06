import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { acceptAlert, findSaidOnce } from './alerts';
import { server } from './msw/server';
import { renderApp } from './render-app';

const SENT = '입력한 이메일로 가입한 계정이 있으면 비밀번호 재설정 링크를 보냈습니다. 메일함을 확인해 주세요. 링크는 30분 동안 한 번만 쓸 수 있습니다.';
const DEAD = '비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다. 새 링크를 받아 주세요.';
const options = (byEmail: boolean) => http.get('/api/signup/auth/password-reset/options/', () => HttpResponse.json({ by_email: byEmail }));

describe('/login → 비밀번호 찾기', () => {
  it('links to 비밀번호 찾기 from the login screen', async () => {
    server.use(options(true));
    const ui = renderApp('/login');
    await ui.user.click(await screen.findByRole('link', { name: '비밀번호 찾기' }));
    expect(await screen.findByRole('heading', { name: '비밀번호 찾기' })).toBeInTheDocument();
    expect(ui.currentPath()).toBe('/password-forgot');
  });
});

describe('/password-forgot', () => {
  it('sends the signup email and shows the same words whatever the server knows', async () => {
    const sent: unknown[] = [];
    server.use(
      options(true),
      http.post('/api/signup/auth/password-reset/request/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ detail: SENT }, { status: 202 });
      }),
    );
    const ui = renderApp('/password-forgot');
    await ui.user.type(await screen.findByLabelText('가입한 이메일'), ' minji@hanbit.ac.kr ');
    await ui.user.click(screen.getByRole('button', { name: '재설정 링크 받기' }));
    expect(await screen.findByText(SENT)).toHaveAttribute('role', 'status');
    expect(sent).toEqual([{ email: 'minji@hanbit.ac.kr' }]);
  });

  it('asks for the email before sending anything, once, beside the field', async () => {
    let calls = 0;
    server.use(
      options(true),
      http.post('/api/signup/auth/password-reset/request/', () => {
        calls += 1;
        return HttpResponse.json({ detail: SENT }, { status: 202 });
      }),
    );
    const ui = renderApp('/password-forgot');
    await ui.user.click(await screen.findByRole('button', { name: '재설정 링크 받기' }));
    const field = screen.getByLabelText('가입한 이메일');
    // Beside the field only, read as focus lands on it; the form's line and no dialog repeat it.
    await findSaidOnce('이메일을 입력해 주세요.');
    expect(field).toHaveAccessibleDescription('이메일을 입력해 주세요.');
    expect(field).toBeInvalid();
    expect(field).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('');
    await ui.user.type(field, 'm');
    expect(field).not.toHaveAccessibleDescription(); // cleared as it is typed
    expect(calls).toBe(0);
  });

  it("says the server's field message once beside the field, and its 429 words once on the form, focused", async () => {
    let n = 0;
    server.use(
      options(true),
      http.post('/api/signup/auth/password-reset/request/', () =>
        (n += 1) === 1
          ? HttpResponse.json({ email: ['올바른 이메일 주소를 입력해 주세요.'] }, { status: 400 })
          : HttpResponse.json({ detail: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.' }, { status: 429 }),
      ),
    );
    const ui = renderApp('/password-forgot');
    const field = await screen.findByLabelText('가입한 이메일');
    await ui.user.type(field, 'minji@');
    await ui.user.click(screen.getByRole('button', { name: '재설정 링크 받기' }));
    await findSaidOnce('올바른 이메일 주소를 입력해 주세요.');
    expect(field).toHaveAccessibleDescription('올바른 이메일 주소를 입력해 주세요.');
    expect(field).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('');
    await ui.user.type(field, 'hanbit.ac.kr');
    expect(field).not.toHaveAccessibleDescription(); // the refused address was changed
    await ui.user.click(screen.getByRole('button', { name: '재설정 링크 받기' }));
    // It belongs to no field: the form's line only, read at once as focus lands on it.
    const message = await findSaidOnce('요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.');
    expect(message).toBe(screen.getByRole('alert'));
    expect(message).toHaveFocus();
  });

  it('without email on this server, says to ask an operator and offers no form', async () => {
    server.use(options(false));
    renderApp('/password-forgot');
    expect(await screen.findByText('이메일로 비밀번호를 찾을 수 없습니다. 운영자에게 문의해 주세요.')).toBeInTheDocument();
    expect(screen.queryByLabelText('가입한 이메일')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '재설정 링크 받기' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '로그인으로 돌아가기' })).toHaveAttribute('href', '/login');
  });
});

describe('/password-reset', () => {
  it('sets the new password with the link, then sends the student to sign in', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/signup/auth/password-reset/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ detail: '비밀번호를 바꿨습니다. 새 비밀번호로 로그인해 주세요.' });
      }),
    );
    const ui = renderApp('/password-reset?token=abc_DEF-123');
    await ui.user.type(await screen.findByLabelText('새 비밀번호'), 'brand-new-1');
    await ui.user.type(screen.getByLabelText('새 비밀번호 확인'), 'brand-new-1');
    await ui.user.click(screen.getByRole('button', { name: '비밀번호 바꾸기' }));
    await acceptAlert(ui.user, '비밀번호를 바꿨습니다. 새 비밀번호로 로그인해 주세요.');
    await expect.poll(() => ui.currentPath()).toBe('/login');
    expect(sent).toEqual([{ token: 'abc_DEF-123', new_password: 'brand-new-1', new_password2: 'brand-new-1' }]);
  });

  it("holds spec §5's rules before sending: 8 characters, typed twice alike, each said once beside its field", async () => {
    let calls = 0;
    server.use(
      http.post('/api/signup/auth/password-reset/', () => {
        calls += 1;
        return HttpResponse.json({ detail: 'ok' });
      }),
    );
    const ui = renderApp('/password-reset?token=t');
    const first = await screen.findByLabelText('새 비밀번호');
    const second = screen.getByLabelText('새 비밀번호 확인');
    await ui.user.type(first, 'short');
    await ui.user.click(screen.getByRole('button', { name: '비밀번호 바꾸기' }));
    await findSaidOnce('비밀번호는 8자 이상 입력해 주세요.');
    expect(screen.getByRole('alert')).toHaveTextContent(''); // not on the form's line as well
    // Beside the field, after its help text, and focus is on it.
    expect(first).toHaveAccessibleDescription(/8자 이상을 권장합니다\. 비밀번호는 8자 이상 입력해 주세요\.$/);
    expect(first).toHaveFocus();
    await ui.user.type(first, '-longer');
    expect(first).toBeValid(); // cleared while typing
    await ui.user.type(second, 'something-else');
    await ui.user.click(screen.getByRole('button', { name: '비밀번호 바꾸기' }));
    await findSaidOnce('새 비밀번호가 일치하지 않습니다.');
    expect(second).toHaveAccessibleDescription('새 비밀번호가 일치하지 않습니다.');
    expect(second).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(calls).toBe(0);
  });

  it('says a failed save once on the form, focused, and keeps the form', async () => {
    server.use(http.post('/api/signup/auth/password-reset/', () => HttpResponse.json({ detail: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.' }, { status: 429 })));
    const ui = renderApp('/password-reset?token=t');
    await ui.user.type(await screen.findByLabelText('새 비밀번호'), 'brand-new-1');
    await ui.user.type(screen.getByLabelText('새 비밀번호 확인'), 'brand-new-1');
    await ui.user.click(screen.getByRole('button', { name: '비밀번호 바꾸기' }));
    const message = await findSaidOnce('요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.');
    expect(message).toBe(screen.getByRole('alert'));
    expect(message).toHaveFocus();
    expect(screen.getByLabelText('새 비밀번호')).toBeValid();
    expect(screen.getByRole('button', { name: '비밀번호 바꾸기' })).toBeEnabled();
  });

  it('says a spent or expired link is dead and offers a new one', async () => {
    server.use(http.post('/api/signup/auth/password-reset/', () => HttpResponse.json({ detail: DEAD }, { status: 400 })));
    const ui = renderApp('/password-reset?token=spent');
    await ui.user.type(await screen.findByLabelText('새 비밀번호'), 'brand-new-1');
    await ui.user.type(screen.getByLabelText('새 비밀번호 확인'), 'brand-new-1');
    await ui.user.click(screen.getByRole('button', { name: '비밀번호 바꾸기' }));
    expect(await screen.findByText(DEAD)).toBeInTheDocument();
    expect(screen.queryByLabelText('새 비밀번호')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '새 링크 받기' })).toHaveAttribute('href', '/password-forgot');
  });

  it('without a token, says so at once', async () => {
    renderApp('/password-reset');
    expect(await screen.findByText(DEAD)).toBeInTheDocument();
  });
});
