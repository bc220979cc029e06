import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backToRealTimers } from '../history-back';
import { server } from '../msw/server';
import { renderApp } from '../render-app';

const student = (id: number, name: string, extra: object = {}) => ({
  id,
  username: `student${id}`,
  name,
  school: '한빛대학교',
  phone: `0101234000${id}`,
  email: `student${id}@hanbit.ac.kr`,
  status: 'pending',
  reason: null,
  card_submitted_at: `2026-03-0${id}T01:00:00.000Z`,
  verified_at: null,
  card_deleted_at: null,
  previous_card: null,
  ...extra,
});
const MINJI = student(1, '김민지');
const SEOJUN = student(2, '이서준');
const JIWOO = student(3, '박지우');

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);

interface Seen {
  lists: string[];
  cards: { id: string; auth: string | null }[];
  decisions: { path: string; body: Record<string, unknown> }[];
}

/** The queue's endpoints over a server-side list that decisions take students out of, recording what was asked. */
function queueServer(initial: object[], decide?: (path: string, body: Record<string, unknown>) => Response | undefined) {
  let queue = [...initial] as { id: number; status: string }[];
  const seen: Seen = { lists: [], cards: [], decisions: [] };
  server.use(
    http.get('/api/ops/verifications/', ({ request }) => {
      const url = new URL(request.url);
      seen.lists.push(url.search);
      const results = queue.filter((s) => s.status === url.searchParams.get('status'));
      return HttpResponse.json({ results, next_cursor: null, total: results.length, oldest_submitted_at: null, decided_today: 0 });
    }),
    http.get('/api/ops/verifications/:id/card', ({ request, params }) => {
      seen.cards.push({ id: String(params.id), auth: request.headers.get('authorization') });
      return new HttpResponse(JPEG, { headers: { 'Content-Type': 'image/jpeg' } });
    }),
    http.post('/api/ops/verifications/:id/:decision/', async ({ request, params }) => {
      const path = new URL(request.url).pathname;
      const body = (await request.json()) as Record<string, unknown>;
      seen.decisions.push({ path, body });
      const refused = decide?.(path, body);
      if (refused) return refused;
      queue = queue.filter((s) => s.id !== Number(params.id));
      const approved = params.decision === 'approve';
      return HttpResponse.json({ id: Number(params.id), status: approved ? 'approved' : 'rejected', reason: approved ? null : body.reason, verified_at: '2026-03-03T02:00:00.000Z' });
    }),
  );
  return { seen, replace: (list: typeof initial) => (queue = [...list] as typeof queue) };
}

const selected = () => screen.getByRole('button', { current: true });
const outcome = () => screen.getByRole('status');
/** The undo window's clock: only the countdown's interval is faked, so requests and waits run as ever. */
const fakeCountdown = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
const seconds = (n: number) =>
  act(() => {
    vi.advanceTimersByTime(n * 1000);
  });
const panelTitle = () => screen.getByRole('heading', { level: 2, name: /@student/ });

afterEach(backToRealTimers);

beforeEach(() => {
  sessionStorage.setItem('partyon.ops.session', JSON.stringify({ token: 'ops_token', operator: { id: 1, username: 'ops_demo' } }));
});

describe('/ops/verifications', () => {
  it('shows the waiting students oldest first, the first one’s card (fetched with the operator’s token) beside who they are', async () => {
    const { seen } = queueServer([MINJI, SEOJUN]);
    renderApp('/ops/verifications');
    const card = await screen.findByRole('img', { name: '김민지(@student1) 학생증 사진' });
    expect(card.getAttribute('src')).toMatch(/^blob:/);
    expect(seen.cards).toEqual([{ id: '1', auth: 'Bearer ops_token' }]);
    expect(seen.lists).toEqual(['?status=pending']);

    const queue = screen.getByRole('list', { name: '확인 대기 2명' });
    expect(within(queue).getAllByRole('button').map((b) => b.textContent)).toEqual([expect.stringContaining('김민지'), expect.stringContaining('이서준')]);
    expect(selected()).toHaveTextContent('김민지');
    expect(screen.getByText('한빛대학교', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('010-1234-0001')).toBeInTheDocument();
    expect(screen.getByText('student1@hanbit.ac.kr')).toBeInTheDocument();
    expect(screen.getByText('2026년 3월 1일 10:00')).toBeInTheDocument();
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
  });

  it('approves the card the operator saw, says so, and moves on to the next student', async () => {
    const { seen } = queueServer([MINJI, SEOJUN]);
    const ui = renderApp('/ops/verifications');
    await screen.findByRole('img', { name: /김민지/ });
    fakeCountdown();
    await ui.user.click(screen.getByRole('button', { name: '승인' }));

    // The next card at once; the server hears nothing while the approval can still be taken back.
    expect(outcome()).toHaveTextContent('김민지 승인 · 되돌리기 (5초)');
    expect(await screen.findByRole('img', { name: '이서준(@student2) 학생증 사진' })).toBeInTheDocument();
    expect(selected()).toHaveTextContent('이서준');
    expect(screen.getByRole('list', { name: '확인 대기 1명' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '승인' })).toHaveFocus();
    seconds(4);
    expect(outcome()).toHaveTextContent('김민지 승인 · 되돌리기 (1초)');
    expect(seen.decisions).toEqual([]);

    seconds(1);
    expect(await screen.findByText('김민지(@student1) 학생을 승인했습니다.')).toBeInTheDocument();
    expect(seen.decisions).toEqual([{ path: '/api/ops/verifications/1/approve/', body: { card_submitted_at: MINJI.card_submitted_at } }]);
    seconds(10);
    expect(seen.decisions).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '되돌리기' })).not.toBeInTheDocument();
  });

  it('takes an approval back within 5 seconds (되돌리기, U or Ctrl+Z): the card returns where it was, selected, and nothing reaches the server', async () => {
    const { seen } = queueServer([MINJI, SEOJUN, JIWOO]);
    const ui = renderApp('/ops/verifications');
    await screen.findByRole('img', { name: /김민지/ });
    await ui.user.keyboard('j');
    expect(await screen.findByRole('img', { name: /이서준/ })).toBeInTheDocument();
    fakeCountdown();

    await ui.user.keyboard('a');
    await waitFor(() => expect(panelTitle()).toHaveTextContent('박지우'));
    seconds(4);
    await ui.user.click(screen.getByRole('button', { name: '되돌리기' }));
    expect(panelTitle()).toHaveTextContent('이서준');
    expect(selected()).toHaveTextContent('이서준');
    expect(within(screen.getByRole('list', { name: '확인 대기 3명' })).getAllByRole('button').map((b) => b.textContent)).toEqual([
      expect.stringContaining('김민지'),
      expect.stringContaining('이서준'),
      expect.stringContaining('박지우'),
    ]);
    expect(outcome()).toHaveTextContent('이서준(@student2) 학생의 승인을 되돌렸습니다.');
    // The button that was pressed is gone: the focus is on the card back on screen, never on <body>.
    expect(screen.getByRole('button', { name: '승인' })).toHaveFocus();

    for (const undo of ['u', '{Control>}z{/Control}', 'ㅕ']) {
      await ui.user.keyboard('a');
      await waitFor(() => expect(panelTitle()).toHaveTextContent('박지우'));
      if (undo === 'ㅕ') fireEvent.keyDown(document.body, { key: 'ㅕ', code: 'KeyU' });
      else await ui.user.keyboard(undo);
      expect(panelTitle()).toHaveTextContent('이서준');
    }
    seconds(30);
    expect(seen.decisions).toEqual([]);
  });

  it('sends a waiting approval first, once, when the next card is decided', async () => {
    const { seen } = queueServer([MINJI, SEOJUN, JIWOO]);
    const ui = renderApp('/ops/verifications');
    await screen.findByRole('img', { name: /김민지/ });
    fakeCountdown();
    await ui.user.keyboard('a');
    await waitFor(() => expect(panelTitle()).toHaveTextContent('이서준'));
    expect(seen.decisions).toEqual([]);
    await ui.user.keyboard('a');
    await waitFor(() => expect(seen.decisions.map((d) => d.path)).toEqual(['/api/ops/verifications/1/approve/']));
    expect(outcome()).toHaveTextContent('이서준 승인 · 되돌리기 (5초)');
    await waitFor(() => expect(panelTitle()).toHaveTextContent('박지우'));

    // A rejection sends the waiting approval before itself.
    await ui.user.keyboard('r');
    await ui.user.keyboard('2');
    await ui.user.keyboard('{Enter}');
    await waitFor(() => expect(seen.decisions).toHaveLength(3));
    expect(seen.decisions.map((d) => d.path)).toEqual(['/api/ops/verifications/1/approve/', '/api/ops/verifications/2/approve/', '/api/ops/verifications/3/reject/']);
    seconds(10);
    expect(seen.decisions).toHaveLength(3);
  });

  it('sends a waiting approval with keepalive and the operator’s token when the tab is hidden or closed, once', async () => {
    const { seen } = queueServer([MINJI, SEOJUN]);
    const sent = vi.spyOn(globalThis, 'fetch');
    const ui = renderApp('/ops/verifications');
    await screen.findByRole('img', { name: /김민지/ });
    fakeCountdown();
    await ui.user.keyboard('a');
    await waitFor(() => expect(panelTitle()).toHaveTextContent('이서준'));
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(seen.decisions).toHaveLength(1));
    const post = sent.mock.calls.find(([url]) => String(url).includes('/approve/'));
    expect(post?.[1]).toMatchObject({ method: 'POST', keepalive: true });
    expect(new Headers(post?.[1]?.headers).get('authorization')).toBe('Bearer ops_token');
    seconds(10);
    expect(seen.decisions).toHaveLength(1);
  });

  it('rejects with a preset reason by keys alone: R opens the reasons, a number picks, Enter sends; the focus lands on the next card', async () => {
    const { seen } = queueServer([MINJI, SEOJUN]);
    const ui = renderApp('/ops/verifications');
    await screen.findByRole('img', { name: /김민지/ });
    await ui.user.keyboard('r');
    const reasons = screen.getByRole('group', { name: '반려 사유 고르기' });
    expect(within(reasons).getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual(['1 흐림·식별 불가', '2 이름 불일치', '3 타 학교', '4 학생증 아님', '5 유효기간 지남', '6 기타']);
    expect(within(reasons).getAllByRole('radio')[0]).toHaveFocus();
    // Enter with nothing picked asks for a pick, and sends nothing.
    await ui.user.keyboard('{Enter}');
    expect(await screen.findByText('반려 사유를 골라 주세요.')).toBeInTheDocument();
    expect(seen.decisions).toEqual([]);

    await ui.user.keyboard('3');
    expect(within(reasons).getByRole('radio', { name: /타 학교/ })).toBeChecked();
    expect(within(reasons).getByRole('radio', { name: /타 학교/ })).toHaveFocus();
    // 한글 mode: the number row still picks.
    fireEvent.keyDown(within(reasons).getByRole('radio', { name: /타 학교/ }), { key: '@', code: 'Digit2' });
    expect(within(reasons).getByRole('radio', { name: /이름 불일치/ })).toBeChecked();
    await ui.user.keyboard('{Enter}');
    expect(await screen.findByText('김민지(@student1) 학생을 반려했습니다.')).toBeInTheDocument();
    expect(seen.decisions).toEqual([{ path: '/api/ops/verifications/1/reject/', body: { reason: '이름 불일치', card_submitted_at: MINJI.card_submitted_at } }]);
    await waitFor(() => expect(panelTitle()).toHaveTextContent('이서준'));
    await waitFor(() => expect(screen.getByRole('button', { name: '승인' })).toHaveFocus());
    // The next student starts with nothing picked.
    await ui.user.keyboard('r');
    expect(within(screen.getByRole('group', { name: '반려 사유 고르기' })).getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
  });

  it('writes its own reason under 기타 (6), sent with Ctrl+Enter; Escape closes the reasons and gives the focus back to 반려', async () => {
    const { seen } = queueServer([MINJI, SEOJUN]);
    const ui = renderApp('/ops/verifications');
    await screen.findByRole('img', { name: /김민지/ });
    await ui.user.keyboard('r');
    await ui.user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: '반려 사유 고르기' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '반려...' })).toHaveFocus());

    await ui.user.keyboard('{Enter}');
    await ui.user.keyboard('6');
    const field = await screen.findByRole('textbox', { name: '기타 사유' });
    await waitFor(() => expect(field).toHaveFocus());
    await ui.user.keyboard('{Control>}{Enter}{/Control}');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('반려 사유를 입력해 주세요.'));
    expect(field).toHaveFocus();
    // Plain Enter is a new line in the reason; Ctrl+Enter sends it.
    await ui.user.type(field, '  사진이 잘렸습니다{Enter}다시 찍어 주세요 ');
    await ui.user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('김민지(@student1) 학생을 반려했습니다.')).toBeInTheDocument();
    expect(seen.decisions).toEqual([{ path: '/api/ops/verifications/1/reject/', body: { reason: '사진이 잘렸습니다\n다시 찍어 주세요', card_submitted_at: MINJI.card_submitted_at } }]);
  });

  it('refuses a reason longer than the limit with the server’s rule, keeping what was typed', async () => {
    const { seen } = queueServer([MINJI]);
    const ui = renderApp('/ops/verifications');
    await screen.findByRole('img', { name: /김민지/ });
    await ui.user.click(screen.getByRole('button', { name: '반려...' }));
    await ui.user.click(screen.getByRole('radio', { name: /기타/ }));
    const field = screen.getByRole('textbox', { name: '기타 사유' });
    await ui.user.click(field);
    await ui.user.paste('가'.repeat(201));
    await ui.user.click(screen.getByRole('button', { name: '반려' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('반려 사유는 200자까지 쓸 수 있습니다.'));
    expect(field).toHaveValue('가'.repeat(201));
    expect(seen.decisions).toEqual([]);
  });

  it('shows why a decision was refused (a new card came meanwhile), reloads the queue with the new card and keeps the reason', async () => {
    const renewed = { ...MINJI, card_submitted_at: '2026-03-03T05:00:00.000Z' };
    const api = queueServer([MINJI, SEOJUN], (_path, body) => {
      if (body.card_submitted_at === renewed.card_submitted_at) return undefined;
      api.replace([renewed, SEOJUN]);
      return HttpResponse.json({ detail: '학생이 학생증을 새로 보냈습니다. 새 사진을 확인한 뒤 다시 결정해 주세요.' }, { status: 409 });
    });
    const ui = renderApp('/ops/verifications');
    await screen.findByRole('img', { name: /김민지/ });
    await ui.user.click(screen.getByRole('button', { name: '반려...' }));
    await ui.user.click(screen.getByRole('radio', { name: /타 학교/ }));
    await ui.user.click(screen.getByRole('button', { name: '반려' }));

    expect(await screen.findByRole('status')).toHaveTextContent('학생이 학생증을 새로 보냈습니다. 새 사진을 확인한 뒤 다시 결정해 주세요.');
    // The queue again from the server, and the new card fetched for the same student, still on screen.
    expect(await screen.findByText('2026년 3월 3일 14:00')).toBeInTheDocument();
    await waitFor(() => expect(api.seen.cards.map((c) => c.id)).toEqual(['1', '1']));
    expect(api.seen.lists).toHaveLength(2);
    expect(panelTitle()).toHaveTextContent('김민지');
    expect(screen.getByRole('radio', { name: /타 학교/ })).toBeChecked();

    await ui.user.click(screen.getByRole('button', { name: '반려' }));
    expect(await screen.findByRole('status')).toHaveTextContent('김민지(@student1) 학생을 반려했습니다.');
    expect(api.seen.decisions.at(-1)?.body.card_submitted_at).toBe(renewed.card_submitted_at);
  });

  it('pages with J/K and the arrows, approves with A and opens the reasons with R', async () => {
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    const { seen } = queueServer([MINJI, SEOJUN, JIWOO]);
    const ui = renderApp('/ops/verifications');
    const first = await screen.findByRole('img', { name: /김민지/ });
    const firstUrl = first.getAttribute('src');

    await ui.user.keyboard('j');
    expect(await screen.findByRole('img', { name: /이서준/ })).toBeInTheDocument();
    // The card no longer on screen is let go.
    expect(revoked).toHaveBeenCalledWith(firstUrl);
    await ui.user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('img', { name: /박지우/ })).toBeInTheDocument();
    await ui.user.keyboard('{ArrowDown}');
    expect(panelTitle()).toHaveTextContent('박지우');
    await ui.user.keyboard('k');
    await ui.user.keyboard('{ArrowUp}');
    expect(await screen.findByRole('img', { name: /김민지/ })).toBeInTheDocument();
    expect(selected()).toHaveTextContent('김민지');

    fakeCountdown();
    await ui.user.keyboard('a');
    await waitFor(() => expect(panelTitle()).toHaveTextContent('이서준'));
    seconds(5);
    expect(await screen.findByText('김민지(@student1) 학생을 승인했습니다.')).toBeInTheDocument();
    expect(seen.decisions.map((d) => d.path)).toEqual(['/api/ops/verifications/1/approve/']);

    await ui.user.keyboard('r');
    expect(screen.getByRole('radio', { name: /흐림/ })).toHaveFocus();
  });

  it('never takes a key the operator types into a field as a shortcut', async () => {
    const { seen } = queueServer([MINJI, SEOJUN]);
    const ui = renderApp('/ops/verifications');
    await screen.findByRole('img', { name: /김민지/ });
    await ui.user.keyboard('r6');
    const field = await screen.findByRole('textbox', { name: '기타 사유' });
    await ui.user.type(field, 'jar k123');
    expect(field).toHaveValue('jar k123');
    await ui.user.clear(field);
    await ui.user.type(field, 'jar k');
    expect(field).toHaveValue('jar k');
    expect(panelTitle()).toHaveTextContent('김민지');
    expect(seen.decisions).toEqual([]);
    // The status select keeps its arrows too.
    screen.getByRole('combobox', { name: '상태' }).focus();
    await ui.user.keyboard('{ArrowDown}');
    expect(panelTitle()).toHaveTextContent('김민지');
  });

  it('moves the keyboard focus along the list when paging from a student’s button', async () => {
    queueServer([MINJI, SEOJUN]);
    const ui = renderApp('/ops/verifications');
    await screen.findByRole('img', { name: /김민지/ });
    await ui.user.click(within(screen.getByRole('list', { name: '확인 대기 2명' })).getByRole('button', { name: /김민지/ }));
    await ui.user.keyboard('j');
    await waitFor(() => expect(selected()).toHaveFocus());
    expect(selected()).toHaveTextContent('이서준');
  });

  it('looks up the rejected students with their reason, without decisions', async () => {
    const { seen } = queueServer([student(4, '최유나', { status: 'rejected', reason: '학생증이 아닙니다', verified_at: '2026-03-04T03:00:00.000Z' })]);
    const ui = renderApp('/ops/verifications');
    expect(await screen.findByText('확인을 기다리는 학생증이 없습니다.')).toBeInTheDocument();
    await ui.user.selectOptions(screen.getByRole('combobox', { name: '상태' }), '반려');
    await expect.poll(() => ui.currentPath()).toBe('/ops/verifications?status=rejected');
    await expect.poll(() => seen.lists.at(-1)).toBe('?status=rejected');
    expect(await screen.findByRole('img', { name: '최유나(@student4) 학생증 사진' })).toBeInTheDocument();
    expect(screen.getByText('학생증이 아닙니다')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '승인' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '반려 사유' })).not.toBeInTheDocument();
  });

  it('says when nobody waits, and lists the keyboard shortcuts', async () => {
    queueServer([]);
    renderApp('/ops/verifications');
    expect(await screen.findByText('확인을 기다리는 학생증이 없습니다.')).toBeInTheDocument();
    const keys = screen.getByRole('region', { name: '단축키' });
    expect(keys).toHaveTextContent('J / ↓ 다음 학생');
    expect(keys).toHaveTextContent('A 승인');
    expect(keys).toHaveTextContent('U / Ctrl+Z 승인 되돌리기 (5초 안에)');
    expect(keys).toHaveTextContent('R 반려 사유 고르기');
    expect(keys).toHaveTextContent('1~6 사유 선택');
    expect(keys).toHaveTextContent('+ / - / 0 사진 확대 · 축소 · 원래대로');
    expect(keys).toHaveTextContent('[ / ] 사진 회전');
  });

  it('is reached from the menu and from the dashboard’s waiting cards', async () => {
    queueServer([]);
    server.use(http.get('/api/ops/dashboard/', () => HttpResponse.json({ day: '2026-03-03', today: [], upcoming: [], pending_verifications: 3, pending_reports: 0 })));
    const ui = renderApp('/ops');
    await ui.user.click(await screen.findByRole('link', { name: '확인을 기다리는 학생증' }));
    expect(await screen.findByRole('heading', { level: 1, name: '학생증 확인' })).toBeInTheDocument();
    expect(ui.currentPath()).toBe('/ops/verifications');
    expect(screen.getByRole('link', { name: '학생증 확인' })).toHaveAttribute('aria-current', 'page');
  });

  it('says 삭제됨 for a card the retention sweep deleted, keeping the decision, and never asks for it', async () => {
    const decided = student(4, '최유나', { status: 'approved', verified_at: '2026-01-05T01:00:00.000Z', card_deleted_at: '2026-02-04T01:00:00.000Z' });
    const { seen } = queueServer([decided]);
    renderApp('/ops/verifications?status=approved');
    expect(await screen.findByText('삭제됨')).toBeInTheDocument();
    expect(screen.getByText(/보관 기간이 지나 .*학생증 사진을 삭제했습니다\. 확인 결과는 남아 있습니다\./)).toBeInTheDocument();
    expect(screen.getByText('처리 시각')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(seen.cards).toEqual([]);
  });

  it('zooms and turns the card by keys, buttons and the wheel; the next card starts fitted and upright', async () => {
    queueServer([MINJI, SEOJUN]);
    const ui = renderApp('/ops/verifications');
    const card = await screen.findByRole('img', { name: /김민지/ });
    const frame = () => screen.getByRole('img', { name: /학생증 사진/ }).closest<HTMLElement>('[data-zoom]')!;
    expect(frame()).toHaveAttribute('data-zoom', '1');
    await ui.user.keyboard('++');
    expect(frame()).toHaveAttribute('data-zoom', '2');
    await ui.user.keyboard('-');
    expect(frame()).toHaveAttribute('data-zoom', '1.5');
    await ui.user.keyboard('0');
    expect(frame()).toHaveAttribute('data-zoom', '1');
    await ui.user.keyboard(']');
    expect(frame()).toHaveAttribute('data-turn', '90');
    // user-event's '[[' is one [ key.
    await ui.user.keyboard('[[[[');
    expect(frame()).toHaveAttribute('data-turn', '270');
    await ui.user.click(screen.getByRole('button', { name: '오른쪽으로 회전' }));
    expect(frame()).toHaveAttribute('data-turn', '0');
    await ui.user.click(screen.getByRole('button', { name: '확대' }));
    expect(screen.getByText('150%')).toBeInTheDocument();
    fireEvent.wheel(card, { deltaY: -100 });
    expect(frame()).toHaveAttribute('data-zoom', '2');
    fireEvent.wheel(card, { deltaY: 100 });
    expect(frame()).toHaveAttribute('data-zoom', '1.5');

    await ui.user.keyboard('j');
    await screen.findByRole('img', { name: /이서준/ });
    expect(frame()).toHaveAttribute('data-zoom', '1');
    expect(frame()).toHaveAttribute('data-turn', '0');
  });

  it('shows a resubmission’s rejected card beside the new one, with when each was sent and why it was rejected', async () => {
    const again = student(5, '정하린', {
      card_submitted_at: '2026-03-05T01:00:00.000Z',
      previous_card: { submitted_at: '2026-03-02T01:00:00.000Z', status: 'rejected', reason: '흐림·식별 불가', decided_at: '2026-03-03T02:30:00.000Z' },
    });
    const { seen } = queueServer([again]);
    server.use(
      http.get('/api/ops/verifications/:id/previous-card', ({ request, params }) => {
        seen.cards.push({ id: `${String(params.id)} previous`, auth: request.headers.get('authorization') });
        return new HttpResponse(JPEG, { headers: { 'Content-Type': 'image/jpeg' } });
      }),
    );
    renderApp('/ops/verifications');
    const current = await screen.findByRole('region', { name: /지금 학생증/ });
    expect(current).toHaveTextContent('제출 2026년 3월 5일 10:00');
    expect(await within(current).findByRole('img', { name: '정하린(@student5) 학생증 사진' })).toBeInTheDocument();
    const previous = screen.getByRole('region', { name: /이전 학생증/ });
    expect(previous).toHaveTextContent('제출 2026년 3월 2일 10:00');
    expect(previous).toHaveTextContent('2026년 3월 3일 11:30 반려 · 흐림·식별 불가');
    expect(await within(previous).findByRole('img', { name: '정하린(@student5) 이전 학생증 사진' })).toBeInTheDocument();
    expect(seen.cards).toEqual(expect.arrayContaining([{ id: '5', auth: 'Bearer ops_token' }, { id: '5 previous', auth: 'Bearer ops_token' }]));
  });
});
