import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameRound, Question } from '../../src/shared/live';
import { backToRealTimers } from './history-back';
import { FakeSocket } from './live-fake-socket';
import { server } from './msw/server';
import { renderApp, signInAs } from './render-app';

// jsdom has no canvas: Konva's nodes become plain elements, so the gauge's labels can still be read. Each label is
// drawn twice (dark on the track, white on the bars); the white copies are the ones counted.
vi.mock('react-konva/lib/ReactKonvaCore', () => ({
  Stage: ({ children }: { children: ReactNode }) => <div data-testid="gauge-stage">{children}</div>,
  Layer: ({ children }: { children: ReactNode }) => <>{children}</>,
  Group: ({ children }: { children: ReactNode }) => <>{children}</>,
  Rect: () => null,
  Text: ({ text, fill }: { text: string; fill: string }) => (fill === '#ffffff' ? <span data-testid="gauge-label">{text}</span> : null),
}));

const q = (id: number, extra: Partial<Question> = {}): Question => ({
  id,
  a_text: `A안 ${id}`,
  b_text: `B안 ${id}`,
  vote_a_count: 0,
  vote_b_count: 0,
  has_voted: false,
  ...extra,
});
const ROUND: GameRound = { id: 3, party_id: 5, questions: [q(11), q(12), q(13), q(14), q(15)] };

function serveRound(round: GameRound | (() => GameRound), status = 200) {
  let calls = 0;
  server.use(
    http.get('/api/v1/game/rounds/:id/', () => {
      calls += 1;
      return HttpResponse.json(typeof round === 'function' ? round() : round, { status });
    }),
  );
  return () => calls;
}

function serveVote(body: JsonBodyType, status = 201, gate?: Promise<void>) {
  const votes: unknown[] = [];
  server.use(
    http.post('/api/v1/game/questions/:id/vote/', async ({ params, request }) => {
      votes.push({ id: Number(params.id), ...((await request.json()) as object) });
      await gate;
      return HttpResponse.json(body, { status });
    }),
  );
  return votes;
}

const current = () => screen.getAllByRole('group').find((g) => g.getAttribute('aria-hidden') !== 'true')!;

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
  signInAs();
});
afterEach(async () => {
  await backToRealTimers();
  vi.unstubAllGlobals();
});

/** The round's GET waits until the returned function is called, so a test can look at the screen before it. */
function holdRoundAnswer(): () => void {
  let answer = () => undefined as void;
  const gate = new Promise<void>((resolve) => (answer = resolve));
  server.use(
    http.get('/api/v1/game/rounds/:id/', async () => {
      await gate;
      return HttpResponse.json(ROUND);
    }),
  );
  return answer;
}

describe('/balancegame/:roundId', () => {
  it('a socket resync that arrives before the round itself does not leave the screen loading', async () => {
    const answer = holdRoundAnswer();
    renderApp('/balancegame/3');
    expect(await screen.findByText('질문을 불러오는 중...')).toBeInTheDocument();
    const socket = await FakeSocket.opened();
    socket.open();
    // What the server sends every socket on connect: the counts of each question.
    for (const question of ROUND.questions) {
      socket.push({ type: 'vote_update', data: { question_id: question.id, vote_a_count: 0, vote_b_count: 0 } });
    }
    answer();
    expect(await screen.findByText('1 / 5')).toBeInTheDocument();
  });

  it('shows the loading text, then the first question with its counter, prompt, VS and progress', async () => {
    const answer = holdRoundAnswer();
    renderApp('/balancegame/3');
    expect(await screen.findByText('질문을 불러오는 중...')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('1 / 5')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '둘 중 하나만 고른다면?' })).toBeInTheDocument();
    const slide = current();
    expect(within(slide).getByRole('button', { name: /A안 11/ })).toBeEnabled();
    expect(within(slide).getByRole('button', { name: /B안 11/ })).toBeEnabled();
    expect(within(slide).getByRole('img', { name: 'VS' })).toBeInTheDocument();
    expect(within(slide).getByText('0명 참여')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect((await FakeSocket.opened()).url).toMatch(/^ws:\/\/.+\/ws\/game\/round\/3\/\?token=access-1$/);
  });

  it('moves between questions with the buttons and the arrow keys', async () => {
    serveRound(ROUND);
    const ui = renderApp('/balancegame/3');
    await ui.user.click(await screen.findByRole('button', { name: '다음 질문' }));
    expect(screen.getByText('2 / 5')).toBeInTheDocument();
    expect(within(current()).getByRole('button', { name: /A안 12/ })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    await ui.user.keyboard('{ArrowRight}');
    expect(screen.getByText('3 / 5')).toBeInTheDocument();
    await ui.user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(screen.getByText('1 / 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '이전 질문' })).toBeDisabled();
  });

  it('disables both buttons with 투표 중... while voting, ignores a second tap, then keeps them disabled', async () => {
    serveRound(ROUND);
    let answer = () => undefined as void;
    const votes = serveVote({ question_id: 11, vote_a_count: 1, vote_b_count: 0, has_voted: true }, 201, new Promise((r) => (answer = r)));
    const ui = renderApp('/balancegame/3');
    const a = await screen.findByRole('button', { name: /A안 11/ });
    const b = within(current()).getByRole('button', { name: /B안 11/ });
    await ui.user.click(a);
    expect(within(current()).getByText('투표 중...')).toBeInTheDocument();
    expect(a).toBeDisabled();
    expect(b).toBeDisabled();
    await ui.user.click(b); // disabled: nothing is sent
    answer();
    expect(await within(current()).findByText('A 1표 (100%), B 0표 (0%)')).toBeInTheDocument();
    expect(within(current()).getByText('1명 참여')).toBeInTheDocument();
    expect(within(current()).queryByText('투표 중...')).not.toBeInTheDocument();
    expect(a).toBeDisabled();
    expect(b).toBeDisabled();
    expect(votes).toEqual([{ id: 11, choice: 'A' }]);
  });

  it('comes back where the student left off: on the first question without their vote, the earlier one still marked and closed', async () => {
    serveRound({ ...ROUND, questions: [q(11, { has_voted: true, my_choice: 'B', vote_b_count: 2 }), q(12)] });
    const ui = renderApp('/balancegame/3');
    expect(await screen.findByText('2 / 2')).toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: '이전 질문' }));
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    const a = within(current()).getByRole('button', { name: /A안 11/ });
    const b = screen.getByRole('button', { name: /B안 11/ });
    expect(a).toBeDisabled();
    expect(b).toBeDisabled();
    // After a reload the server's my_choice says which side was taken.
    expect(b).toHaveAttribute('aria-pressed', 'true');
    expect(b).toHaveTextContent('내 선택');
    expect(a).toHaveAttribute('aria-pressed', 'false');
    expect(a).not.toHaveTextContent('내 선택');
  });

  it('marks the chosen side from the tap on, while the results come in', async () => {
    serveRound(ROUND);
    let answer = () => undefined as void;
    serveVote({ question_id: 11, vote_a_count: 0, vote_b_count: 1, has_voted: true }, 201, new Promise((r) => (answer = r)));
    const ui = renderApp('/balancegame/3');
    const a = await screen.findByRole('button', { name: /A안 11/ });
    const b = within(current()).getByRole('button', { name: /B안 11/ });
    expect(b).not.toHaveAttribute('aria-pressed');
    await ui.user.click(b);
    expect(b).toHaveAttribute('aria-pressed', 'true');
    expect(b).toHaveTextContent('내 선택');
    answer();
    expect(await within(current()).findByText('투표 완료! 실시간 결과를 확인해 보세요.')).toBeInTheDocument();
    const socket = await FakeSocket.opened();
    socket.open();
    socket.push({ type: 'vote_update', data: { question_id: 11, vote_a_count: 3, vote_b_count: 1 } });
    expect(within(current()).getByText('4명 참여')).toBeInTheDocument();
    expect(b).toHaveAttribute('aria-pressed', 'true');
    expect(a).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the recap after the last vote: every question, its percentages and my side, then back to the assistant', async () => {
    const answered = { has_voted: true, vote_a_count: 3, vote_b_count: 1 };
    serveRound({ ...ROUND, questions: [q(11, { ...answered, my_choice: 'A' }), q(12, { ...answered, my_choice: 'B' }), q(13, { vote_a_count: 1, vote_b_count: 1 })] });
    serveVote({ question_id: 13, vote_a_count: 1, vote_b_count: 2, has_voted: true });
    const ui = renderApp('/balancegame/3');
    await ui.user.click(await screen.findByRole('button', { name: '다음 질문' }));
    await ui.user.click(screen.getByRole('button', { name: '다음 질문' }));
    await ui.user.click(within(current()).getByRole('button', { name: /B안 13/ }));

    const title = await screen.findByRole('heading', { name: '게임 결과' });
    expect(title).toHaveFocus();
    expect(screen.getByText('3개 질문 중 3개에 투표했어요.')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: '질문별 결과' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [first, second, third] = items;
    expect(within(first).getByRole('heading')).toHaveTextContent('질문 1 · 4명 참여');
    expect(within(first).getByText('A안 11').parentElement).toHaveTextContent('AA안 11내 선택75%');
    expect(within(first).getByText('B안 11').parentElement).toHaveTextContent('BB안 1125%');
    expect(within(first).getByText('4명 중 3명이 나와 같은 선택이에요.')).toBeInTheDocument();
    expect(within(second).getByText('B안 12').parentElement).toHaveTextContent('내 선택');
    expect(within(second).getByText('4명 중 1명이 나와 같은 선택이에요.')).toBeInTheDocument();
    expect(within(third).getByText('3명 중 2명이 나와 같은 선택이에요.')).toBeInTheDocument();
    expect(within(third).getByText('B안 13').parentElement).toHaveTextContent('BB안 13내 선택67%');
    expect(within(third).getByText('A안 13').parentElement).toHaveTextContent('33%');

    await ui.user.click(screen.getByRole('link', { name: '파티비서로 가기' }));
    expect(ui.currentPath()).toBe('/assist');
  });

  it('recaps on request before every vote is in, hides the results of those skipped, and goes back to the questions', async () => {
    serveRound({ ...ROUND, questions: [q(11, { has_voted: true, my_choice: 'A', vote_a_count: 1, vote_b_count: 1 }), q(12, { vote_a_count: 3, vote_b_count: 1 })] });
    serveVote({ question_id: 12, vote_a_count: 1, vote_b_count: 0, has_voted: true });
    const ui = renderApp('/balancegame/3');
    await ui.user.click(await screen.findByRole('button', { name: '다음 질문' }));
    await ui.user.click(screen.getByRole('button', { name: '결과 모아 보기' }));
    expect(await screen.findByText('2개 질문 중 1개에 투표했어요.')).toBeInTheDocument();
    const [first, second] = within(screen.getByRole('list', { name: '질문별 결과' })).getAllByRole('listitem');
    expect(within(first).getByText('2명 중 1명이 나와 같은 선택이에요.')).toBeInTheDocument();
    expect(within(first).getByText('A안 11').parentElement).toHaveTextContent('50%');
    expect(within(second).getByText('투표하지 않았어요. 투표하면 결과가 보여요.')).toBeInTheDocument();
    expect(within(second).queryByText('내 선택')).not.toBeInTheDocument();
    // The recap is no way around the veil: no percentages where I have not voted.
    expect(within(second).queryByText(/%/)).not.toBeInTheDocument();
    expect(within(second).getByRole('heading')).toHaveTextContent('질문 2 · 4명 참여');

    await ui.user.click(screen.getByRole('button', { name: '질문 다시 보기' }));
    await ui.user.click(within(current()).getByRole('button', { name: /A안 12/ }));
    // That was the last one missing: the recap comes back by itself.
    expect(await screen.findByText('2개 질문 중 2개에 투표했어요.')).toBeInTheDocument();
  });

  it('moves the gauge on vote_update and shows labels only above 10%', async () => {
    serveRound({ ...ROUND, questions: [q(11, { has_voted: true, my_choice: 'B' }), q(12)] });
    const ui = renderApp('/balancegame/3');
    await ui.user.click(await screen.findByRole('button', { name: '이전 질문' }));
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    const socket = await FakeSocket.opened();
    socket.open();
    socket.push({ type: 'vote_update', data: { question_id: 11, vote_a_count: 1, vote_b_count: 9 } });
    const slide = current();
    expect(within(slide).getByText('A 1표 (10%), B 9표 (90%)')).toBeInTheDocument();
    expect(within(slide).getByText('10명 참여')).toBeInTheDocument();
    expect(within(slide).getAllByTestId('gauge-label').map((l) => l.textContent)).toEqual(['90%']);

    socket.push({ type: 'vote_update', data: { question_id: 11, vote_a_count: 3, vote_b_count: 9 } });
    expect(within(slide).getAllByTestId('gauge-label').map((l) => l.textContent)).toEqual(['25%', '75%']);
    // Another question's update leaves this one alone; junk frames are ignored.
    socket.push({ type: 'vote_update', data: { question_id: 12, vote_a_count: 4, vote_b_count: 0 } });
    socket.push({ type: 'vote_update', data: { question_id: 11 } });
    expect(within(slide).getByText('12명 참여')).toBeInTheDocument();
  });

  it('polls the round every 10 s while the socket is closed, and stops once it reopens', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let a = 0;
    const calls = serveRound(() => ({ ...ROUND, questions: [q(11, { vote_a_count: a })] }));
    renderApp('/balancegame/3');
    await screen.findByText('1 / 1');
    (await FakeSocket.opened()).open();
    await act(async () => vi.advanceTimersByTimeAsync(25_000));
    expect(calls()).toBe(1);

    a = 2;
    FakeSocket.last().drop(1006);
    // Read once at once (is the server there?), then every 10 s.
    await vi.waitFor(() => expect(calls()).toBe(2));
    expect(await screen.findByText('2명 참여')).toBeInTheDocument();
    a = 3;
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(calls()).toBe(3);
    expect(await screen.findByText('3명 참여')).toBeInTheDocument();

    (await FakeSocket.opened(2)).open(); // the reconnect, 500 ms after the drop
    // Back: read once more for what the socket's greeting does not carry, then no more polling.
    await vi.waitFor(() => expect(calls()).toBe(4));
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(calls()).toBe(4);
  });

  it('hides a question’s results until I vote on it: only how many took part, then the gauge with the answer', async () => {
    serveRound(ROUND);
    serveVote({ question_id: 11, vote_a_count: 3, vote_b_count: 2, has_voted: true });
    const ui = renderApp('/balancegame/3');
    await screen.findByText('1 / 5');
    const socket = await FakeSocket.opened();
    socket.open();
    socket.push({ type: 'vote_update', data: { question_id: 11, vote_a_count: 3, vote_b_count: 1 } });
    const slide = current();
    expect(within(slide).getByText('투표하면 결과가 보여요')).toBeInTheDocument();
    expect(within(slide).getByText('4명 참여')).toBeInTheDocument();
    expect(within(slide).queryByText(/3표|%/)).not.toBeInTheDocument();
    expect(within(slide).queryByTestId('gauge-stage')).not.toBeInTheDocument();

    await ui.user.click(within(slide).getByRole('button', { name: /B안 11/ }));
    expect(await within(slide).findByText('A 3표 (60%), B 2표 (40%)')).toBeInTheDocument();
    expect(within(slide).getByTestId('gauge-stage')).toBeInTheDocument();
    expect(within(slide).queryByText('투표하면 결과가 보여요')).not.toBeInTheDocument();
    // The next question, not voted on, stays veiled.
    await ui.user.click(screen.getByRole('button', { name: '다음 질문' }));
    expect(within(current()).getByText('투표하면 결과가 보여요')).toBeInTheDocument();
  });

  it('shows its connection state, says when the server does not answer, and resyncs once the socket is back', async () => {
    let round: GameRound = ROUND;
    let down = false;
    server.use(http.get('/api/v1/game/rounds/:id/', () => (down ? HttpResponse.error() : HttpResponse.json(round))));
    renderApp('/balancegame/3');
    await screen.findByText('1 / 5');
    const status = screen.getByRole('status', { name: /실시간 연결 상태/ });
    expect(status).toHaveTextContent('연결 중...');
    (await FakeSocket.opened()).open();
    expect(status).toHaveTextContent('연결됨');
    expect(document.querySelector('.game__body--frozen')).toBeNull();

    down = true;
    FakeSocket.last().drop(1001);
    expect(status).toHaveTextContent('재연결 중...');
    // The round is read at once: the server does not answer either, so the results are said to have stopped.
    expect(await screen.findByText('서버에 연결할 수 없어 결과가 멈춰 있어요. 다시 연결하는 중이에요…')).toBeInTheDocument();
    expect(document.querySelector('.game__body--frozen')).not.toBeNull();

    // Meanwhile I voted on question 1 from another phone, and others voted: the reconnect brings both.
    down = false;
    round = { ...ROUND, questions: [q(11, { has_voted: true, my_choice: 'A', vote_a_count: 2, vote_b_count: 1 }), ...ROUND.questions.slice(1)] };
    const back = await FakeSocket.opened(2);
    back.open();
    back.push({ type: 'vote_update', data: { question_id: 11, vote_a_count: 2, vote_b_count: 1 } });
    expect(status).toHaveTextContent('연결됨');
    const a = within(current()).getByRole('button', { name: /A안 11/ });
    await vi.waitFor(() => expect(a).toHaveAttribute('aria-pressed', 'true'));
    expect(within(current()).getByText('A 2표 (67%), B 1표 (33%)')).toBeInTheDocument();
    expect(screen.queryByText(/결과가 멈춰 있어요/)).not.toBeInTheDocument();
    expect(document.querySelector('.game__body--frozen')).toBeNull();
  });

  it('says when a vote did not reach the server, and leaves the buttons open to try again', async () => {
    serveRound(ROUND);
    server.use(http.post('/api/v1/game/questions/:id/vote/', () => HttpResponse.error()));
    const ui = renderApp('/balancegame/3');
    const b = await screen.findByRole('button', { name: /B안 11/ });
    await ui.user.click(b);
    expect(await screen.findByText('서버에 연결되지 않아 투표하지 못했어요. 연결되면 다시 눌러 주세요.')).toBeInTheDocument();
    expect(b).toBeEnabled();
    expect(within(current()).getByText('투표하면 결과가 보여요')).toBeInTheDocument();
  });

  it.each([
    [404, '라운드를 찾을 수 없거나 종료되었습니다.'],
    [403, '파티 참가자만 접근할 수 있습니다.'],
    [500, '게임 데이터를 불러오지 못했습니다.'],
  ])('a round answered %i says so', async (status, text) => {
    serveRound({ detail: 'x' } as unknown as GameRound, status);
    renderApp('/balancegame/3');
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each([
    [403, { detail: 'x' }, '파티 참가자만 투표할 수 있습니다.'],
    [400, { detail: '이미 투표했습니다.' }, '이미 투표했습니다.'],
    [400, {}, '이미 투표했거나 잘못된 요청입니다.'],
    [500, {}, '투표 중 오류가 발생했습니다.'],
  ])('a vote answered %i says so', async (status, body, text) => {
    serveRound(ROUND);
    serveVote(body, status);
    const ui = renderApp('/balancegame/3');
    await ui.user.click(await screen.findByRole('button', { name: /B안 11/ }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('goes home with the back button', async () => {
    serveRound(ROUND);
    const ui = renderApp('/balancegame/3');
    await ui.user.click(await screen.findByRole('button', { name: '홈으로' }));
    expect(ui.currentPath()).toBe('/');
  });
});

describe('/balancegame/:roundId as a guest', () => {
  it('asks the guest to sign in, coming back to the round after, instead of reading it or opening a socket', async () => {
    localStorage.clear();
    sessionStorage.clear();
    let reads = 0;
    server.use(
      http.get('/api/v1/game/rounds/:id/', () => {
        reads += 1;
        return HttpResponse.json(ROUND);
      }),
    );
    const ui = renderApp('/balancegame/3');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('로그인');
    await ui.user.click(within(dialog).getByRole('button', { name: '로그인 / 회원가입' }));
    expect(ui.currentPath()).toBe('/login');
    expect(localStorage.getItem('redirectPath')).toBe('/balancegame/3');
    expect(reads).toBe(0);
    expect(FakeSocket.all).toHaveLength(0);
  });
});

describe('useVote', () => {
  it('ignores a repeated vote on a question while the first is in flight', async () => {
    const { renderHook, waitFor } = await import('@testing-library/react');
    const { useVote } = await import('../../src/client/game/use-vote');
    const votes = serveVote({ question_id: 11, vote_a_count: 1, vote_b_count: 0, has_voted: true }, 201);
    const voted = vi.fn();
    const { result } = renderHook(() => useVote(voted, () => undefined));
    await act(async () => {
      void result.current.vote(q(11), 'A');
      void result.current.vote(q(11), 'B');
    });
    await waitFor(() => expect(voted).toHaveBeenCalledTimes(1));
    expect(voted).toHaveBeenCalledWith(expect.objectContaining({ question_id: 11 }), 'A');
    expect(votes).toEqual([{ id: 11, choice: 'A' }]);
  });
});
