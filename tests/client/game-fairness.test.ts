import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/api/api-error';
import { isOutage } from '../../src/client/api/server-reach';
import { connectionView } from '../../src/client/game/connection-note';
import { allVoted, standingText } from '../../src/client/game/recap';
import { withRound } from '../../src/client/game/round-message';
import type { LiveSocketState } from '../../src/client/lib/use-reconnecting-socket';
import type { Question } from '../../src/shared/live';

const q = (extra: Partial<Question>): Question => ({ id: 1, a_text: 'A안', b_text: 'B안', vote_a_count: 0, vote_b_count: 0, has_voted: false, ...extra });

describe('the recap says where I stand by how many have voted', () => {
  it('never calls my side the majority when I was the only voter', () => {
    expect(standingText(q({ has_voted: true, my_choice: 'A', vote_a_count: 1 }))).toBe('아직 나만 투표했어요.');
  });

  it('counts the voters and those who took my side, me included: "3명 중 2명이 나와 같은 선택"', () => {
    expect(standingText(q({ has_voted: true, my_choice: 'A', vote_a_count: 2, vote_b_count: 1 }))).toBe('3명 중 2명이 나와 같은 선택이에요.');
    expect(standingText(q({ has_voted: true, my_choice: 'B', vote_a_count: 2, vote_b_count: 1 }))).toBe('3명 중 1명이 나와 같은 선택이에요.');
    expect(standingText(q({ has_voted: true, my_choice: 'B', vote_a_count: 1, vote_b_count: 1 }))).toBe('2명 중 1명이 나와 같은 선택이에요.');
    expect(standingText(q({ has_voted: true, my_choice: 'B', vote_a_count: 0, vote_b_count: 4 }))).toBe('4명 중 4명이 나와 같은 선택이에요.');
  });

  it('counts my own vote while the counts still lag behind it', () => {
    // A poll answered just before my vote landed: my side shows nobody yet.
    expect(standingText(q({ has_voted: true, my_choice: 'A', vote_a_count: 0, vote_b_count: 0 }))).toBe('아직 나만 투표했어요.');
    expect(standingText(q({ has_voted: true, my_choice: 'A', vote_a_count: 0, vote_b_count: 2 }))).toBe('3명 중 1명이 나와 같은 선택이에요.');
  });

  it('says so where I did not vote, and only "투표했어요" where the server did not say my side', () => {
    expect(standingText(q({ vote_a_count: 3 }))).toBe('투표하지 않았어요. 투표하면 결과가 보여요.');
    expect(standingText(q({ has_voted: true, vote_a_count: 3 }))).toBe('투표했어요.');
  });

  it('comes up by itself only once every question has my vote', () => {
    expect(allVoted([])).toBe(false);
    expect(allVoted([q({ has_voted: true }), q({})])).toBe(false);
    expect(allVoted([q({ has_voted: true }), q({ has_voted: true })])).toBe(true);
  });
});

const socket = (extra: Partial<LiveSocketState>): LiveSocketState => ({ status: 'connected', attempts: 0, refusedCode: null, createFailed: false, ...extra });

describe('the game says what its connection means for the results', () => {
  it('says nothing while live, or while the first connection is being made', () => {
    expect(connectionView({ socket: socket({}), online: true, readFailed: false })).toEqual({ note: '', frozen: false });
    expect(connectionView({ socket: socket({ status: 'connecting' }), online: true, readFailed: false })).toEqual({ note: '', frozen: false });
  });

  it('tells a phone without network from a server that does not answer, and fades the gauges for both', () => {
    const down = socket({ status: 'reconnecting', attempts: 2 });
    expect(connectionView({ socket: down, online: false, readFailed: true })).toEqual({
      note: '인터넷에 연결되어 있지 않아 결과가 멈춰 있어요. 연결되면 바로 이어서 보여 드려요.',
      frozen: true,
    });
    expect(connectionView({ socket: down, online: true, readFailed: true })).toEqual({
      note: '서버에 연결할 수 없어 결과가 멈춰 있어요. 다시 연결하는 중이에요…',
      frozen: true,
    });
  });

  it('with only the live link lost, counts the attempts and says the round is read every 10 s meanwhile', () => {
    expect(connectionView({ socket: socket({ status: 'reconnecting', attempts: 3 }), online: true, readFailed: false })).toEqual({
      note: '실시간 연결이 끊겨 다시 연결하는 중이에요 (재연결 시도 3회). 그동안 결과는 10초마다 새로 불러와요.',
      frozen: false,
    });
  });

  it('names why a socket closed for good, and whether the results still move', () => {
    const view = (extra: Partial<LiveSocketState>, readFailed = false) => connectionView({ socket: socket({ status: 'disconnected', ...extra }), online: true, readFailed });
    expect(view({ refusedCode: 4409 })).toEqual({ note: '다른 화면에서 게임을 열어 이 화면의 실시간 연결을 닫았어요. 그동안 결과는 10초마다 새로 불러와요.', frozen: false });
    expect(view({ refusedCode: 4429 }, true).frozen).toBe(true);
    expect(view({ createFailed: true }).note).toBe('실시간 연결을 열지 못했어요. 그동안 결과는 10초마다 새로 불러와요.');
    expect(view({ refusedCode: 4401 })).toEqual({ note: '로그인이 만료되었습니다. 다시 로그인해 주세요.', frozen: true });
    expect(view({ refusedCode: 4403 }).note).toBe('파티 참가자만 접근할 수 있습니다.');
    expect(view({ refusedCode: 4404 }).note).toBe('라운드를 찾을 수 없거나 종료되었습니다.');
  });

  it('takes no answer, or a gateway standing in for one, as the server being away; an answer of 500 is not', () => {
    for (const status of [0, 502, 503, 504]) expect(isOutage(new ApiError(status, null))).toBe(true);
    for (const status of [500, 404, 403, 400]) expect(isOutage(new ApiError(status, null))).toBe(false);
    expect(isOutage(undefined)).toBe(false);
  });
});

describe('the resync after a reconnect', () => {
  it('lays the round read again over what pushes already moved: counts only rise, a known vote stays known', () => {
    const held = { id: 3, party_id: 5, questions: [q({ id: 1, vote_a_count: 4, vote_b_count: 1 }), q({ id: 2, has_voted: true, my_choice: 'B' })] };
    const fresh = { id: 3, party_id: 5, questions: [q({ id: 1, vote_a_count: 3, vote_b_count: 2, has_voted: true, my_choice: 'A' }), q({ id: 2, vote_b_count: 1 })] };
    expect(withRound(held, fresh).questions).toEqual([
      q({ id: 1, vote_a_count: 4, vote_b_count: 2, has_voted: true, my_choice: 'A' }),
      q({ id: 2, vote_b_count: 1, has_voted: true, my_choice: 'B' }),
    ]);
  });
});
