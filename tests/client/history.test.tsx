import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { normalizeHistory } from '../../src/client/api/history';
import { HISTORY_ITEM } from './msw/fixtures';
import { server } from './msw/server';
import { renderApp, signInAs } from './render-app';


function historyAnswers(body: unknown, init?: ResponseInit) {
  let calls = 0;
  server.use(
    http.get('/api/mypage/history/', () => {
      calls += 1;
      return HttpResponse.json(body as object, init);
    }),
  );
  return () => calls;
}

describe('normalizeHistory', () => {
  it('reads the flat form of the server', () => {
    expect(normalizeHistory([HISTORY_ITEM])).toEqual([
      { id: 5, title: '보드게임 번개', startTime: HISTORY_ITEM.start_time, placeName: '학생회관', placePhoto: null, applied: 6, capacity: 8, reviewed: false },
    ]);
  });

  it('reads the nested form with the other field names, inside {results}', () => {
    const nested = {
      results: [
        {
          reviewed: true,
          party: { id: 9, name: '야간 러닝', started_at: '2026-03-04T11:00:00Z', location_name: '운동장', thumbnail: '/media/run.jpg', current_participants: 3, capacity: 6 },
        },
      ],
    };
    expect(normalizeHistory(nested)).toEqual([
      { id: 9, title: '야간 러닝', startTime: '2026-03-04T11:00:00Z', placeName: '운동장', placePhoto: '/media/run.jpg', applied: 3, capacity: 6, reviewed: true },
    ]);
  });

  it('keeps an item without a usable id (the review then says the party is unknown) and ignores junk', () => {
    expect(normalizeHistory([{ title: 'x' }, null, 3])).toEqual([
      { id: null, title: 'x', startTime: '', placeName: '', placePhoto: null, applied: 0, capacity: 0, reviewed: false },
    ]);
    expect(normalizeHistory({ detail: 'nope' })).toEqual([]);
  });
});

describe('/mypage/history', () => {
  it('shows 로딩 중... then the cards, with the participants link and the review button', async () => {
    signInAs();
    let release!: () => void;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/api/mypage/history/', async () => {
        await answered;
        return HttpResponse.json([HISTORY_ITEM, { ...HISTORY_ITEM, id: 6, title: '야간 러닝', reviewed: true }]);
      }),
    );
    const ui = renderApp('/mypage/history');
    expect(await screen.findByRole('heading', { name: '참여이력' })).toBeInTheDocument();
    expect(await screen.findByText('로딩 중...')).toBeInTheDocument();
    release();

    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading')).toHaveTextContent('#보드게임 번개');
    expect(cards[0]).toHaveTextContent('학생회관');
    expect(cards[0]).toHaveTextContent('6/8명');
    expect(within(cards[0]).getByRole('button', { name: '리뷰 남기기' })).toBeEnabled();
    expect(within(cards[1]).getByRole('button', { name: '리뷰 완료' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '뒤로 가기' })).toBeInTheDocument();

    await ui.user.click(within(cards[0]).getByRole('link', { name: '참여자 확인 · 신고' }));
    expect(ui.currentPath()).toBe('/participants/5');
  });

  it('accepts the nested {results} variant', async () => {
    signInAs();
    historyAnswers({ results: [{ party: { id: 9, name: '야간 러닝', started_at: HISTORY_ITEM.start_time, location_name: '운동장', current_participants: 3, capacity: 6 } }] });
    renderApp('/mypage/history');
    const card = await screen.findByRole('listitem');
    expect(card).toHaveTextContent('#야간 러닝');
    expect(card).toHaveTextContent('운동장');
    expect(card).toHaveTextContent('3/6명');
    expect(within(card).getByRole('link', { name: '참여자 확인 · 신고' })).toHaveAttribute('href', '/participants/9');
  });

  it('says 참여 이력이 없습니다. for an empty list', async () => {
    signInAs();
    historyAnswers([]);
    renderApp('/mypage/history');
    expect(await screen.findByText('참여 이력이 없습니다.')).toBeInTheDocument();
  });

  it('shows 에러: with the server detail', async () => {
    signInAs();
    historyAnswers({ detail: '잠시 후 다시 시도해 주세요.' }, { status: 500 });
    renderApp('/mypage/history');
    expect(await screen.findByText('에러: 잠시 후 다시 시도해 주세요.')).toBeInTheDocument();
  });

  it('shows 에러: 데이터를 불러오지 못했습니다. when the server says nothing', async () => {
    signInAs();
    server.use(http.get('/api/mypage/history/', () => new HttpResponse(null, { status: 500 })));
    renderApp('/mypage/history');
    expect(await screen.findByText('에러: 데이터를 불러오지 못했습니다.')).toBeInTheDocument();
  });

  it('asks a guest to sign in (and come back here), without calling', async () => {
    const calls = historyAnswers([HISTORY_ITEM]);
    const ui = renderApp('/mypage/history');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('로그인이 필요한 서비스입니다.');
    expect(screen.queryByText(/에러:/)).not.toBeInTheDocument();
    expect(calls()).toBe(0);
    await ui.user.click(within(dialog).getByRole('button', { name: '로그인 / 회원가입' }));
    expect(ui.currentPath()).toBe('/login');
    expect(localStorage.getItem('redirectPath')).toBe('/mypage/history');
  });

  it("closing a guest's question goes home", async () => {
    const ui = renderApp('/mypage/history');
    await ui.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '닫기' }));
    expect(ui.currentPath()).toBe('/');
  });

  it('asks to sign in again when the session has expired', async () => {
    signInAs();
    historyAnswers({ detail: '인증 정보가 올바르지 않습니다.' }, { status: 401 });
    server.use(http.post('/api/signup/auth/refresh/', () => HttpResponse.json({ detail: 'expired' }, { status: 401 })));
    renderApp('/mypage/history');
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('로그인이 필요한 서비스입니다.'));
    expect(screen.queryByText(/에러:/)).not.toBeInTheDocument();
  });
});
