import { act, screen } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ParticipantEntry } from '../../src/shared/live';
import { backToRealTimers } from './history-back';
import { FakeSocket } from './live-fake-socket';
import { server } from './msw/server';
import { renderApp, signInAs } from './render-app';
import { CONDITION_TIMEOUT_MS } from './waits';

const entry = (id: number, userId: number, isStandby: boolean): ParticipantEntry => ({
  id,
  is_standby: isStandby,
  user: { id: userId, username: `user${userId}`, profile_image: null, intro: '', extra_setting: null },
});

function participants(list: ParticipantEntry[]) {
  server.use(http.get('/api/partyassist/standby/:id/participants/', () => HttpResponse.json(list)));
}

function toggleAnswers(body: JsonBodyType, status = 200, gate?: Promise<void>) {
  const calls: string[] = [];
  server.use(
    http.post('/api/partyassist/standby/:id/toggle/', async ({ params }) => {
      calls.push(String(params.id));
      await gate;
      return HttpResponse.json(body, { status });
    }),
  );
  return calls;
}

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
  signInAs();
  localStorage.setItem('user', JSON.stringify({ id: 7, username: 'minji_kim', name: '김민지' }));
  participants([entry(1, 7, false), entry(2, 8, true), entry(3, 9, false), entry(4, 10, false)]);
});
afterEach(async () => {
  await backToRealTimers();
  vi.unstubAllGlobals();
});

describe('/balancewait/:partyId', () => {
  it('connects to the party socket with the token and shows the live status and counts', async () => {
    renderApp('/balancewait/5');
    expect(await screen.findByRole('heading', { name: '파티 대기실' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('연결 중...');
    const socket = await FakeSocket.opened();
    expect(socket.url).toBe('ws://localhost:3000/ws/party/5/?token=access-1'.replace('localhost:3000', window.location.host));
    // Before the socket says anything, the participants list gives the counts.
    expect(await screen.findByText('4명')).toBeInTheDocument();
    expect(screen.getByText('1명')).toBeInTheDocument();

    socket.open();
    expect(screen.getByRole('status')).toHaveTextContent('연결됨');
    socket.push({ type: 'send_standby_update', data: { party_id: 5, standby_count: 3, participation_count: 6 } });
    expect(screen.getByText('6명')).toBeInTheDocument();
    expect(screen.getByText('3명')).toBeInTheDocument();
    // The lobby counts the paid participants, and says so (a seat awaiting payment cannot enter).
    expect(screen.getByText('참가 확정 인원').closest('div')).toHaveTextContent('참가 확정 인원6명');
  });

  it('toggles standby with a processing text and shows the server state', async () => {
    let answer = () => undefined as void;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const calls = toggleAnswers({ standby_count: 2, participation_count: 4, is_standby: true }, 200, gate);
    const ui = renderApp('/balancewait/5');
    await ui.user.click(await screen.findByRole('button', { name: '대기하기' }));
    const busy = screen.getByRole('button', { name: '처리 중...' });
    expect(busy).toBeDisabled();
    await ui.user.click(busy);
    answer();
    expect(await screen.findByRole('button', { name: '대기 취소' })).toBeEnabled();
    expect(screen.getByText('2명')).toBeInTheDocument();
    expect(calls).toEqual(['5']);

    toggleAnswers({ standby_count: 1, participation_count: 4, is_standby: false });
    await ui.user.click(screen.getByRole('button', { name: '대기 취소' }));
    expect(await screen.findByRole('button', { name: '대기하기' })).toBeInTheDocument();
  });

  it('shows the faces of who is on standby: from the list at first, then from each socket update and toggle', async () => {
    const face = (id: number) => ({ id, username: `user${id}`, profile_image: null });
    const readyNames = () => Array.from(screen.getByRole('region', { name: '대기 중인 참가자' }).querySelectorAll('li'), (li) => li.textContent);
    const ui = renderApp('/balancewait/5');
    // The list says user8 is on standby before the socket says anything.
    expect(await screen.findByText('user8')).toBeInTheDocument();
    expect(readyNames()).toEqual(['user8']);

    const socket = await FakeSocket.opened();
    socket.open();
    socket.push({ type: 'send_standby_update', data: { party_id: 5, standby_count: 2, participation_count: 4, standby_users: [face(8), face(9)] } });
    expect(readyNames()).toEqual(['user8', 'user9']);
    socket.push({ type: 'send_standby_update', data: { party_id: 5, standby_count: 0, participation_count: 4, standby_users: [] } });
    expect(screen.getByText('아직 대기 중인 참가자가 없어요.')).toBeInTheDocument();

    // The toggle's answer has no faces: the student's own goes in at once, marked as theirs.
    toggleAnswers({ standby_count: 1, participation_count: 4, is_standby: true });
    await ui.user.click(screen.getByRole('button', { name: '대기하기' }));
    expect(await screen.findByText('user7 (나)')).toBeInTheDocument();
    expect(readyNames()).toEqual(['user7 (나)']);
    // The same student standing down on another phone: the socket's list is the truth, and the button follows it.
    socket.push({ type: 'send_standby_update', data: { party_id: 5, standby_count: 1, participation_count: 4, standby_users: [face(10)] } });
    expect(readyNames()).toEqual(['user10']);
    expect(screen.getByRole('button', { name: '대기하기' })).toBeInTheDocument();
  });

  it('reads who is ready from the participants list again when an update carries no faces (an older instance)', async () => {
    let reads = 0;
    server.use(
      http.get('/api/partyassist/standby/:id/participants/', () => {
        reads += 1;
        return HttpResponse.json(reads === 1 ? [entry(1, 7, false), entry(2, 8, true)] : [entry(1, 7, false), entry(2, 8, true), entry(3, 9, true)]);
      }),
    );
    renderApp('/balancewait/5');
    expect(await screen.findByText('user8')).toBeInTheDocument();
    const socket = await FakeSocket.opened();
    socket.open();
    socket.push({ type: 'send_standby_update', data: { party_id: 5, standby_count: 2, participation_count: 3 } });
    expect(await screen.findByText('user9')).toBeInTheDocument();
    expect(screen.getByText('2명')).toBeInTheDocument();
  });

  it('starts as 대기 취소 when the student is already on standby', async () => {
    participants([entry(1, 7, true), entry(2, 8, false)]);
    renderApp('/balancewait/5');
    expect(await screen.findByRole('button', { name: '대기 취소' })).toBeInTheDocument();
  });

  it.each([
    [403, { detail: '파티 참가자만 대기할 수 있습니다.' }, '파티 참가자만 대기할 수 있습니다.'],
    [404, { detail: 'x' }, '파티를 찾을 수 없습니다.'],
    [400, { detail: '대기는 파티 시작 30분 전부터 할 수 있습니다.' }, '대기는 파티 시작 30분 전부터 할 수 있습니다.'],
    [500, {}, '대기 상태 변경에 실패했습니다. 다시 시도해주세요.'],
  ])('a toggle answered %i says so', async (status, body, text) => {
    toggleAnswers(body, status);
    const ui = renderApp('/balancewait/5');
    await ui.user.click(await screen.findByRole('button', { name: '대기하기' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '대기하기' })).toBeEnabled();
  });

  // The game screen the lobby moves to asks for its round.
  const serveRound = () => server.use(http.get('/api/v1/game/rounds/12/', () => HttpResponse.json({ id: 12, party_id: 5, questions: [] })));
  const counts = (standby: number) => ({ type: 'send_standby_update', data: { party_id: 5, standby_count: standby, participation_count: 4 } });

  it('goes to the game when the server announces it, replacing the lobby in the history', async () => {
    serveRound();
    const ui = renderApp('/balancewait/5');
    await screen.findByRole('heading', { name: '파티 대기실' });
    const socket = await FakeSocket.opened();
    socket.open();
    socket.push(counts(1)); // the greeting on connect
    socket.push(counts(3)); // someone went on standby while the student watched
    socket.push({ type: 'send_game_created', data: { round_id: 12 } });
    expect(ui.currentPath()).toBe('/balancegame/12');
    // Back from the game leaves it; it does not bounce into the lobby, which would send the student back again.
    expect(ui.visited()).toEqual(['/balancegame/12']);
  });

  it('a student opening the lobby after the game began reads where they are, then moves into it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveRound();
    const ui = renderApp('/balancewait/5');
    await screen.findByRole('heading', { name: '파티 대기실' });
    const socket = await FakeSocket.opened();
    socket.open();
    socket.push(counts(3));
    socket.push({ type: 'send_game_created', data: { round_id: 12 } });
    expect(screen.getByText('밸런스 게임이 이미 진행 중이에요. 게임으로 이동할게요…')).toBeInTheDocument();
    expect(ui.currentPath()).toBe('/balancewait/5');
    act(() => {
      vi.advanceTimersByTime(1_500);
    });
    expect(ui.currentPath()).toBe('/balancegame/12');
    expect(ui.visited()).toEqual(['/balancegame/12']);
  });

  it('shows the reconnect attempts after a drop and clears them once back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/balancewait/5');
    await screen.findByRole('heading', { name: '파티 대기실' });
    const first = await FakeSocket.opened();
    first.open();
    first.drop(1006);
    expect(screen.getByRole('status')).toHaveTextContent('재연결 중...');
    expect(screen.getByText('대기실 연결 오류 (재연결 시도 1회)')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.last().drop(1006);
    expect(screen.getByText('대기실 연결 오류 (재연결 시도 2회)')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    FakeSocket.last().open();
    expect(screen.getByRole('status')).toHaveTextContent('연결됨');
    expect(screen.queryByText(/대기실 연결 오류/)).not.toBeInTheDocument();
  });

  it('stops and explains when the server refuses the socket (4403)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/balancewait/5');
    await screen.findByRole('heading', { name: '파티 대기실' });
    (await FakeSocket.opened()).drop(4403);
    expect(screen.getByRole('status')).toHaveTextContent('연결 끊김');
    expect(screen.getByText('파티 참가자만 대기할 수 있습니다.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(FakeSocket.all).toHaveLength(1);
  });

  it.each([
    [4409, '다른 화면에서 대기실을 열어 이 화면의 연결을 닫았어요.'],
    [4429, '같은 네트워크의 연결이 너무 많아 이 화면의 연결을 닫았어요.'],
  ])('says why when a newer socket pushed this one out (%i), and does not fight it', async (code, text) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/balancewait/5');
    await screen.findByRole('heading', { name: '파티 대기실' });
    (await FakeSocket.opened()).drop(code);
    expect(screen.getByText(text)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('says the websocket could not be created', async () => {
    vi.stubGlobal(
      'WebSocket',
      class {
        constructor() {
          throw new SyntaxError('blocked');
        }
      },
    );
    renderApp('/balancewait/5');
    expect(await screen.findByText('웹소켓 연결에 실패했습니다.')).toBeInTheDocument();
  });

  it('closes the socket with 1000 when the student leaves, and links to the participants', async () => {
    const ui = renderApp('/balancewait/5');
    const link = await screen.findByRole('link', { name: '참여자 목록 보기' });
    const socket = await FakeSocket.opened();
    socket.open();
    await ui.user.click(link);
    expect(ui.currentPath()).toBe('/participants/5');
    await vi.waitFor(() => expect(socket.closedWith).toBe(1000), CONDITION_TIMEOUT_MS);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('says there is no party id for a bad address', async () => {
    renderApp('/balancewait/abc');
    expect(await screen.findByText('파티 ID가 없습니다.')).toBeInTheDocument();
    expect(FakeSocket.all).toHaveLength(0);
  });
});

describe('/balancewait/:partyId as a guest', () => {
  it('asks the guest to sign in instead of opening a socket, and closing the question goes to the party', async () => {
    localStorage.clear();
    sessionStorage.clear();
    const ui = renderApp('/balancewait/5');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('로그인');
    expect(screen.queryByText('로그인이 만료되었습니다. 다시 로그인해 주세요.')).not.toBeInTheDocument();
    expect(FakeSocket.all).toHaveLength(0);
    await ui.user.click(screen.getByRole('button', { name: '닫기' }));
    expect(ui.currentPath()).toBe('/partyinfo/5');
  });
});
