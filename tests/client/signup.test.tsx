import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { acceptAlert, expectNoAlert } from './alerts';
import { server } from './msw/server';
import { PNG_FILE_SIZE, pickStudentCard, pngFile, renamedPdf } from './image-files';
import { renderApp } from './render-app';

describe('/signup', () => {
  it('says each problem once, beside its field and never in an alert (a blank group named once on the form), then sends everything as multipart', async () => {
    let received: Record<string, unknown> | null = null;
    server.use(
      http.post('/api/signup/auth/signup/', async ({ request }) => {
        const form = await request.formData();
        const photo = form.get('student_card_image');
        received = Object.fromEntries([...form.keys()].filter((k) => k !== 'student_card_image').map((k) => [k, form.get(k)]));
        received.photo = photo instanceof File ? { name: photo.name, size: photo.size, type: photo.type } : photo;
        received.contentType = request.headers.get('Content-Type');
        return HttpResponse.json({ id: 11, username: 'minji_kim' }, { status: 201 });
      }),
    );
    const ui = renderApp('/signup');
    const { user } = ui;
    const field = (label: string) => screen.getByLabelText(label);
    const submit = async () => user.click(screen.getByRole('button', { name: '가입하기' }));
    await screen.findByRole('heading', { name: '회원가입' });
    // Once: beside the field (its description, with focus on the first wrong one), not in a dialog; the form's line
    // only names a group of blank fields (spec §5's words), never repeats a field's error.
    const expectBeside = (label: string, text: string, { focused = true, only = true, formLine = '' } = {}) => {
      expect(field(label)).toHaveAccessibleDescription(new RegExp(`${text.replace(/\./g, '\\.')}$`));
      if (focused) expect(field(label)).toHaveFocus();
      if (only) expect(screen.getAllByText(text)).toHaveLength(1);
      expectNoAlert();
      expect(screen.getByRole('alert')).toHaveTextContent(formLine);
    };

    await submit();
    expectBeside('이름', '필수 항목입니다.', { only: false, formLine: '기본정보를 모두 입력해 주세요.' });
    // Every blank text field says so beside itself, once: 이름, 아이디, 비밀번호, 비밀번호 확인, 이메일, 전화번호, 학교.
    expect(screen.getAllByText('필수 항목입니다.')).toHaveLength(7);
    expect(screen.getAllByText('기본정보를 모두 입력해 주세요.')).toHaveLength(1);

    await user.type(field('이름'), '김민지');
    await user.type(field('아이디'), 'minji_kim');
    await user.type(field('비밀번호'), 'short');
    await user.type(field('비밀번호 확인'), 'short');
    await submit();
    expectBeside('비밀번호', '비밀번호는 8자 이상이어야 합니다.');

    await user.clear(field('비밀번호'));
    await user.type(field('비밀번호'), 'party-on-2024!');
    await user.clear(field('비밀번호 확인'));
    await user.type(field('비밀번호 확인'), 'party-on-2025!');
    await submit();
    expectBeside('비밀번호 확인', '비밀번호가 일치하지 않습니다.');

    await user.clear(field('비밀번호 확인'));
    await user.type(field('비밀번호 확인'), 'party-on-2024!');
    await submit();
    expectBeside('이메일', '필수 항목입니다.', { only: false, formLine: '추가정보를 모두 입력해 주세요.' });

    await user.click(screen.getByRole('button', { name: '인증' }));
    // The 인증 button's own refusal, beside the field; the group is still blank, so the form's line stays.
    expectBeside('전화번호', '전화번호를 입력해 주세요.', { focused: false, formLine: '추가정보를 모두 입력해 주세요.' });

    await user.type(field('이메일'), 'minji@campus.ac.kr');
    await user.type(field('전화번호'), '01012345678');
    await user.type(field('학교'), '파티대학교');
    await submit();
    expectBeside('전화번호', '전화번호 인증을 완료해 주세요.');

    await user.click(screen.getByRole('button', { name: '인증' }));
    expect(screen.getByText('인증 완료')).toBeInTheDocument();
    await submit();
    expectBeside('학생증 사진', '학생증 사진을 업로드해 주세요.');

    await pickStudentCard(user);
    await submit();
    expectBeside('개인정보 처리방침에 동의합니다.', '개인정보 처리방침에 동의해 주세요.');

    expect(sessionStorage.getItem('signupDraft')).not.toBeNull();
    await user.click(screen.getByLabelText('개인정보 처리방침에 동의합니다.'));
    await submit();

    await acceptAlert(user, '회원가입이 완료되었습니다. 로그인해 주세요.');
    await waitFor(() => expect(ui.currentPath()).toBe('/login'));
    expect(received).toMatchObject({
      username: 'minji_kim',
      password: 'party-on-2024!',
      password2: 'party-on-2024!',
      name: '김민지',
      email: 'minji@campus.ac.kr',
      phone: '01012345678',
      school: '파티대학교',
      // The version of the 개인정보 처리방침 the form showed.
      privacy_policy_version: '3',
      photo: { name: 'card.png', size: PNG_FILE_SIZE, type: 'image/png' },
    });
    expect(String(received!.contentType)).toMatch(/^multipart\/form-data; boundary=/);
    expect(sessionStorage.getItem('signupDraft')).toBeNull();
  });

  it('puts every error beside its field, focuses the first wrong one, and clears each as soon as it is valid', async () => {
    const { user } = renderApp('/signup');
    const field = (label: string) => screen.getByLabelText(label);
    await screen.findByRole('heading', { name: '회원가입' });
    await user.type(field('비밀번호'), 'party-on-2024!');
    await user.click(screen.getByRole('button', { name: '가입하기' }));

    // Beside each field, the form's own line naming the group once, and no dialog asks to be dismissed first.
    expect(screen.getByRole('alert')).toHaveTextContent('기본정보를 모두 입력해 주세요.');
    expectNoAlert();
    expect(field('이름')).toHaveFocus();
    for (const label of ['이름', '아이디', '비밀번호 확인', '이메일', '전화번호', '학교']) {
      expect(field(label)).toBeInvalid();
      expect(field(label)).toHaveAccessibleDescription('필수 항목입니다.');
    }
    // The password is fine; its help text stays its description.
    expect(field('비밀번호')).toBeValid();
    expect(field('비밀번호')).toHaveAccessibleDescription('영문, 숫자, 특수문자를 섞어 8자 이상으로 만들어 주세요.');
    expect(field('학생증 사진')).toHaveAccessibleDescription(/학생증 사진을 업로드해 주세요\.$/);
    const consent = field('개인정보 처리방침에 동의합니다.');
    expect(consent).toHaveAccessibleDescription(/개인정보 처리방침에 동의해 주세요\.$/);

    await user.type(field('이름'), '김민지');
    expect(field('이름')).toBeValid();
    expect(field('이름')).not.toHaveAccessibleDescription();
    await user.type(field('비밀번호 확인'), 'party-on');
    expect(field('비밀번호 확인')).toHaveAccessibleDescription('비밀번호가 일치하지 않습니다.');
    await user.type(field('비밀번호 확인'), '-2024!');
    expect(field('비밀번호 확인')).toBeValid();
    await user.click(consent);
    expect(consent).toBeValid();
    expect(consent).toHaveAccessibleDescription('개인정보 처리방침 보기 버전 3');
    await user.type(field('전화번호'), '01012345678');
    expect(field('전화번호')).toHaveAccessibleDescription('전화번호 인증을 완료해 주세요.');
    await user.click(screen.getByRole('button', { name: '인증' }));
    expect(field('전화번호')).toBeValid();
    expect(field('전화번호')).toHaveAccessibleDescription('인증 완료');

    // Submitting again moves focus to the first field still wrong.
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    expect(field('아이디')).toHaveFocus();
    expectNoAlert();
  });

  it('refuses a file that is not a photo by its bytes (a PDF renamed .png) with the server\'s words, and shows a real one with its name', async () => {
    const { user } = renderApp('/signup');
    const picker = await screen.findByLabelText('학생증 사진');
    expect(picker).toHaveAccessibleDescription(/^선택한 사진이 없습니다\./);

    await user.upload(picker, renamedPdf('card.png'));
    await waitFor(() => expect(picker).toBeInvalid());
    expect(picker).toHaveAccessibleDescription(/JPEG, PNG, WebP 형식의 사진만 올릴 수 있습니다\.$/);
    // Said beside the box only.
    expect(screen.getAllByText('JPEG, PNG, WebP 형식의 사진만 올릴 수 있습니다.')).toHaveLength(1);
    expectNoAlert();
    expect(screen.queryByRole('img', { name: '선택한 학생증 사진 미리보기' })).not.toBeInTheDocument();
    expect(screen.getByText('선택한 사진이 없습니다.')).toBeInTheDocument();

    await user.upload(picker, pngFile('my-card.png'));
    expect(await screen.findByRole('img', { name: '선택한 학생증 사진 미리보기' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(picker).toBeValid();
    expect(picker).toHaveAccessibleDescription(/^my-card\.png 학생증 사진은 재학생 확인에만/);
    expect(screen.getByText('my-card.png')).toBeVisible();
  });

  it('keeps a draft without the passwords and restores it on return', async () => {
    sessionStorage.setItem(
      'signupDraft',
      JSON.stringify({ name: '이서준', username: 'seojun', email: 's@campus.ac.kr', phone: '0101112222', school: '파티대학교', phoneVerified: true }),
    );
    const { user } = renderApp('/signup');

    expect(await screen.findByLabelText('이름')).toHaveValue('이서준');
    expect(screen.getByLabelText('아이디')).toHaveValue('seojun');
    expect(screen.getByLabelText('이메일')).toHaveValue('s@campus.ac.kr');
    expect(screen.getByLabelText('전화번호')).toHaveValue('0101112222');
    expect(screen.getByLabelText('학교')).toHaveValue('파티대학교');
    expect(screen.getByText('인증 완료')).toBeInTheDocument();

    await user.type(screen.getByLabelText('비밀번호'), 'secret-123');
    await user.type(screen.getByLabelText('전화번호'), '3');
    const draft = JSON.parse(sessionStorage.getItem('signupDraft') ?? '{}');
    expect(draft).toMatchObject({ phone: '01011122223', phoneVerified: false });
    expect(JSON.stringify(draft)).not.toContain('secret-123');
  });

  it("shows the server's field error, or the default text", async () => {
    sessionStorage.setItem(
      'signupDraft',
      JSON.stringify({ name: '김민지', username: 'minji_kim', email: 'm@campus.ac.kr', phone: '01012345678', school: '파티대학교', phoneVerified: true }),
    );
    server.use(
      http.post('/api/signup/auth/signup/', () =>
        HttpResponse.json({ username: ['이미 사용 중인 아이디입니다.'] }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('비밀번호'), 'party-on-2024!');
    await user.type(screen.getByLabelText('비밀번호 확인'), 'party-on-2024!');
    await pickStudentCard(user);
    await user.click(screen.getByLabelText('개인정보 처리방침에 동의합니다.'));
    await user.click(screen.getByRole('button', { name: '가입하기' }));

    // The server's field error goes beside its field (only there), which gets focus, until the username is changed.
    const username = screen.getByLabelText('아이디');
    await waitFor(() => expect(username).toHaveAccessibleDescription('이미 사용 중인 아이디입니다.'));
    expect(username).toHaveFocus();
    expect(screen.getAllByText('이미 사용 중인 아이디입니다.')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expectNoAlert();
    expect(sessionStorage.getItem('signupDraft')).not.toBeNull();
    await user.type(username, '2');
    expect(username).toBeValid();
    expect(screen.getByRole('alert')).toHaveTextContent('');

    server.use(http.post('/api/signup/auth/signup/', () => new HttpResponse(null, { status: 502 })));
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    // A failure that belongs to no field is the form's one message.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('회원가입에 실패했습니다.'));
    expectNoAlert();
  });

  it('links the consent to the 개인정보 처리방침 page, and keeps the draft for the trip there and back', async () => {
    sessionStorage.setItem('signupDraft', JSON.stringify({ name: '김민지', username: 'minji_kim', email: '', phone: '', school: '', phoneVerified: false }));
    const ui = renderApp('/signup');
    const consent = await screen.findByLabelText('개인정보 처리방침에 동의합니다.');
    await waitFor(() => expect(consent).toHaveAccessibleDescription('개인정보 처리방침 보기 버전 3'));
    await ui.user.click(screen.getByRole('link', { name: '개인정보 처리방침 보기' }));
    await waitFor(() => expect(ui.currentPath()).toBe('/privacy'));
    expect(await screen.findByRole('heading', { level: 3, name: '1. 모으는 개인정보' })).toBeInTheDocument();
    // The form comes back filled in from its draft (spec §4): the trip costs nothing typed.
    expect(JSON.parse(sessionStorage.getItem('signupDraft') ?? '{}')).toMatchObject({ name: '김민지', username: 'minji_kim' });
  });

  it('asks again when the 개인정보 처리방침 changed after the form loaded it, and sends the new version', async () => {
    sessionStorage.setItem(
      'signupDraft',
      JSON.stringify({ name: '김민지', username: 'minji_kim', email: 'm@campus.ac.kr', phone: '01012345678', school: '파티대학교', phoneVerified: true }),
    );
    const sent: unknown[] = [];
    let current = 3;
    server.use(
      http.get('/api/privacy/', () => HttpResponse.json({ version: current, effective_date: '2026-03-01', body: `버전 ${current}` })),
      http.post('/api/signup/auth/signup/', async ({ request }) => {
        const version = (await request.formData()).get('privacy_policy_version');
        sent.push(version);
        if (version !== String(current)) {
          return HttpResponse.json({ detail: '개인정보 처리방침이 바뀌었습니다. 바뀐 내용을 확인하고 다시 동의해 주세요.', code: 'privacy_policy_changed' }, { status: 409 });
        }
        return HttpResponse.json({ id: 11, username: 'minji_kim' }, { status: 201 });
      }),
    );
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('비밀번호'), 'party-on-2024!');
    await user.type(screen.getByLabelText('비밀번호 확인'), 'party-on-2024!');
    await pickStudentCard(user);
    await screen.findByText('버전 3');
    const consent = screen.getByLabelText('개인정보 처리방침에 동의합니다.');
    await user.click(consent);
    current = 4; // an operator published meanwhile
    await user.click(screen.getByRole('button', { name: '가입하기' }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('개인정보 처리방침이 바뀌었습니다. 바뀐 내용을 확인하고 다시 동의해 주세요.'));
    expectNoAlert();
    expect(consent).not.toBeChecked();
    await screen.findByText('버전 4');
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    await acceptAlert(user, '회원가입이 완료되었습니다. 로그인해 주세요.');
    expect(sent).toEqual(['3', '4']);
  });
});
