import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { HISTORY_ITEM } from './msw/fixtures';
import { acceptAlert, findAlert, findSaidOnce } from './alerts';
import { server } from './msw/server';
import { renderApp, signInAs } from './render-app';


function backend(answer: () => Response | Promise<Response> = () => HttpResponse.json({ id: 1 }, { status: 201 }), list: unknown[] = [HISTORY_ITEM]) {
  const bodies: unknown[] = [];
  server.use(
    http.get('/api/mypage/history/', () => HttpResponse.json(list)),
    http.post('/api/mypage/reviews/', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

async function openModal() {
  const ui = renderApp('/mypage/history');
  await ui.user.click(await screen.findByRole('button', { name: '리뷰 남기기' }));
  return { ui, dialog: screen.getByRole('dialog', { name: '파티 리뷰 남기기' }) };
}

const star = (name: string) => screen.getByRole('button', { name });

async function rateAll(ui: Awaited<ReturnType<typeof openModal>>['ui'], values = [4, 5, 3]) {
  const rows = ['파티 재미', '함께한 참여자', '장소'];
  for (const [i, row] of rows.entries()) await ui.user.click(star(`${row} ${values[i]}점`));
}

const submit = () => screen.getByRole('button', { name: '제출하기' });

describe('review modal', () => {
  it('has three 1-5 star rows, a comment, submit and close; locks body scroll while open', async () => {
    signInAs();
    backend();
    const { ui, dialog } = await openModal();
    for (const row of ['파티 재미', '함께한 참여자', '장소']) {
      for (let n = 1; n <= 5; n += 1) expect(within(dialog).getByRole('button', { name: `${row} ${n}점` })).toHaveAttribute('aria-pressed', 'false');
    }
    expect(within(dialog).getByLabelText('자유 후기')).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');

    await ui.user.click(star('파티 재미 4점'));
    expect(star('파티 재미 4점')).toHaveAttribute('aria-pressed', 'true');
    expect(star('파티 재미 3점')).toHaveAttribute('aria-pressed', 'false');

    await ui.user.click(within(dialog).getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('resets every field each time it opens', async () => {
    signInAs();
    backend();
    const { ui } = await openModal();
    await rateAll(ui, [2, 2, 2]);
    await ui.user.type(screen.getByLabelText('자유 후기'), '재밌었어요');
    await ui.user.click(screen.getByRole('button', { name: '닫기' }));
    await ui.user.click(screen.getByRole('button', { name: '리뷰 남기기' }));
    expect(star('파티 재미 2점')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('자유 후기')).toHaveValue('');
  });

  it('asks for all three ratings before sending: beside the row left without a star, the three named once on the form', async () => {
    signInAs();
    const bodies = backend();
    const { ui } = await openModal();
    await ui.user.click(star('파티 재미 5점'));
    await ui.user.click(star('장소 5점'));
    await ui.user.click(submit());
    expect(await findSaidOnce('별점을 모두 선택해 주세요.')).toBe(screen.getByRole('alert'));
    await findSaidOnce('별점을 선택해 주세요.');
    expect(bodies).toEqual([]);

    // The row left without a star says so beside it, and focus is on its first star.
    const people = screen.getByRole('group', { name: '함께한 참여자' });
    expect(people).toBeInvalid();
    expect(screen.getByRole('group', { name: '파티 재미' })).toBeValid();
    expect(star('함께한 참여자 1점')).toHaveFocus();
    expect(star('함께한 참여자 1점')).toHaveAccessibleDescription('별점을 선택해 주세요.');
    await ui.user.click(star('함께한 참여자 4점'));
    expect(people).toBeValid();
    expect(star('함께한 참여자 4점')).not.toHaveAccessibleDescription();
    expect(screen.getByRole('alert')).toHaveTextContent('');
  });

  it('sends the review, says 리뷰가 제출되었습니다! and marks the card reviewed', async () => {
    signInAs();
    const bodies = backend();
    const { ui } = await openModal();
    await rateAll(ui);
    await ui.user.type(screen.getByLabelText('자유 후기'), '  또 오고 싶어요  ');
    await ui.user.click(submit());
    await acceptAlert(ui.user, '리뷰가 제출되었습니다!');
    expect(bodies).toEqual([{ party: 5, q1_rating: 4, q2_rating: 5, q3_rating: 3, comment: '또 오고 싶어요' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '리뷰 완료' })).toBeDisabled();
  });

  it('holds submit while sending (aria-disabled, so it keeps focus) and sends once', async () => {
    signInAs();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const bodies = backend(async () => {
      await gate;
      return HttpResponse.json({ id: 1 }, { status: 201 });
    });
    const { ui } = await openModal();
    await rateAll(ui);
    await ui.user.click(submit());
    const sending = screen.getByRole('button', { name: '제출 중...' });
    expect(sending).toHaveAttribute('aria-disabled', 'true');
    expect(star('장소 1점')).toBeDisabled();
    await ui.user.click(sending);
    act(() => release());
    expect(await findAlert('리뷰가 제출되었습니다!')).toBeVisible();
    expect(bodies).toHaveLength(1);
  });

  it.each([
    ['rating field errors', () => HttpResponse.json({ q2_rating: ['별점은 1~5 사이여야 합니다.'] }, { status: 400 }), '모든 항목에 별점을 입력해주세요.'],
    ['a detail', () => HttpResponse.json({ detail: '이미 리뷰를 남긴 파티입니다.' }, { status: 400 }), '이미 리뷰를 남긴 파티입니다.'],
    ['a 403 detail', () => HttpResponse.json({ detail: '파티 참가자만 리뷰를 남길 수 있습니다.' }, { status: 403 }), '파티 참가자만 리뷰를 남길 수 있습니다.'],
    ['no words', () => new HttpResponse(null, { status: 502 }), '리뷰 제출 실패(HTTP 502)'],
    ['a network failure', () => HttpResponse.error(), '리뷰 제출 중 오류가 발생했습니다.'],
  ])('explains %s once, on the form, and focuses it', async (_, answer, text) => {
    signInAs();
    backend(answer as () => Response);
    const { ui } = await openModal();
    await rateAll(ui);
    await ui.user.click(submit());
    const message = await findSaidOnce(text);
    expect(message).toBe(screen.getByRole('alert'));
    expect(message).toHaveFocus();
    expect(screen.getByRole('group', { name: '함께한 참여자' })).toBeValid(); // the spec's one sentence, no row of its own
    expect(submit()).toBeEnabled();
  });

  it('says the party is unknown when the item has no id', async () => {
    signInAs();
    const bodies = backend(undefined, [{ ...HISTORY_ITEM, id: undefined }]);
    const { ui } = await openModal();
    await rateAll(ui);
    await ui.user.click(submit());
    expect(await findSaidOnce('리뷰 대상 파티 정보를 찾을 수 없습니다.')).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('says 로그인이 필요합니다. when the session ended while the modal was open', async () => {
    signInAs();
    const bodies = backend();
    const { ui } = await openModal();
    await rateAll(ui);
    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null, newValue: null }));
    });
    await ui.user.click(submit());
    expect(await findSaidOnce('로그인이 필요합니다.')).toHaveFocus();
    expect(bodies).toEqual([]);
  });
});
