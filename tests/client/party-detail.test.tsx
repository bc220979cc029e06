import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import defaultAvatar from '../../assets/images/default-avatar.svg';
import { PARTICIPATION, PARTY_DETAIL } from './msw/fixtures';
import { acceptAlert, expectNoAlert, findAlert } from './alerts';
import { server } from './msw/server';
import { renderApp, renderAppInBrowser, signInAs } from './render-app';

const withDetail = (patch: Partial<typeof PARTY_DETAIL>) =>
  server.use(http.get('/api/detailview/parties/5/', () => HttpResponse.json({ ...PARTY_DETAIL, ...patch })));

describe('/partyinfo/:partyId', () => {
  it('shows the party: title, Seoul 24 h time, place, count, tags, description, attendees', async () => {
    renderApp('/partyinfo/5');
    expect(await screen.findByRole('heading', { name: '보드게임 번개' })).toBeInTheDocument();
    expect(screen.getByText('2026년 3월 3일 (화) 19:00')).toBeInTheDocument();
    expect(screen.getAllByText('학생회관').length).toBeGreaterThan(0);
    expect(screen.getByText('6 / 8')).toBeInTheDocument();
    expect(screen.getByText('#보드게임')).toBeInTheDocument();
    expect(screen.getByText('#친목')).toBeInTheDocument();
    expect(screen.getByText('처음 만나는 사람들과 가볍게 즐기는 보드게임 모임')).toBeInTheDocument();
    expect(screen.getByText('지도 이미지가 아직 없습니다.')).toBeInTheDocument();

    const grid = screen.getByRole('list', { name: '참가자 목록' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(6);
    expect(within(grid).getByText('taeho')).toBeInTheDocument();
    const avatars = grid.querySelectorAll('img');
    expect(avatars[0]).toHaveAttribute('src', '/media/profiles/dahye.jpg');
    expect(avatars[1]).toHaveAttribute('src', defaultAvatar);
  });

  it('shows at most 5 profile icons in the summary', async () => {
    renderApp('/partyinfo/5');
    const icons = await screen.findByRole('list', { name: '참가자 프로필' });
    expect(within(icons).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'dahye',
      'jun',
      'seoyeon',
      'minho',
      'yuna',
    ]);
  });

  it('reads midnight as 00:00, not 24:00', async () => {
    withDetail({ start_time: '2026-03-03T15:00:00Z', place_map: '/media/maps/union.png' });
    renderApp('/partyinfo/5');
    expect(await screen.findByText('2026년 3월 4일 (수) 00:00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '학생회관 위치가 표시된 지도' })).toHaveAttribute('src', '/media/maps/union.png');
  });

  it('pins the party’s place on the 위치 map, and draws no pin where the server gives no position', async () => {
    withDetail({ place_map: '/media/maps/union.png', place_x_norm: 0.4, place_y_norm: 0.25 });
    const ui = renderApp('/partyinfo/5');
    const map = await screen.findByRole('img', { name: '학생회관 위치가 표시된 지도' });
    const pin = map.parentElement!.querySelector('.party-detail__pin') as HTMLElement;
    expect(pin.style.left).toBe('40%');
    expect(pin.style.top).toBe('25%');
    ui.unmount();
    withDetail({ place_map: '/media/maps/union.png', place_x_norm: Number.NaN });
    renderApp('/partyinfo/5');
    const plain = await screen.findByRole('img', { name: '학생회관 지도' });
    expect(plain.parentElement!.querySelector('.party-detail__pin')).toBeNull();
  });

  it('says a full party is 모집마감 and offers its line: 대기 신청, then my position and a way out of the line', async () => {
    signInAs();
    withDetail({ applied_count: 8 });
    let position: number | null = null;
    const left: number[] = [];
    server.use(
      http.get('/api/reserve/waitlist/5/', () => HttpResponse.json({ position })),
      http.post('/api/reserve/waitlist/5/', () => {
        position = 2;
        return HttpResponse.json({ position }, { status: 201 });
      }),
      http.delete('/api/reserve/waitlist/5/', () => {
        left.push(5);
        position = null;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const ui = renderApp('/partyinfo/5');
    const wait = await screen.findByRole('button', { name: '대기 신청' });
    expect(screen.getByText('모집마감')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '참가신청' })).not.toBeInTheDocument();
    await ui.user.click(wait);
    expect(await screen.findByText('대기 2번째')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('모집마감')).not.toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: '대기 취소' }));
    expect(await screen.findByRole('button', { name: '대기 신청' })).toBeEnabled();
    expect(left).toEqual([5]);
  });

  it('tells why a full party’s line refused me, in the server’s words', async () => {
    signInAs();
    withDetail({ applied_count: 8 });
    server.use(
      http.get('/api/reserve/waitlist/5/', () => HttpResponse.json({ position: null })),
      http.post('/api/reserve/waitlist/5/', () => HttpResponse.json({ detail: '아직 자리가 있습니다. 대기 신청 대신 바로 참가 신청해 주세요.' }, { status: 409 })),
    );
    const ui = renderApp('/partyinfo/5');
    await ui.user.click(await screen.findByRole('button', { name: '대기 신청' }));
    await acceptAlert(ui.user, '아직 자리가 있습니다. 대기 신청 대신 바로 참가 신청해 주세요.');
  });

  it('asks a guest to log in before taking a full party’s line, and asks nothing of the line', async () => {
    withDetail({ applied_count: 8 });
    let asked = 0;
    server.use(
      http.all('/api/reserve/waitlist/5/', () => {
        asked += 1;
        return HttpResponse.json({ position: 1 });
      }),
    );
    const ui = renderApp('/partyinfo/5');
    await ui.user.click(await screen.findByRole('button', { name: '대기 신청' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('로그인이 필요한 서비스입니다.');
    expect(asked).toBe(0);
  });

  it('asks a guest to log in and makes no join call', async () => {
    let joins = 0;
    server.use(
      http.post('/api/reserve/join/:id/', () => {
        joins += 1;
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const ui = renderApp('/partyinfo/5');
    await ui.user.click(await screen.findByRole('button', { name: '참가신청' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('로그인이 필요한 서비스입니다.');
    expect(joins).toBe(0);
  });

  it('joins with 신청 중... and goes to payment with the participation', async () => {
    signInAs();
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('/api/reserve/join/5/', async () => {
        await answered;
        return HttpResponse.json({ id: 31, hold_expires_at: '2030-01-01T00:00:00Z' }, { status: 201 });
      }),
      http.get('/api/reserve/participation/31/', () => HttpResponse.json(PARTICIPATION)),
    );
    const ui = renderAppInBrowser('/partyinfo/5');
    await ui.user.click(await screen.findByRole('button', { name: '참가신청' }));
    expect(await screen.findByRole('button', { name: '신청 중...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: '예약 보증금 결제' })).toBeInTheDocument();
    expect(window.history.state).toMatchObject({ participationId: 31, partyId: 5 });
  });

  it.each([
    [409, { detail: '이미 참가한 파티입니다.' }, '이미 참가한 파티입니다. 마이페이지에서 확인해 주세요.'],
    [400, { detail: '이미 시작된 파티입니다.' }, '이미 시작된 파티입니다.'],
    [500, null, '참가 신청 중 오류가 발생했습니다.'],
  ])('alerts a %i join failure', async (status, body, text) => {
    signInAs();
    server.use(http.post('/api/reserve/join/5/', () => HttpResponse.json(body, { status })));
    const ui = renderApp('/partyinfo/5');
    await ui.user.click(await screen.findByRole('button', { name: '참가신청' }));
    expect(await findAlert(text)).toBeVisible();
    expect(ui.currentPath()).toBe('/partyinfo/5');
  });

  it('takes a Kakao account without school, phone and student card to /mypage/additional, back here afterwards', async () => {
    signInAs();
    server.use(
      http.post('/api/reserve/join/5/', () =>
        HttpResponse.json({ detail: '파티에 참가하려면 학교, 전화번호, 학생증을 먼저 등록해 주세요.', code: 'additional_info_required' }, { status: 403 }),
      ),
    );
    const ui = renderApp('/partyinfo/5');
    await ui.user.click(await screen.findByRole('button', { name: '참가신청' }));
    await acceptAlert(ui.user, '파티에 참가하려면 학교, 전화번호, 학생증을 먼저 등록해 주세요.');
    await waitFor(() => expect(ui.currentPath()).toBe('/mypage/additional'));
    expect(localStorage.getItem('redirectPath')).toBe('/partyinfo/5');
    expect(await screen.findByRole('heading', { name: '추가 정보 입력' })).toBeInTheDocument();
  });

  it('tells a student whose card is still being checked why, with no other step to take', async () => {
    signInAs();
    const detail = '학생증을 확인하고 있습니다. 운영자 확인이 끝나면 알림으로 알려 드리며, 그 뒤에 파티에 참가할 수 있습니다.';
    server.use(http.post('/api/reserve/join/5/', () => HttpResponse.json({ detail, code: 'verification_pending' }, { status: 403 })));
    const ui = renderApp('/partyinfo/5');
    await ui.user.click(await screen.findByRole('button', { name: '참가신청' }));
    const dialog = await screen.findByRole('alertdialog', { name: '학생증 확인 중이에요' });
    expect(dialog).toHaveAccessibleDescription(detail);
    expect(within(dialog).queryByRole('button', { name: /마이페이지/ })).not.toBeInTheDocument();
    await ui.user.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(ui.currentPath()).toBe('/partyinfo/5');
    expect(screen.getByRole('button', { name: '참가신청' })).toBeEnabled();
  });

  it('shows a rejected student the reason and the way to my page to send a new card', async () => {
    signInAs();
    const detail = '학생증이 반려되었습니다 (사유: 사진이 흐립니다). 마이페이지에서 학생증 사진을 다시 보내 주세요.';
    server.use(http.post('/api/reserve/join/5/', () => HttpResponse.json({ detail, code: 'verification_rejected' }, { status: 403 })));
    const ui = renderApp('/partyinfo/5');
    await ui.user.click(await screen.findByRole('button', { name: '참가신청' }));
    const dialog = await screen.findByRole('alertdialog', { name: '학생증이 반려되었어요' });
    expect(dialog).toHaveTextContent('사유: 사진이 흐립니다');
    await ui.user.click(within(dialog).getByRole('button', { name: '닫기' }));
    expect(ui.currentPath()).toBe('/partyinfo/5');

    await ui.user.click(screen.getByRole('button', { name: '참가신청' }));
    await ui.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '마이페이지에서 학생증 보내기' }));
    await waitFor(() => expect(ui.currentPath()).toBe('/mypage'));
    expectNoAlert();
  });

  it('keeps alerting a 403 without that code, and stays', async () => {
    signInAs();
    server.use(http.post('/api/reserve/join/5/', () => HttpResponse.json({ detail: '경고가 많아 참가할 수 없습니다.' }, { status: 403 })));
    const ui = renderApp('/partyinfo/5');
    await ui.user.click(await screen.findByRole('button', { name: '참가신청' }));
    expect(await findAlert('경고가 많아 참가할 수 없습니다.')).toBeVisible();
    expect(ui.currentPath()).toBe('/partyinfo/5');
    expect(localStorage.getItem('redirectPath')).toBeNull();
  });

  it('offers to finish an unpaid reservation, and shows a paid one as confirmed', async () => {
    signInAs();
    withDetail({ my_participation: { id: 31, status: 'pending', hold_expires_at: null } });
    server.use(
      http.get('/api/reserve/participation/31/', () => HttpResponse.json(PARTICIPATION)),
      http.post('/api/detailview/parties/5/leave/', () => HttpResponse.json({ status: 'cancelled', refunded: 0 })),
    );
    const ui = renderAppInBrowser('/partyinfo/5');
    await ui.user.click(await screen.findByRole('button', { name: '결제 계속하기' }));
    expect(await screen.findByRole('heading', { name: '예약 보증금 결제' })).toBeInTheDocument();
    expect(window.history.state).toMatchObject({ participationId: 31, partyId: 5 });
    ui.unmount();

    withDetail({ my_participation: { id: 31, status: 'confirmed', hold_expires_at: null } });
    renderApp('/partyinfo/5');
    expect(await screen.findByRole('button', { name: '참가 확정' })).toBeDisabled();
  });

  it("shows the server's load error, or the default text", async () => {
    server.use(
      http.get('/api/detailview/parties/404/', () => HttpResponse.json({ detail: '파티를 찾을 수 없습니다.' }, { status: 404 })),
      http.get('/api/detailview/parties/500/', () => new HttpResponse(null, { status: 500 })),
    );
    const first = renderApp('/partyinfo/404');
    expect(await screen.findByText('에러: 파티를 찾을 수 없습니다.')).toBeInTheDocument();
    // A party that does not exist: what it means and the way home, no pointless retry.
    expect(screen.getByText(/취소되었거나 주소가 잘못된 파티예요/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '다시 시도' })).not.toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: '홈으로 가기' }));
    expect(first.currentPath()).toBe('/');
    first.unmount();
    renderApp('/partyinfo/500');
    expect(await screen.findByText('에러: 파티 정보를 불러오는데 실패했습니다.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '홈으로 가기' })).toBeInTheDocument();
  });

  it('offers a retry when the detail failed to load for a passing reason, and shows the party once it loads', async () => {
    let calls = 0;
    server.use(
      http.get('/api/detailview/parties/5/', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json({ ...PARTY_DETAIL, title: '다시 불러온 파티' });
      }),
    );
    const ui = renderApp('/partyinfo/5');
    await ui.user.click(await screen.findByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('heading', { name: '다시 불러온 파티' })).toBeInTheDocument();
  });
});
