import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import defaultAvatar from '../../assets/images/default-avatar.svg';
import { backToRealTimers } from './history-back';
import { server } from './msw/server';
import { renderAppInBrowser, signInAs } from './render-app';
import { CONDITION_TIMEOUT_MS } from './waits';

const STATE = { userId: 9, name: '이준호', photo: '/media/avatars/jun.jpg', partyId: 5 };

function reportBackend(answer: () => Response = () => HttpResponse.json({ id: 1, detail: '신고가 접수되었습니다.' }, { status: 201 })) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/mypage/reports/', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

/** /report/9 reached from another screen, so "back one step" has somewhere to go. */
async function openReport(state: unknown = STATE) {
  signInAs();
  window.history.pushState(null, '', '/participants/5');
  window.history.pushState(null, '', '/report/9');
  const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
  const ui = renderAppInBrowser('/report/9', state);
  await screen.findByRole('heading', { name: '회원 신고하기' });
  return { ...ui, back };
}

const fill = (category: string, content: string) => {
  fireEvent.change(screen.getByLabelText('신고 유형'), { target: { value: category } });
  fireEvent.change(screen.getByLabelText('신고 내용'), { target: { value: content } });
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: '신고하기' }));
const toast = () => screen.getByRole('status');

afterEach(backToRealTimers);

describe('/report/:userId', () => {
  it('shows the member from navigation state, the five categories and the sample placeholder', async () => {
    await openReport();
    expect(screen.getByText('이준호')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '신고할 회원의 프로필 사진' })).toHaveAttribute('src', '/media/avatars/jun.jpg');
    const options = within(screen.getByLabelText('신고 유형')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([
      '신고 유형을 선택해 주세요',
      '허위 정보 기재',
      '파티 중 불쾌감 조성',
      '파티 중 부적절한 행동',
      '부적절한 프로필 사진',
      '기타',
    ]);
    expect(screen.getByLabelText('신고 내용')).toHaveAttribute('placeholder', '예) 파티 중 다른 참여자에게 반복적으로 불쾌한 농담을 했어요.');
    expect(toast()).toBeEmptyDOMElement();
  });

  it('falls back to 알 수 없는 회원 and the default avatar without state', async () => {
    await openReport(null);
    expect(screen.getByText('알 수 없는 회원')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '신고할 회원의 프로필 사진' })).toHaveAttribute('src', defaultAvatar);
  });

  it('toasts each missing piece in order, each for 1.5 s, without sending', async () => {
    const bodies = reportBackend();
    await openReport({ userId: 9, name: '이준호' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    submit();
    expect(toast()).toHaveTextContent('신고 유형을 선택해 주세요.');
    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(toast()).toHaveTextContent('신고 유형을 선택해 주세요.');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(toast()).toBeEmptyDOMElement();

    fill('UNPLEASANT', '   ');
    submit();
    expect(toast()).toHaveTextContent('신고 내용을 입력해 주세요.');
    fill('UNPLEASANT', '반복적으로 불쾌한 농담을 했어요.');
    submit();
    expect(toast()).toHaveTextContent('신고가 발생한 파티 정보가 없습니다.');
    expect(bodies).toEqual([]);
  });

  it('puts each missing piece beside its field, focuses the first, and clears each as it is filled', async () => {
    reportBackend();
    await openReport({ userId: 9, name: '이준호' });
    const category = screen.getByLabelText('신고 유형');
    const content = screen.getByLabelText('신고 내용');
    submit();
    expect(category).toHaveAccessibleDescription('신고 유형을 선택해 주세요.');
    expect(content).toHaveAccessibleDescription('신고 내용을 입력해 주세요.');
    expect(category).toHaveFocus();

    fill('UNPLEASANT', '');
    expect(category).toBeValid();
    expect(content).toBeInvalid();
    submit();
    expect(content).toHaveFocus();
    fill('UNPLEASANT', '불쾌한 농담');
    expect(content).toBeValid();
    expect(content).not.toHaveAccessibleDescription();
  });

  it('sends the report, toasts 신고가 접수되었습니다. and goes back one step after 1.5 s', async () => {
    const bodies = reportBackend();
    const { back } = await openReport();
    fill('INAPPROPRIATE_ACT', '  파티 중 반복적으로 불쾌한 농담을 했어요.  ');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    submit();
    await vi.waitFor(() => expect(toast()).toHaveTextContent('신고가 접수되었습니다.'), CONDITION_TIMEOUT_MS);
    expect(bodies).toEqual([{ party: 5, reported_user: 9, category: 'INAPPROPRIATE_ACT', content: '파티 중 반복적으로 불쾌한 농담을 했어요.' }]);
    expect(screen.getByRole('button', { name: '신고하기' })).toBeDisabled();
    expect(back).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(toast()).toBeEmptyDOMElement();
    expect(back).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a detail', () => HttpResponse.json({ detail: '파티 참가자만 신고할 수 있습니다.' }, { status: 403 }), '파티 참가자만 신고할 수 있습니다.'],
    ['a non-field error', () => HttpResponse.json({ non_field_errors: ['이미 신고한 참가자입니다.'] }, { status: 400 }), '이미 신고한 참가자입니다.'],
    ['a field error', () => HttpResponse.json({ content: ['신고 내용을 입력해 주세요.'] }, { status: 400 }), '신고 내용을 입력해 주세요.'],
    ['nothing', () => HttpResponse.error(), '신고 중 오류가 발생했습니다.'],
  ])('toasts the server error: %s', async (_, answer, text) => {
    reportBackend(answer as () => Response);
    const { back } = await openReport();
    fill('OTHER', '불쾌했어요');
    submit();
    await waitFor(() => expect(toast()).toHaveTextContent(text));
    expect(screen.getByRole('button', { name: '신고하기' })).toBeEnabled();
    expect(back).not.toHaveBeenCalled();
  });

  it('asks a guest to log in', async () => {
    window.history.replaceState(null, '', '/report/9');
    renderAppInBrowser('/report/9', STATE);
    expect(await screen.findByRole('dialog')).toHaveTextContent('로그인이 필요한 서비스입니다.');
  });
});
