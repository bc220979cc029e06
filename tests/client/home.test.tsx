import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { acceptAlert, expectNoAlert, findAlert } from './alerts';
import { server } from './msw/server';
import { PARTICIPATION, PARTY_DETAIL } from './msw/fixtures';
import { renderApp, renderAppInBrowser, signInAs } from './render-app';

const parties = [
  {
    id: 5,
    title: '보드게임 번개',
    place_photo: null,
    place_name: '학생회관',
    start_time: '2025-05-03T10:30:00Z',
    applied_count: 3,
    max_participants: 6,
    tags: ['보드게임'],
  },
  {
    id: 6,
    title: '야식 파티',
    place_photo: '/media/places/dorm.jpg',
    place_name: '기숙사',
    start_time: '2025-05-04T12:00:00Z',
    applied_count: 4,
    max_participants: 4,
  },
];

describe('home', () => {
  it('greets a guest', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: '게스트님을 위한 추천 파티' })).toBeInTheDocument();
  });

  it("greets a signed-in student by the profile's name", async () => {
    signInAs();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: '김민지님을 위한 추천 파티' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual({ id: 7, username: 'minji_kim', name: '김민지' });
  });

  it('shows each party as a card, full ones leading to their line', async () => {
    server.use(http.get('/api/homemap/home/', () => HttpResponse.json(parties)));
    renderApp('/');
    const first = (await screen.findByRole('heading', { name: '#보드게임 번개' })).closest('li')!;
    expect(within(first).getByText('학생회관')).toBeInTheDocument();
    expect(within(first).getByText('3/6명')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: '학생회관' }).getAttribute('src')).toMatch(/default-party/);
    const second = screen.getByRole('heading', { name: '#야식 파티' }).closest('li')!;
    expect(within(second).getByRole('img', { name: '기숙사' })).toHaveAttribute('src', '/media/places/dorm.jpg');
    const wait = within(second).getByRole('button', { name: '대기 신청' });
    expect(wait).toBeEnabled();
  });

  it('asks a guest to log in before applying, without calling the server', async () => {
    let joins = 0;
    server.use(
      http.get('/api/homemap/home/', () => HttpResponse.json(parties)),
      http.post('/api/reserve/join/:id/', () => {
        joins += 1;
        return HttpResponse.json({ id: 1 });
      }),
    );
    const ui = renderApp('/');
    await ui.user.click(await screen.findByRole('button', { name: '신청하기' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('로그인이 필요한 서비스입니다.');
    expect(joins).toBe(0);
    await ui.user.click(screen.getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(ui.currentPath()).toBe('/');
  });

  it('applies, shows 신청 중... while waiting, and moves on to payment with the participation in history state', async () => {
    signInAs();
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/homemap/home/', () => HttpResponse.json(parties)),
      http.post('/api/reserve/join/5/', async () => {
        await answered;
        return HttpResponse.json({ id: 31, hold_expires_at: '2030-01-01T00:00:00Z' }, { status: 201 });
      }),
      http.get('/api/reserve/participation/31/', () => HttpResponse.json(PARTICIPATION)),
    );
    const ui = renderAppInBrowser('/');
    await ui.user.click(await screen.findByRole('button', { name: '신청하기' }));
    expect(await screen.findByRole('button', { name: '신청 중...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: '예약 보증금 결제' })).toBeInTheDocument();
    expect(ui.currentPath()).toBe('/payment');
    expect(window.history.state).toMatchObject({ participationId: 31, partyId: 5 });
  });

  it('asks for login again when the join answers 401', async () => {
    signInAs('dead');
    localStorage.removeItem('refresh');
    server.use(
      http.get('/api/homemap/home/', () => HttpResponse.json(parties)),
      http.post('/api/reserve/join/5/', () => HttpResponse.json({ detail: '로그인이 필요합니다.' }, { status: 401 })),
    );
    const ui = renderApp('/');
    await ui.user.click(await screen.findByRole('button', { name: '신청하기' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('로그인이 필요한 서비스입니다.');
    expectNoAlert();
  });

  it("alerts the server's reason, or the home default text", async () => {
    signInAs();
    server.use(
      http.get('/api/homemap/home/', () => HttpResponse.json(parties)),
      http.post('/api/reserve/join/5/', () => HttpResponse.json({ detail: '모집이 마감되었습니다.' }, { status: 400 })),
    );
    const ui = renderApp('/');
    await ui.user.click(await screen.findByRole('button', { name: '신청하기' }));
    await acceptAlert(ui.user, '모집이 마감되었습니다.');

    server.use(http.post('/api/reserve/join/5/', () => new HttpResponse(null, { status: 500 })));
    await ui.user.click(await screen.findByRole('button', { name: '신청하기' }));
    await acceptAlert(ui.user, '참가 신청에 실패했습니다.');
    expect(ui.currentPath()).toBe('/');
  });

  it('takes a Kakao account that must finish its details to /mypage/additional, home afterwards', async () => {
    signInAs();
    server.use(
      http.get('/api/homemap/home/', () => HttpResponse.json(parties)),
      http.post('/api/reserve/join/5/', () =>
        HttpResponse.json({ detail: '파티에 참가하려면 학교, 전화번호, 학생증을 먼저 등록해 주세요.', code: 'additional_info_required' }, { status: 403 }),
      ),
    );
    const ui = renderApp('/');
    await ui.user.click(await screen.findByRole('button', { name: '신청하기' }));
    await acceptAlert(ui.user, '파티에 참가하려면 학교, 전화번호, 학생증을 먼저 등록해 주세요.');
    await waitFor(() => expect(ui.currentPath()).toBe('/mypage/additional'));
    expect(localStorage.getItem('redirectPath')).toBe('/');
  });

  it('explains a join refused until the student card is approved, on home too', async () => {
    signInAs();
    const detail = '파티에 참가하려면 마이페이지에서 학생증 사진을 먼저 보내 주세요.';
    server.use(
      http.get('/api/homemap/home/', () => HttpResponse.json(parties)),
      http.post('/api/reserve/join/5/', () => HttpResponse.json({ detail, code: 'verification_required' }, { status: 403 })),
    );
    const ui = renderApp('/');
    await ui.user.click(await screen.findByRole('button', { name: '신청하기' }));
    const dialog = await screen.findByRole('alertdialog', { name: '학생증 확인이 필요해요' });
    expect(dialog).toHaveAccessibleDescription(detail);
    await ui.user.click(within(dialog).getByRole('button', { name: '마이페이지에서 학생증 보내기' }));
    await waitFor(() => expect(ui.currentPath()).toBe('/mypage'));
  });

  it('opens the party detail when the card (not its button) is tapped', async () => {
    server.use(http.get('/api/homemap/home/', () => HttpResponse.json(parties)));
    const ui = renderApp('/');
    const card = (await screen.findByRole('heading', { name: '#보드게임 번개' })).closest('li')!;
    await ui.user.click(within(card).getByText('3/6명'));
    expect(ui.currentPath()).toBe('/partyinfo/5');
  });

  it('opens the party detail from the title link, once', async () => {
    server.use(http.get('/api/homemap/home/', () => HttpResponse.json(parties)));
    const ui = renderApp('/');
    await ui.user.click(await screen.findByRole('link', { name: '#야식 파티' }));
    expect(ui.visited()).toEqual(['/', '/partyinfo/6']);
    expect(await screen.findByRole('heading', { name: '보드게임 번개' })).toBeInTheDocument();
  });

  it('draws the party from the list at once while its detail loads, then the rest', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/homemap/home/', () => HttpResponse.json(parties)),
      http.get('/api/detailview/parties/6/', async () => {
        await gate;
        return HttpResponse.json({ ...PARTY_DETAIL, ...parties[1], tags: [], description: '야식 먹으며 수다' });
      }),
    );
    const ui = renderApp('/');
    await ui.user.click(await screen.findByRole('link', { name: '#야식 파티' }));
    // Before the detail answers: title, photo, place, time and seats from the list; the rest is a shape.
    expect(await screen.findByRole('heading', { level: 1, name: '야식 파티' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '기숙사' })).toBeInTheDocument();
    expect(screen.getByText('4 / 4')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('로딩 중...');
    expect(screen.queryByText('야식 먹으며 수다')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('야식 먹으며 수다')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '야식 파티' })).toBeInTheDocument();
  });

  it('tells a student who already joined', async () => {
    signInAs();
    server.use(
      http.get('/api/homemap/home/', () => HttpResponse.json(parties)),
      http.post('/api/reserve/join/5/', () => HttpResponse.json({ detail: '이미 참가했어요' }, { status: 409 })),
    );
    const ui = renderApp('/');
    await ui.user.click(await screen.findByRole('button', { name: '신청하기' }));
    expect(await findAlert('이미 참가한 파티입니다. 마이페이지에서 확인해 주세요.')).toBeVisible();
    expect(ui.currentPath()).toBe('/');
  });
});
