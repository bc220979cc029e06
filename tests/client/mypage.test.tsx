import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import defaultAvatar from '../../assets/images/default-avatar.svg';
import { PROFILE } from './msw/fixtures';
import { acceptAlert, expectNoAlert, findSaidOnce } from './alerts';
import { server } from './msw/server';
import { pickStudentCard } from './image-files';
import { renderApp, signInAs } from './render-app';
import { recordRequests } from './sent-requests';

function signedIn() {
  signInAs();
  localStorage.setItem('user', JSON.stringify({ id: 7, username: 'minji_kim', name: '김민지' }));
}

function mainAnswers(overrides: Partial<typeof PROFILE>) {
  server.use(http.get('/api/mypage/main/', () => HttpResponse.json({ ...PROFILE, ...overrides })));
}

const STORAGE_KEYS = ['access', 'refresh', 'accessToken', 'user'];

describe('/mypage', () => {
  it('shows the photo or default, name, intro, the four tags with MBTI joined, points and counts', async () => {
    signedIn();
    mainAnswers({ points: 12345, participation_count: 4, warnings: 2, mbti: { i_e: 'I', n_s: 'S', f_t: 'T', p_j: 'J' } });
    renderApp('/mypage');

    expect(await screen.findByRole('heading', { name: '김민지' })).toBeInTheDocument();
    expect(screen.getByText('보드게임 좋아해요')).toBeInTheDocument();
    const tags = within(screen.getByRole('list', { name: '내 태그' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(tags).toEqual(['#2학년', '#공과대학', '#활발한', '#ISTJ']);
    expect(screen.getByText('12,345P')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /참여 횟수 4회/ })).toBeInTheDocument();
    expect(screen.getByText('경고').closest('div')).toHaveTextContent('2회');
    const photo = screen.getByRole('img', { name: '프로필 사진' });
    expect(photo).toHaveAttribute('src', defaultAvatar);
  });

  it('uses the uploaded photo, and offers the extra info when there are no tags', async () => {
    signedIn();
    mainAnswers({
      profile_image: '/media/avatars/a.jpg',
      grade: null,
      college: null,
      personality: null,
      mbti: { i_e: null, n_s: null, f_t: null, p_j: null },
      intro: '',
    });
    const ui = renderApp('/mypage');
    const photo = await screen.findByRole('img', { name: '프로필 사진' });
    expect(photo).toHaveAttribute('src', '/media/avatars/a.jpg');
    expect(screen.queryByRole('list', { name: '내 태그' })).not.toBeInTheDocument();
    expect(screen.getByText('아직 한 줄 소개가 없어요.')).toBeInTheDocument();
    await ui.user.click(screen.getByRole('link', { name: /추가 정보를 입력하고/ }));
    expect(ui.currentPath()).toBe('/mypage/extra');
  });

  it('toggles the points and warning tooltips', async () => {
    signedIn();
    const ui = renderApp('/mypage');
    const points = await screen.findByRole('button', { name: '포인트 안내' });
    expect(points).toHaveAttribute('aria-expanded', 'false');
    await ui.user.click(points);
    expect(points).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('tooltip')).toHaveTextContent('10,000P');
    expect(screen.getByRole('tooltip')).toHaveTextContent('보증금');
    await ui.user.click(points);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await ui.user.click(screen.getByRole('button', { name: '경고 안내' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent(/노쇼.*신고/);
    await ui.user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('goes to the history when the participation count is tapped', async () => {
    signedIn();
    const ui = renderApp('/mypage');
    await ui.user.click(await screen.findByRole('link', { name: /참여 횟수/ }));
    expect(ui.currentPath()).toBe('/mypage/history');
  });

  it('links to the profile edit', async () => {
    signedIn();
    const ui = renderApp('/mypage');
    await ui.user.click(await screen.findByRole('link', { name: '프로필 수정' }));
    expect(ui.currentPath()).toBe('/mypage/edit');
  });

  it('opens the help sheet and closes it', async () => {
    signedIn();
    const ui = renderApp('/mypage');
    await ui.user.click(await screen.findByRole('button', { name: '도움말' }));
    const sheet = screen.getByRole('dialog', { name: '도움말' });
    expect(within(sheet).getByText('취소와 환불')).toBeInTheDocument();
    await ui.user.click(within(sheet).getByRole('button', { name: '확인' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the help sheet on Escape and gives focus back to 도움말', async () => {
    signedIn();
    const ui = renderApp('/mypage');
    const help = await screen.findByRole('button', { name: '도움말' });
    await ui.user.click(help);
    expect(screen.getByRole('dialog', { name: '도움말' })).toHaveFocus();
    await ui.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(help).toHaveFocus();
  });

  it('logs out: tells the server to end the sign-in, clears tokens and the user record, then goes to /', async () => {
    signedIn();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/signup/auth/logout/', async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const ui = renderApp('/mypage');
    await screen.findByRole('heading', { name: '김민지' });
    await ui.user.click(screen.getByRole('button', { name: '로그아웃' }));
    await waitFor(() => expect(ui.currentPath()).toBe('/'));
    for (const key of STORAGE_KEYS) expect(localStorage.getItem(key)).toBeNull();
    await waitFor(() => expect(bodies).toEqual([{ refresh: 'refresh-1' }]));
  });

  it('logs out of this browser even when the server cannot be reached', async () => {
    signedIn();
    const requests = recordRequests();
    server.use(http.post('/api/signup/auth/logout/', () => HttpResponse.error()));
    const ui = renderApp('/mypage');
    await screen.findByRole('heading', { name: '김민지' });
    await ui.user.click(screen.getByRole('button', { name: '로그아웃' }));
    await waitFor(() => expect(ui.currentPath()).toBe('/'));
    expect(requests.sent('POST', '/api/signup/auth/logout/')).toBe(1);
    for (const key of STORAGE_KEYS) expect(localStorage.getItem(key)).toBeNull();
    await requests.settled();
    expect(ui.currentPath()).toBe('/');
    expectNoAlert();
  });

  it('shows the login modal to guests, without calling, and closing it goes home', async () => {
    let calls = 0;
    server.use(
      http.get('/api/mypage/main/', () => {
        calls += 1;
        return HttpResponse.json(PROFILE);
      }),
    );
    const ui = renderApp('/mypage');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('로그인이 필요한 서비스입니다.')).toBeInTheDocument();
    await ui.user.click(within(dialog).getByRole('button', { name: '닫기' }));
    expect(ui.currentPath()).toBe('/');
    expect(calls).toBe(0);
  });

  it('redirects to /login on a 401 the refresh cannot cure', async () => {
    signedIn();
    server.use(
      http.get('/api/mypage/main/', () => HttpResponse.json({ detail: '인증 정보가 올바르지 않습니다.' }, { status: 401 })),
      http.post('/api/signup/auth/refresh/', () => HttpResponse.json({ detail: 'expired' }, { status: 401 })),
    );
    const ui = renderApp('/mypage');
    await waitFor(() => expect(ui.currentPath()).toBe('/login'));
  });

  it('only logs other errors and keeps the menu usable', async () => {
    signedIn();
    server.use(http.get('/api/mypage/main/', () => HttpResponse.json({ detail: '서버 오류' }, { status: 500 })));
    const ui = renderApp('/mypage');
    await waitFor(() => expect(console.warn).toHaveBeenCalledWith('마이페이지를 불러오지 못했습니다.', expect.anything()));
    expect(screen.queryByText('서버 오류')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '로그아웃' })).toBeInTheDocument();
    expect(ui.currentPath()).toBe('/mypage');
    expectNoAlert();
  });
});

describe('/mypage withdrawal', () => {
  function withdrawBackend(password: string | null) {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/mypage/withdraw/', async ({ request }) => {
        const body = (await request.json()) as { password?: string };
        bodies.push(body);
        if (password !== null && body.password !== password) {
          return HttpResponse.json({ password: ['비밀번호가 일치하지 않습니다.'] }, { status: 400 });
        }
        return HttpResponse.json({ detail: '회원 탈퇴가 완료되었습니다.', cancelled_parties: 1 });
      }),
    );
    return bodies;
  }

  it('explains what happens, refuses a wrong password, then closes the account and clears storage', async () => {
    signedIn();
    const bodies = withdrawBackend('right-password');
    const ui = renderApp('/mypage');
    await ui.user.click(await screen.findByRole('button', { name: '회원 탈퇴' }));
    const dialog = screen.getByRole('alertdialog', { name: '정말 탈퇴하시겠어요?' });
    expect(dialog).toHaveTextContent('환불');
    expect(dialog).toHaveTextContent('삭제');
    expect(dialog).toHaveTextContent('되돌릴 수 없어요');

    await ui.user.type(within(dialog).getByLabelText('비밀번호'), 'wrong-password');
    await ui.user.click(within(dialog).getByRole('button', { name: '탈퇴하기' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('비밀번호가 일치하지 않습니다.')); // the (empty) alert line is there before its words
    expect(localStorage.getItem('access')).toBe('access-1');

    await ui.user.clear(within(dialog).getByLabelText('비밀번호'));
    await ui.user.type(within(dialog).getByLabelText('비밀번호'), 'right-password');
    await ui.user.click(within(dialog).getByRole('button', { name: '탈퇴하기' }));
    await acceptAlert(ui.user, '회원 탈퇴가 완료되었습니다.');
    await waitFor(() => expect(ui.currentPath()).toBe('/'));
    for (const key of STORAGE_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(bodies).toEqual([{ password: 'wrong-password' }, { password: 'right-password' }]);
  });

  it('sends no password for an account without one (Kakao) and can be cancelled', async () => {
    signedIn();
    const bodies = withdrawBackend(null);
    const ui = renderApp('/mypage');
    await ui.user.click(await screen.findByRole('button', { name: '회원 탈퇴' }));
    await ui.user.click(screen.getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(bodies).toEqual([]);

    await ui.user.click(screen.getByRole('button', { name: '회원 탈퇴' }));
    await ui.user.click(screen.getByRole('button', { name: '탈퇴하기' }));
    await waitFor(() => expect(ui.currentPath()).toBe('/'));
    expect(bodies).toEqual([{}]);
  });

  it('ignores Escape while the withdrawal is being sent; afterwards Escape closes it and focus goes back', async () => {
    signedIn();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('/api/mypage/withdraw/', async () => {
        await answered;
        return HttpResponse.json({ password: ['비밀번호가 일치하지 않습니다.'] }, { status: 400 });
      }),
    );
    const ui = renderApp('/mypage');
    const opener = await screen.findByRole('button', { name: '회원 탈퇴' });
    await ui.user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: '정말 탈퇴하시겠어요?' });
    await ui.user.type(within(dialog).getByLabelText('비밀번호'), 'wrong-password');
    await ui.user.click(within(dialog).getByRole('button', { name: '탈퇴하기' }));
    await within(dialog).findByRole('button', { name: '탈퇴 처리 중...' });

    await ui.user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    expect(dialog).toHaveAttribute('open');

    answer();
    // The alert line may be in the dialog (empty) before the answer fills it: wait for its words, not its presence.
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('비밀번호가 일치하지 않습니다.'));
    await ui.user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps the dialog and shows the default text when the server fails', async () => {
    signedIn();
    server.use(http.post('/api/mypage/withdraw/', () => HttpResponse.error()));
    const ui = renderApp('/mypage');
    await ui.user.click(await screen.findByRole('button', { name: '회원 탈퇴' }));
    await ui.user.click(screen.getByRole('button', { name: '탈퇴하기' }));
    expect(await screen.findByText('회원 탈퇴 중 오류가 발생했습니다.')).toBeInTheDocument();
    expect(ui.currentPath()).toBe('/mypage');
    expect(screen.queryByRole('alertdialog', { name: '회원 탈퇴가 완료되었습니다.' })).not.toBeInTheDocument();
  });
});

describe('/mypage student verification', () => {
  /** My page answers `first`, then what the server holds after a new card (pending) once one was received. */
  function verificationFlow(first: Partial<typeof PROFILE>, reply: () => Response = () => HttpResponse.json({ verification_status: 'pending', card_submitted_at: '2026-03-02T09:00:00.000Z' })) {
    const received: Array<Record<string, unknown>> = [];
    server.use(
      http.get('/api/mypage/main/', () =>
        HttpResponse.json(received.length ? { ...PROFILE, verification_status: 'pending', verification_reason: null } : { ...PROFILE, ...first }),
      ),
      http.post('/api/mypage/student-card/', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('student_card_image');
        received.push({ keys: [...form.keys()], file: file instanceof File ? file.name : file, auth: request.headers.get('Authorization') });
        return reply();
      }),
    );
    return received;
  }

  it('shows a small 인증됨 badge beside an approved name, and nothing else to do', async () => {
    signedIn();
    renderApp('/mypage');
    await screen.findByRole('heading', { name: '김민지' });
    expect(screen.getByText('인증됨')).toHaveAttribute('title', '학생 인증 완료');
    expect(screen.queryByRole('heading', { name: /학생증|학생 인증/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('학생증 사진')).not.toBeInTheDocument();
  });

  it('says the card is being checked while it waits for an operator', async () => {
    signedIn();
    mainAnswers({ verification_status: 'pending', verification_reason: null });
    renderApp('/mypage');
    expect(await screen.findByRole('heading', { name: '학생증 확인 중이에요' })).toBeInTheDocument();
    expect(screen.getByText(/확인이 끝나면 알림으로 알려 드릴게요/)).toBeInTheDocument();
    expect(screen.queryByText('인증됨')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('학생증 사진')).not.toBeInTheDocument();
  });

  it("shows a rejected student the operator's reason and sends a new card, after which it is being checked", async () => {
    signedIn();
    const received = verificationFlow({ verification_status: 'rejected', verification_reason: '사진이 흐려 이름을 읽을 수 없습니다' });
    const ui = renderApp('/mypage');
    expect(await screen.findByRole('heading', { name: '학생증이 반려되었어요' })).toBeInTheDocument();
    expect(screen.getByText('사진이 흐려 이름을 읽을 수 없습니다')).toBeInTheDocument();

    await ui.user.click(screen.getByRole('button', { name: '학생증 다시 보내기' }));
    // Once, beside the box, with focus on it; the form's line stays empty.
    await findSaidOnce('학생증 사진을 업로드해 주세요.');
    expect(screen.getByLabelText('학생증 사진')).toHaveAccessibleDescription(/학생증 사진을 업로드해 주세요\.$/);
    expect(screen.getByLabelText('학생증 사진')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(received).toEqual([]);

    await pickStudentCard(ui.user);
    await ui.user.click(screen.getByRole('button', { name: '학생증 다시 보내기' }));

    expect(await screen.findByRole('heading', { name: '학생증 확인 중이에요' })).toBeInTheDocument();
    expect(received).toEqual([{ keys: ['student_card_image'], file: 'card.png', auth: 'Bearer access-1' }]);
    expect(screen.queryByText('사진이 흐려 이름을 읽을 수 없습니다')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('학생증 확인 중이에요');
  });

  it("says what went wrong when the new card is refused, once beside the box, and lets the student try again", async () => {
    signedIn();
    const received = verificationFlow({ verification_status: 'rejected', verification_reason: '흐림' }, () =>
      HttpResponse.json({ student_card_image: ['사진 파일을 읽을 수 없습니다. 다른 사진을 올려 주세요.'] }, { status: 400 }),
    );
    const ui = renderApp('/mypage');
    await screen.findByLabelText('학생증 사진');
    await pickStudentCard(ui.user);
    await ui.user.click(screen.getByRole('button', { name: '학생증 다시 보내기' }));
    await findSaidOnce('사진 파일을 읽을 수 없습니다. 다른 사진을 올려 주세요.');
    expect(screen.getByLabelText('학생증 사진')).toHaveAccessibleDescription(/사진 파일을 읽을 수 없습니다\. 다른 사진을 올려 주세요\.$/);
    expect(screen.getByLabelText('학생증 사진')).toHaveFocus();
    expect(received).toHaveLength(1);
    expect(screen.getByRole('heading', { name: '학생증이 반려되었어요' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '학생증 다시 보내기' })).toBeEnabled();
  });

  it('sends a Kakao account without its details to the additional-info form', async () => {
    signedIn();
    mainAnswers({ verification_status: 'unsubmitted', is_additional_info_provided: false });
    const ui = renderApp('/mypage');
    expect(await screen.findByRole('heading', { name: '학생 인증이 필요해요' })).toBeInTheDocument();
    await ui.user.click(screen.getByRole('link', { name: '추가 정보 입력하기' }));
    expect(ui.currentPath()).toBe('/mypage/additional');
  });
});
