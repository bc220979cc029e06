import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptAlert, findSaidOnce } from './alerts';
import { pngFile, renamedPdf } from './image-files';
import { server } from './msw/server';
import { renderApp, signInAs } from './render-app';

interface Call {
  method: string;
  body: unknown;
}

/** A profile backend that records every call in order; `fail` answers one of them with an error. */
function profileBackend(fail: { post?: Response; patch?: Response } = {}) {
  const calls: Call[] = [];
  server.use(
    http.get('/api/mypage/profile/', () =>
      HttpResponse.json({ username: 'minji_kim', name: '김민지', intro: '보드게임 좋아해요', profile_image: null }),
    ),
    http.post('/api/mypage/profile/', async ({ request }) => {
      calls.push({ method: 'POST', body: await request.json() });
      return fail.post ?? HttpResponse.json({ detail: '비밀번호가 변경되었습니다.', access: 'new-access', refresh: 'new-refresh' });
    }),
    http.patch('/api/mypage/profile/', async ({ request }) => {
      const form = await request.formData();
      const photo = form.get('profile_image');
      calls.push({ method: 'PATCH', body: { intro: form.get('intro'), photo: photo instanceof Blob ? (photo as File).name : null } });
      return fail.patch ?? HttpResponse.json({ intro: form.get('intro'), profile_image: '/media/avatars/new.jpg' });
    }),
  );
  return calls;
}

async function openEdit() {
  signInAs();
  const ui = renderApp('/mypage/edit');
  await waitFor(() => expect(screen.getByLabelText('한 줄 소개')).toHaveValue('보드게임 좋아해요'));
  return ui;
}

const save = () => screen.getByRole('button', { name: '저장' });

afterEach(() => vi.unstubAllGlobals());

describe('/mypage/edit', () => {
  it('shows the fields, the saved intro and a link to the extra info', async () => {
    profileBackend();
    const ui = await openEdit();
    expect(screen.getByRole('heading', { name: '프로필 수정' })).toBeInTheDocument();
    expect(screen.getByLabelText('새 비밀번호')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('새 비밀번호 확인')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('프로필 사진')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await ui.user.click(screen.getByRole('link', { name: /추가 정보 설정하기/ }));
    expect(ui.currentPath()).toBe('/mypage/extra');
  });

  it('refuses a short password, then mismatching ones, each once beside its field, without calling the server', async () => {
    const calls = profileBackend();
    const ui = await openEdit();
    const password = screen.getByLabelText('새 비밀번호');
    const password2 = screen.getByLabelText('새 비밀번호 확인');
    await ui.user.type(password, 'short');
    await ui.user.click(save());
    await findSaidOnce('비밀번호는 8자 이상 입력해 주세요.');
    expect(screen.getByRole('alert')).toHaveTextContent(''); // not on the form's line as well
    // Beside the field, after its help text, and focus is on it.
    expect(password).toHaveAccessibleDescription(/8자 이상을 권장합니다\. 비밀번호는 8자 이상 입력해 주세요\.$/);
    expect(password).toBeInvalid();
    expect(password).toHaveFocus();

    await ui.user.type(password, '-long-enough');
    expect(password).toBeValid(); // cleared while typing, before the next save
    expect(password).toHaveAccessibleDescription(/권장합니다\.$/);
    expect(password2).toBeInvalid(); // now the one that is wrong: the two differ
    expect(password2).toHaveAccessibleDescription('새 비밀번호가 일치하지 않습니다.');
    await ui.user.type(password2, 'something-else');
    await ui.user.click(save());
    await findSaidOnce('새 비밀번호가 일치하지 않습니다.');
    expect(password2).toHaveAccessibleDescription('새 비밀번호가 일치하지 않습니다.');
    expect(password2).toHaveFocus();
    await ui.user.clear(password2);
    await ui.user.type(password2, 'short-long-enough');
    expect(password2).toBeValid();
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(calls).toEqual([]);
  });

  it('changes the password first, stores the new tokens, then saves intro and photo, and goes back', async () => {
    const calls = profileBackend();
    const ui = await openEdit();
    await ui.user.upload(screen.getByLabelText('프로필 사진'), pngFile('me.png'));
    expect((await screen.findByRole('img', { name: '프로필 사진 미리보기' })).getAttribute('src')).toMatch(/^blob:/);
    expect(screen.getByLabelText('프로필 사진')).toHaveAccessibleDescription('me.png');

    await ui.user.type(screen.getByLabelText('새 비밀번호'), 'new-password1');
    await ui.user.type(screen.getByLabelText('새 비밀번호 확인'), 'new-password1');
    await ui.user.clear(screen.getByLabelText('한 줄 소개'));
    await ui.user.type(screen.getByLabelText('한 줄 소개'), '  산책 좋아해요  ');
    // Opened directly (the in-memory router has no page before it), as the browser's Navigation API would say: jsdom
    // has none, and its own history holds the entries of the dialogs opened so far.
    vi.stubGlobal('navigation', { canGoBack: false });
    await ui.user.click(save());

    await acceptAlert(ui.user, '저장 완료!');
    expect(calls).toEqual([
      { method: 'POST', body: { new_password: 'new-password1', new_password2: 'new-password1' } },
      { method: 'PATCH', body: { intro: '산책 좋아해요', photo: 'me.png' } },
    ]);
    expect(localStorage.getItem('access')).toBe('new-access');
    expect(localStorage.getItem('refresh')).toBe('new-refresh');
    // Once the alert has taken its history entry back.
    await waitFor(() => expect(ui.currentPath()).toBe('/mypage'));
  });

  it('saves only the profile when no password is entered', async () => {
    const calls = profileBackend();
    const ui = await openEdit();
    await ui.user.click(save());
    await acceptAlert(ui.user, '저장 완료!');
    expect(calls).toEqual([{ method: 'PATCH', body: { intro: '보드게임 좋아해요', photo: null } }]);
  });

  it('stops at a refused password with 비밀번호 변경 실패: and the server words, once on the form, focused', async () => {
    const calls = profileBackend({
      post: HttpResponse.json({ new_password: ['비밀번호는 8자 이상 입력해 주세요.'] }, { status: 400 }),
    });
    const ui = await openEdit();
    await ui.user.type(screen.getByLabelText('새 비밀번호'), 'new-password1');
    await ui.user.type(screen.getByLabelText('새 비밀번호 확인'), 'new-password1');
    await ui.user.click(save());
    const message = await findSaidOnce('비밀번호 변경 실패: 비밀번호는 8자 이상 입력해 주세요.');
    expect(message).toBe(screen.getByRole('alert'));
    expect(message).toHaveFocus();
    expect(calls.map((c) => c.method)).toEqual(['POST']);
    expect(ui.currentPath()).toBe('/mypage/edit');
  });

  it('says 프로필 저장 실패: with the detail when the profile is refused', async () => {
    profileBackend({ patch: HttpResponse.json({ profile_image: ['JPEG, PNG, WebP 형식의 사진만 올릴 수 있습니다.'] }, { status: 400 }) });
    const ui = await openEdit();
    await ui.user.click(save());
    expect(await findSaidOnce('프로필 저장 실패: JPEG, PNG, WebP 형식의 사진만 올릴 수 있습니다.')).toBe(screen.getByRole('alert'));
    expect(ui.currentPath()).toBe('/mypage/edit');
  });

  it('falls back to 저장 중 오류가 발생했습니다. when the server says nothing', async () => {
    profileBackend({ patch: HttpResponse.error() as unknown as Response });
    const ui = await openEdit();
    await ui.user.click(save());
    expect(await findSaidOnce('저장 중 오류가 발생했습니다.')).toHaveFocus();
    expect(save()).toBeEnabled();
  });

  it('refuses, by its bytes, a file that is not a photo (a PDF renamed .png) and files over 5 MB, before uploading, once beside the photo', async () => {
    profileBackend();
    const ui = await openEdit();
    const input = screen.getByLabelText('프로필 사진');
    await ui.user.upload(input, renamedPdf('me.png'));
    await waitFor(() => expect(input).toHaveAccessibleDescription('JPEG, PNG, WebP 형식의 사진만 올릴 수 있습니다.'));
    expect(input).toBeInvalid();
    // Said beside the photo only, and announced there (no submit moves focus to it); the form's line stays empty.
    await findSaidOnce('JPEG, PNG, WebP 형식의 사진만 올릴 수 있습니다.');
    expect(screen.getAllByRole('alert').map((line) => line.textContent)).toEqual(['JPEG, PNG, WebP 형식의 사진만 올릴 수 있습니다.', '']);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await ui.user.upload(input, big);
    await findSaidOnce('사진은 5MB 이하만 올릴 수 있습니다.');
    expect(input).toHaveAccessibleDescription('사진은 5MB 이하만 올릴 수 있습니다.');
    expect(screen.queryByRole('img', { name: '프로필 사진 미리보기' })).not.toBeInTheDocument();

    await ui.user.upload(input, pngFile('me.png'));
    expect(await screen.findByRole('img', { name: '프로필 사진 미리보기' })).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('me.png');
    expect(input).toBeValid();
  });

  it('asks a guest to log in', async () => {
    renderApp('/mypage/edit');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('로그인이 필요한 서비스입니다.')).toBeInTheDocument();
  });
});
