import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backToRealTimers } from '../history-back';
import { server } from '../msw/server';
import { renderApp } from '../render-app';
import { signInOperator } from './ops-fixtures';

const NOW = new Date('2026-03-05T09:00:00+09:00');

const student = (id: number, name: string, extra: object = {}) => ({
  id,
  username: `student${id}`,
  name,
  school: '한빛대학교',
  phone: `0105555${String(1000 + id)}`,
  email: `student${id}@hanbit.ac.kr`,
  status: 'pending',
  reason: null,
  // One an hour, the first five hours before NOW.
  card_submitted_at: new Date(NOW.getTime() - (6 - id) * 3_600_000).toISOString(),
  verified_at: null,
  card_deleted_at: null,
  ...extra,
});
const QUEUE = [student(1, '김민지'), student(2, '이서준'), student(3, '박지우'), student(4, '최유나'), student(5, '정하늘')];

/**
 * GET /api/ops/verifications/ as the server answers it, two students a page: the cursor is where the page before
 * ended. Records the query of every page asked for.
 */
function queueServer(initial: ReturnType<typeof student>[], counts: { decided_today?: number | null } = {}) {
  const asked: string[] = [];
  let queue = [...initial];
  server.use(
    http.get('/api/ops/verifications/', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      const q = url.searchParams.get('q') ?? '';
      const found = queue.filter((s) => s.status === url.searchParams.get('status') && (s.name.includes(q) || s.phone.includes(q.replaceAll('-', ''))));
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const results = found.slice(from, from + 2);
      return HttpResponse.json({
        results,
        next_cursor: from + 2 < found.length ? String(from + 2) : null,
        total: found.length,
        oldest_submitted_at: url.searchParams.get('status') === 'pending' ? (found[0]?.card_submitted_at ?? null) : null,
        decided_today: counts.decided_today === undefined ? 2 : counts.decided_today,
      });
    }),
    http.post('/api/ops/verifications/:id/approve/', ({ params }) => {
      queue = queue.filter((s) => s.id !== Number(params.id));
      return HttpResponse.json({ id: Number(params.id), status: 'approved', reason: null, verified_at: NOW.toISOString() });
    }),
    http.get('/api/ops/verifications/:id/card', () => new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { headers: { 'Content-Type': 'image/jpeg' } })),
  );
  return asked;
}

const queueList = () => screen.getByRole('list', { name: /^확인 대기 \d+명$/ });
const selected = () => screen.getByRole('button', { current: true });

beforeEach(() => {
  signInOperator();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(backToRealTimers);

describe('/ops/verifications: a queue to work', () => {
  it('says how the queue stands: how many wait, since when, and how many this operator did today', async () => {
    queueServer(QUEUE);
    renderApp('/ops/verifications');
    expect(await screen.findByText('대기 5건 · 가장 오래 기다린 카드 5시간 전 · 오늘 처리 2건')).toBeInTheDocument();
    // The list's heading and the position count the whole queue, not the page loaded.
    expect(queueList()).toHaveAccessibleName('확인 대기 5명');
    expect(screen.getByText('1 / 5')).toBeInTheDocument();

    // Time passes on an open console: the wait grows.
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(await screen.findByText('대기 5건 · 가장 오래 기다린 카드 6시간 전 · 오늘 처리 2건')).toBeInTheDocument();
  });

  it('shows the phone as operators read it, 010-5555-1001', async () => {
    queueServer(QUEUE);
    renderApp('/ops/verifications');
    await screen.findByRole('img', { name: /김민지/ });
    expect(screen.getByText('010-5555-1001', { selector: 'dd' })).toBeInTheDocument();
  });

  it('searches by name or phone, keeps the search in the URL beside the status, and says when nobody matches', async () => {
    const asked = queueServer([...QUEUE, student(6, '김반려', { status: 'rejected' })]);
    const ui = renderApp('/ops/verifications');
    await screen.findByRole('img', { name: /김민지/ });

    const search = screen.getByRole('searchbox', { name: '학생 검색' });
    expect(search).toHaveAttribute('placeholder', '이름·학교·전화번호');
    await ui.user.type(search, '010-5555-1003{Enter}');
    await expect.poll(() => ui.currentPath()).toBe('/ops/verifications?q=010-5555-1003');
    await expect.poll(() => asked.at(-1)).toBe('?status=pending&q=010-5555-1003');
    await waitFor(() => expect(within(queueList()).getAllByRole('button').map((b) => b.textContent)).toEqual([expect.stringContaining('박지우')]));
    expect(screen.getByText(/^대기 1건/)).toBeInTheDocument();

    // Another status keeps the search.
    await ui.user.clear(search);
    await ui.user.type(search, '김');
    await ui.user.click(screen.getByRole('button', { name: '검색' }));
    await ui.user.selectOptions(screen.getByRole('combobox', { name: '상태' }), '반려');
    await expect.poll(() => ui.currentPath()).toBe('/ops/verifications?status=rejected&q=%EA%B9%80');
    expect(await screen.findByRole('img', { name: '김반려(@student6) 학생증 사진' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '학생 검색' })).toHaveValue('김');
    // The waiting count is the pending queue's: not said over the rejected list.
    expect(screen.getByText('오늘 처리 2건')).toBeInTheDocument();
    expect(screen.queryByText(/^대기/)).not.toBeInTheDocument();

    await ui.user.clear(search);
    await ui.user.type(search, '없는학생{Enter}');
    expect(await screen.findByText("'없는학생'에 해당하는 학생이 없습니다.")).toBeInTheDocument();
  });

  it('opens a search from its address, the field showing it', async () => {
    const asked = queueServer(QUEUE);
    renderApp('/ops/verifications?q=%EC%B5%9C%EC%9C%A0%EB%82%98');
    expect(await screen.findByRole('img', { name: '최유나(@student4) 학생증 사진' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '학생 검색' })).toHaveValue('최유나');
    expect(asked).toEqual(['?status=pending&q=%EC%B5%9C%EC%9C%A0%EB%82%98']);
  });

  it('walks with J past the last student loaded into the next page, the focus following, and loads more with 더 보기', async () => {
    const asked = queueServer(QUEUE);
    const ui = renderApp('/ops/verifications');
    await screen.findByRole('img', { name: /김민지/ });
    expect(within(queueList()).getAllByRole('button')).toHaveLength(2);
    expect(asked).toEqual(['?status=pending']);

    await ui.user.click(within(queueList()).getByRole('button', { name: /이서준/ }));
    await ui.user.keyboard('j');
    // The next page came, and the operator stands on its first student.
    expect(await screen.findByRole('img', { name: '박지우(@student3) 학생증 사진' })).toBeInTheDocument();
    expect(asked).toEqual(['?status=pending', '?status=pending&cursor=2']);
    expect(within(queueList()).getAllByRole('button').map((b) => b.textContent)).toEqual([
      expect.stringContaining('김민지'),
      expect.stringContaining('이서준'),
      expect.stringContaining('박지우'),
      expect.stringContaining('최유나'),
    ]);
    await waitFor(() => expect(selected()).toHaveFocus());
    expect(selected()).toHaveTextContent('박지우');
    expect(screen.getByText('3 / 5')).toBeInTheDocument();

    await ui.user.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(within(queueList()).getAllByRole('button')).toHaveLength(5));
    expect(asked.at(-1)).toBe('?status=pending&cursor=4');
    // The whole queue is loaded: nothing more to ask for, and J stops at the last student.
    expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();
    await ui.user.keyboard('jjjj');
    expect(selected()).toHaveTextContent('정하늘');
    expect(screen.getByRole('button', { name: '다음 학생' })).toHaveAttribute('aria-disabled', 'true');
    expect(asked).toHaveLength(3);
  });

  it('goes on to the next page’s first student after deciding the last one loaded', async () => {
    queueServer(QUEUE);
    const ui = renderApp('/ops/verifications');
    await screen.findByRole('img', { name: /김민지/ });
    await ui.user.click(within(queueList()).getByRole('button', { name: /이서준/ }));
    await ui.user.keyboard('a');
    // Off the screen at once, while its approval can still be taken back (5 s): the next page's first is next.
    expect(await screen.findByRole('status')).toHaveTextContent('이서준 승인 · 되돌리기 (5초)');
    expect(await screen.findByRole('img', { name: '박지우(@student3) 학생증 사진' })).toBeInTheDocument();
    expect(selected()).toHaveTextContent('박지우');
    expect(queueList()).toHaveAccessibleName('확인 대기 4명');
  });

  it('says nothing of today for a queue answered without an operator', async () => {
    queueServer(QUEUE, { decided_today: null });
    renderApp('/ops/verifications');
    expect(await screen.findByText('대기 5건 · 가장 오래 기다린 카드 5시간 전')).toBeInTheDocument();
  });
});
