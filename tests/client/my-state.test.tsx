import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { MyParty } from '../../src/shared/live';
import type { HomeParty, LiveParticipationStatus, MapParty } from '../../src/shared/parties';
import { PARTICIPATION, PROFILE } from './msw/fixtures';
import { server } from './msw/server';
import { renderApp, renderAppInBrowser, signInAs } from './render-app';

// Konva needs a real canvas; the cards in the sheet are what this file checks on /map.
vi.mock('../../src/client/map/MapStage', () => ({ default: () => <div data-testid="map-stage" /> }));

const START = '2030-05-03T10:30:00Z';
const home = (id: number, title: string): HomeParty => ({
  id,
  title,
  place_photo: null,
  place_name: '학생회관',
  start_time: START,
  applied_count: 1,
  max_participants: 6,
  tags: [],
});
const HOME = [home(5, '보드게임 번개'), home(6, '야식 파티'), home(7, '새벽 러닝')];

const mine = (id: number, status: LiveParticipationStatus): MyParty => ({
  id,
  title: 'x',
  start_time: START,
  place_name: '학생회관',
  place_photo: null,
  participation_count: 1,
  max_participants: 6,
  participants: [],
  my_status: status,
  hold_expires_at: null,
});

const card = async (title: string) => (await screen.findByRole('heading', { name: `#${title}` })).closest('li')!;

describe('my state on home cards', () => {
  it('shows a guest 신청하기 on every card and never asks for their parties', async () => {
    let asked = 0;
    server.use(
      http.get('/api/homemap/home/', () => HttpResponse.json(HOME)),
      http.get('/api/partyassist/myparties/', () => {
        asked += 1;
        return HttpResponse.json([mine(5, 'confirmed')]);
      }),
    );
    renderApp('/');
    await card('보드게임 번개');
    expect(screen.getAllByRole('button', { name: '신청하기' })).toHaveLength(3);
    expect(screen.queryByText('참가 확정')).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('shows 결제 대기 with the hold left for a seat awaiting payment, 참가 확정 for a paid one, 대기 N번째 in a line, 신청하기 elsewhere', async () => {
    signInAs();
    const held = { ...mine(5, 'pending'), hold_expires_at: new Date(Date.now() + 9 * 60_000 + 30_000).toISOString() };
    server.use(
      http.get('/api/homemap/home/', () => HttpResponse.json([...HOME, home(8, '꽉 찬 파티')])),
      http.get('/api/partyassist/myparties/', () => HttpResponse.json([held, mine(6, 'confirmed')])),
      http.get('/api/reserve/waitlist/', () => HttpResponse.json([{ party_id: 8, title: '꽉 찬 파티', start_time: START, place_name: '학생회관', position: 1 }])),
    );
    renderApp('/');
    const pending = await card('보드게임 번개');
    expect(await within(pending).findByText(/^결제 대기 09:(30|29)$/)).toBeInTheDocument();
    expect(await within(await card('꽉 찬 파티')).findByText('대기 1번째')).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: '신청하기' })).not.toBeInTheDocument();
    expect(within(await card('야식 파티')).getByText('참가 확정')).toBeInTheDocument();
    expect(within(await card('새벽 러닝')).getByRole('button', { name: '신청하기' })).toBeEnabled();
  });

  it('reads my state again after joining and paying: back home, the card says 참가 확정 without a reload', async () => {
    signInAs();
    let status: LiveParticipationStatus | null = null;
    server.use(
      http.get('/api/homemap/home/', () => HttpResponse.json(HOME)),
      http.get('/api/partyassist/myparties/', () => HttpResponse.json(status ? [mine(5, status)] : [])),
      http.post('/api/reserve/join/5/', () => {
        status = 'pending';
        return HttpResponse.json({ id: 31, hold_expires_at: '2030-01-01T00:00:00Z' }, { status: 201 });
      }),
      http.get('/api/reserve/participation/31/', () => HttpResponse.json(PARTICIPATION)),
      http.post('/api/reserve/pay/31/', () => {
        status = 'confirmed';
        return HttpResponse.json({ remaining_points: 9500, amount: 3000 });
      }),
    );
    const ui = renderAppInBrowser('/');
    await ui.user.click(within(await card('보드게임 번개')).getByRole('button', { name: '신청하기' }));
    expect(await screen.findByRole('heading', { name: '예약 보증금 결제' })).toBeInTheDocument();

    await screen.findByText('12,500P', { exact: false });
    await ui.user.click(screen.getByRole('checkbox', { name: '환불 정책에 동의합니다' }));
    await ui.user.click(screen.getByRole('button', { name: '결제하기' }));
    await ui.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '확인' }));
    await screen.findByRole('heading', { name: '예약이 완료되었습니다' });

    await ui.user.click(within(screen.getByRole('navigation', { name: '주요 메뉴' })).getByRole('button', { name: '홈' }));
    const paid = await card('보드게임 번개');
    expect(await within(paid).findByText('참가 확정')).toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: '신청하기' })).not.toBeInTheDocument();
  });
});

describe('my state on map cards', () => {
  const party = (id: number, title: string): MapParty => ({ ...home(id, title), place_x_norm: 0.5, place_y_norm: 0.5 });

  it('marks the parties I am in, for a signed-in student only', async () => {
    signInAs();
    server.use(
      http.get('/api/detailview/parties/', () => HttpResponse.json([party(5, '보드게임 번개'), party(6, '야식 파티')])),
      http.get('/api/partyassist/myparties/', () => HttpResponse.json([mine(6, 'confirmed')])),
    );
    renderApp('/map');
    const cardOf = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('li')!;
    expect(await within(await cardOf('야식 파티')).findByText('참가 확정')).toBeInTheDocument();
    expect(within(await cardOf('보드게임 번개')).queryByText(/참가 확정|결제 대기/)).not.toBeInTheDocument();
  });

  it('tells a student whose card is waiting 학생증 확인 중 on every card without a seat of mine, as home does', async () => {
    signInAs();
    server.use(
      http.get('/api/mypage/main/', () => HttpResponse.json({ ...PROFILE, verification_status: 'pending' })),
      http.get('/api/detailview/parties/', () => HttpResponse.json([party(5, '보드게임 번개'), party(6, '야식 파티')])),
      http.get('/api/partyassist/myparties/', () => HttpResponse.json([mine(6, 'confirmed')])),
    );
    renderApp('/map');
    const cardOf = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('li')!;
    expect(await within(await cardOf('보드게임 번개')).findByText('학생증 확인 중')).toBeInTheDocument();
    expect(within(await cardOf('야식 파티')).getByText('참가 확정')).toBeInTheDocument();
    expect(within(await cardOf('야식 파티')).queryByText('학생증 확인 중')).not.toBeInTheDocument();
  });
});
