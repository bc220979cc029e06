import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PROFILE } from './msw/fixtures';
import { acceptAlert, expectNoAlert } from './alerts';
import { server } from './msw/server';
import { PNG_FILE_SIZE, pickStudentCard } from './image-files';
import { renderApp, signInAs } from './render-app';

const PATH = '/mypage/additional';

/** A Kakao-created account: signed in, additional info still missing. */
function kakaoStudent() {
  signInAs();
  server.use(http.get('/api/mypage/main/', () => HttpResponse.json({ ...PROFILE, is_additional_info_provided: false })));
}

function receiveAdditional(reply: () => Response = () => HttpResponse.json({ is_additional_info_provided: true })) {
  const received: Array<Record<string, unknown>> = [];
  server.use(
    http.post('/api/mypage/additional/', async ({ request }) => {
      const form = await request.formData();
      const entry: Record<string, unknown> = {};
      for (const [key, value] of form.entries()) {
        entry[key] = value instanceof File ? { name: value.name, size: value.size, type: value.type } : value;
      }
      entry.contentType = request.headers.get('Content-Type');
      entry.auth = request.headers.get('Authorization');
      received.push(entry);
      return reply();
    }),
  );
  return received;
}

// Said once, as on /signup: beside the field it is about, never in a dialog; the form's own line only names a group
// of blank fields.
const expectBeside = (label: string, text: string, formLine = '') => {
  expect(screen.getByLabelText(label)).toHaveAccessibleDescription(new RegExp(`${text.replace(/\./g, '\\.')}$`));
  expect(screen.getAllByText(text)).toHaveLength(1);
  expect(screen.getByRole('alert')).toHaveTextContent(formLine);
  expectNoAlert();
};

describe('/mypage/additional', () => {
  it('says each problem once beside its field with the signup messages, sends multipart, then goes to redirectPath', async () => {
    kakaoStudent();
    localStorage.setItem('redirectPath', '/partyinfo/5');
    const received = receiveAdditional();
    const ui = renderApp(PATH);
    const { user } = ui;
    const submit = () => user.click(screen.getByRole('button', { name: '저장하기' }));
    await screen.findByRole('heading', { name: '추가 정보 입력' });

    await submit();
    expect(screen.getByLabelText('학교')).toHaveAccessibleDescription('필수 항목입니다.');
    expect(screen.getByLabelText('전화번호')).toHaveAccessibleDescription('필수 항목입니다.');
    // Spec §5's words for the blank group, once, on the form's own line.
    expect(screen.getByRole('alert')).toHaveTextContent('추가정보를 모두 입력해 주세요.');
    expectNoAlert();

    await user.type(screen.getByLabelText('학교'), '한빛대학교');
    await submit();
    expectBeside('전화번호', '필수 항목입니다.', '추가정보를 모두 입력해 주세요.');

    await user.click(screen.getByRole('button', { name: '인증' }));
    // The 인증 button's own refusal, beside the field; the group is still blank, so the form's line stays.
    expectBeside('전화번호', '전화번호를 입력해 주세요.', '추가정보를 모두 입력해 주세요.');

    await user.type(screen.getByLabelText('전화번호'), '010-1234-5678');
    await submit();
    expectBeside('전화번호', '전화번호 인증을 완료해 주세요.');

    await user.click(screen.getByRole('button', { name: '인증' }));
    expect(screen.getByText('인증 완료')).toBeInTheDocument();
    await submit();
    expectBeside('학생증 사진', '학생증 사진을 업로드해 주세요.');

    await pickStudentCard(user);
    await user.type(screen.getByLabelText('이메일 (선택)'), ' minji@hanbit.ac.kr ');
    expect(received).toEqual([]);
    await submit();

    await acceptAlert(user, '추가 정보가 저장되었습니다.');
    await waitFor(() => expect(ui.currentPath()).toBe('/partyinfo/5'));
    expect(localStorage.getItem('redirectPath')).toBeNull();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      school: '한빛대학교',
      phone: '010-1234-5678',
      email: 'minji@hanbit.ac.kr',
      student_card_image: { name: 'card.png', size: PNG_FILE_SIZE, type: 'image/png' },
      auth: 'Bearer access-1',
    });
    expect(String(received[0].contentType)).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('leaves the optional email out, goes home without a redirectPath, and asks to verify a changed number again', async () => {
    kakaoStudent();
    const received = receiveAdditional();
    const ui = renderApp(PATH);
    const { user } = ui;
    await user.type(await screen.findByLabelText('학교'), '한빛대학교');
    await user.type(screen.getByLabelText('전화번호'), '01012345678');
    await user.click(screen.getByRole('button', { name: '인증' }));
    await user.type(screen.getByLabelText('전화번호'), '9');
    expect(screen.queryByText('인증 완료')).not.toBeInTheDocument();
    await pickStudentCard(user);
    await user.click(screen.getByRole('button', { name: '저장하기' }));
    expectBeside('전화번호', '전화번호 인증을 완료해 주세요.');

    await user.click(screen.getByRole('button', { name: '인증' }));
    await user.click(screen.getByRole('button', { name: '저장하기' }));
    await acceptAlert(user, '추가 정보가 저장되었습니다.');
    await waitFor(() => expect(ui.currentPath()).toBe('/'));
    expect(received[0]).not.toHaveProperty('email');
    expect(received[0]).toMatchObject({ phone: '010123456789' });
  });

  it.each([
    [{ detail: '로그인이 필요합니다.' }, '로그인이 필요합니다.'],
    [null, '추가 정보 저장에 실패했습니다.'],
  ])("shows the server's words %j, or the default text, once as the form's message, and stays", async (body, text) => {
    kakaoStudent();
    receiveAdditional(() => (body ? HttpResponse.json(body, { status: 400 }) : new HttpResponse(null, { status: 500 })));
    const ui = renderApp(PATH);
    const { user } = ui;
    await user.type(await screen.findByLabelText('학교'), '한빛대학교');
    await user.type(screen.getByLabelText('전화번호'), '01012345678');
    await user.click(screen.getByRole('button', { name: '인증' }));
    await pickStudentCard(user);
    await user.click(screen.getByRole('button', { name: '저장하기' }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
    expectNoAlert();
    expect(ui.currentPath()).toBe(PATH);
    expect(screen.getByRole('button', { name: '저장하기' })).toBeEnabled();
  });

  it('puts errors beside the fields, focusing the first; a phone the server refuses is marked until it is changed', async () => {
    kakaoStudent();
    receiveAdditional(() => HttpResponse.json({ phone: ['이미 가입된 전화번호입니다.'] }, { status: 400 }));
    const ui = renderApp(PATH);
    const { user } = ui;
    const school = await screen.findByLabelText('학교');
    const phone = screen.getByLabelText('전화번호');
    await user.click(screen.getByRole('button', { name: '저장하기' }));
    expectNoAlert();
    expect(school).toHaveFocus();
    expect(school).toHaveAccessibleDescription('필수 항목입니다.');
    expect(phone).toHaveAccessibleDescription('필수 항목입니다.');
    expect(screen.getByLabelText('이메일 (선택)')).toBeValid();

    await user.type(school, '한빛대학교');
    expect(school).toBeValid();
    await user.type(phone, '01012345678');
    await user.click(screen.getByRole('button', { name: '인증' }));
    await pickStudentCard(user);
    await user.click(screen.getByRole('button', { name: '저장하기' }));

    await waitFor(() => expect(phone).toHaveAccessibleDescription(/이미 가입된 전화번호입니다\.$/));
    // Beside the phone only: the form's line says nothing more, and no dialog.
    expect(screen.getAllByText('이미 가입된 전화번호입니다.')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expectNoAlert();
    expect(phone).toHaveFocus();
    await user.type(phone, '9');
    expect(phone).not.toHaveAccessibleDescription(/이미 가입된/);
  });

  it('offers a link home when the info is already provided', async () => {
    signInAs();
    const ui = renderApp(PATH);
    expect(await screen.findByText('추가 정보가 이미 등록되어 있습니다.')).toBeInTheDocument();
    expect(screen.queryByLabelText('학교')).not.toBeInTheDocument();
    await ui.user.click(screen.getByRole('link', { name: '홈으로 가기' }));
    expect(ui.currentPath()).toBe('/');
  });

  it('asks a guest to log in; closing the modal goes home', async () => {
    const ui = renderApp(PATH);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('로그인이 필요한 서비스입니다.');
    await ui.user.click(screen.getByRole('button', { name: '닫기' }));
    expect(ui.currentPath()).toBe('/');
  });
});
