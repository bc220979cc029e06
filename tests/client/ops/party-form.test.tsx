import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../render-app';
import { opsPartyDetail, signInOperator } from './ops-fixtures';
import { recordRequests } from '../sent-requests';

type User = ReturnType<typeof renderApp>['user'];

/** Types each value into the field labelled with its key, over what is there (the place is picked from its list). */
async function fill(user: User, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const field = screen.getByLabelText(label);
    if (field instanceof HTMLSelectElement) {
      await user.selectOptions(field, value);
    } else {
      await user.clear(field);
      await user.type(field, value);
    }
  }
}

const PLACES = [
  { id: 1, name: '학생회관', x_norm: 0.4, y_norm: 0.5, photo: null, upcoming_parties: 3 },
  { id: 2, name: '중앙도서관', x_norm: 0.6, y_norm: 0.3, photo: null, upcoming_parties: 1 },
];
const PARTY = opsPartyDetail();

beforeEach(signInOperator);

describe('/ops/parties/new', () => {
  it('checks the form, shows the server’s refusal beside its field with the focus there, and keeps what was typed', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/ops/parties/', () => HttpResponse.json([])),
      http.get('/api/ops/places/', () => HttpResponse.json(PLACES)),
      http.post('/api/ops/parties/', async ({ request }) => {
        bodies.push(await request.json());
        if (bodies.length === 1) return HttpResponse.json({ place_id: ['없는 장소입니다.'] }, { status: 400 });
        return HttpResponse.json({ id: 9 }, { status: 201 });
      }),
      http.get('/api/ops/parties/9/', () => HttpResponse.json({ ...PARTY, id: 9, title: '야간 러닝', applied_count: 0, paid_count: 0 })),
    );
    const ui = renderApp('/ops/parties');
    await ui.user.click(await screen.findByRole('link', { name: '파티 만들기' }));
    expect(ui.currentPath()).toBe('/ops/parties/new');
    expect(await screen.findByRole('heading', { name: '파티 만들기' })).toBeInTheDocument();

    // Nothing typed: every required field says so, and the first one takes the focus. Nothing is sent.
    await ui.user.click(screen.getByRole('button', { name: '파티 만들기' }));
    const title = screen.getByLabelText('제목');
    expect(title).toHaveFocus();
    expect(title).toHaveAccessibleDescription(/제목을 입력해 주세요\./);
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('장소')).toHaveAccessibleDescription('장소를 골라 주세요.');
    expect(screen.getByLabelText('시작 날짜')).toHaveAccessibleDescription(/시작 날짜와 시간을 입력해 주세요\./);
    expect(screen.getByLabelText('정원')).toHaveAccessibleDescription(/정원을 입력해 주세요\./);
    expect(bodies).toEqual([]);

    await ui.user.type(title, '야간 러닝');
    // Fixing a field takes its message away.
    expect(title).not.toHaveAttribute('aria-invalid');
    await fill(ui.user, { 설명: '운동장 5바퀴', 장소: '중앙도서관', '시작 날짜': '2027-03-10', '시작 시간': '21:30', 정원: '60', '보증금 (P)': '0', 태그: '운동, #러닝' });
    expect(within(screen.getByRole('list', { name: '붙을 태그' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['#운동', '#러닝']);
    await ui.user.click(screen.getByRole('button', { name: '파티 만들기' }));
    // The shared schema's limit, checked before anything is sent.
    expect(screen.getByLabelText('정원')).toHaveFocus();
    expect(screen.getByLabelText('정원')).toHaveAccessibleDescription(/정원은 2~50명이어야 합니다\./);
    expect(bodies).toEqual([]);

    await fill(ui.user, { 정원: '12' });
    await ui.user.click(screen.getByRole('button', { name: '파티 만들기' }));
    const place = screen.getByLabelText('장소');
    expect(await screen.findByText('없는 장소입니다.')).toBeInTheDocument();
    expect(place).toHaveAccessibleDescription('없는 장소입니다.');
    expect(place).toHaveFocus();
    // 21:30 in Seoul, whatever the zone this runs in.
    expect(bodies[0]).toEqual({ title: '야간 러닝', description: '운동장 5바퀴', place_id: 2, start_time: '2027-03-10T21:30:00+09:00', max_participants: 12, deposit: 0, tags: ['운동', '러닝'] });
    expect(screen.getByLabelText('제목')).toHaveValue('야간 러닝');
    expect(screen.getByLabelText('설명')).toHaveValue('운동장 5바퀴');
    expect(screen.getByLabelText('시작 시간')).toHaveValue('21:30');

    await ui.user.click(screen.getByRole('button', { name: '파티 만들기' }));
    const created = await screen.findByText("'야간 러닝' 파티를 만들었습니다.");
    expect(created).toHaveAttribute('role', 'status');
    // Read first on the new page.
    expect(created).toHaveFocus();
    expect(ui.currentPath()).toBe('/ops/parties/9');
    expect(screen.getByRole('heading', { name: /야간 러닝/ })).toBeInTheDocument();
  });

  it('keeps the form through a sign-in when the operator’s session ended while typing', async () => {
    let sessionOver = true;
    server.use(
      http.get('/api/ops/places/', () => HttpResponse.json(PLACES)),
      http.post('/api/ops/parties/', () => (sessionOver ? HttpResponse.json({ detail: '운영자 로그인이 만료되었습니다. 다시 로그인해 주세요.' }, { status: 401 }) : HttpResponse.json({ id: 9 }, { status: 201 }))),
      http.post('/api/ops/auth/login/', () => {
        sessionOver = false;
        return HttpResponse.json({ token: 'ops_new', expires_at: '2027-03-03T12:00:00Z', operator: { id: 1, username: 'ops_demo' } });
      }),
    );
    const ui = renderApp('/ops/parties/new');
    await screen.findByLabelText('제목');
    await fill(ui.user, { 제목: '야간 러닝', 설명: '긴 설명을 쓰다가 자리를 비웠습니다', 장소: '학생회관', '시작 날짜': '2027-03-10', '시작 시간': '21:30', 정원: '12', '보증금 (P)': '1000' });
    await ui.user.click(screen.getByRole('button', { name: '파티 만들기' }));

    await ui.user.type(await screen.findByLabelText('아이디'), 'ops_demo');
    await ui.user.type(screen.getByLabelText('비밀번호'), 'partyon1234');
    await ui.user.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByLabelText('설명')).toHaveValue('긴 설명을 쓰다가 자리를 비웠습니다');
    expect(screen.getByLabelText('제목')).toHaveValue('야간 러닝');
    expect(screen.getByLabelText('보증금 (P)')).toHaveValue(1000);
    expect(ui.currentPath()).toBe('/ops/parties/new');
  });

  it('offers a place put on the map a moment ago', async () => {
    let places = PLACES;
    server.use(http.get('/api/ops/places/', () => HttpResponse.json(places)), http.get('/api/ops/parties/', () => HttpResponse.json([])));
    const ui = renderApp('/ops/parties/new');
    expect(await screen.findByRole('option', { name: '학생회관' })).toBeInTheDocument();
    await ui.user.click(screen.getByRole('link', { name: '‹ 파티 목록' }));
    places = [...PLACES, { id: 3, name: '새 운동장', x_norm: 0.5, y_norm: 0.9, photo: null, upcoming_parties: 0 }];
    await ui.user.click(await screen.findByRole('link', { name: '파티 만들기' }));
    await ui.user.selectOptions(screen.getByLabelText('장소'), await screen.findByRole('option', { name: '새 운동장' }));
    expect(screen.getByLabelText('장소')).toHaveValue('3');
  });
});

describe('/ops/parties/:id/edit', () => {
  it('fills the form with the party in Seoul time and sends only what changed, the server’s rules beside their fields', async () => {
    const patches: unknown[] = [];
    let current = { ...PARTY };
    server.use(
      http.get('/api/ops/parties/7/', () => HttpResponse.json(current)),
      http.get('/api/ops/places/', () => HttpResponse.json(PLACES)),
      http.patch('/api/ops/parties/7/', async ({ request }) => {
        const patch = (await request.json()) as Record<string, unknown>;
        patches.push(patch);
        if (patches.length === 1) {
          return HttpResponse.json(
            {
              max_participants: ['이미 5명이 신청해 정원을 5명보다 줄일 수 없습니다.'],
              deposit: ['신청한 학생이 있어 보증금을 바꿀 수 없습니다. 파티를 취소하고 새로 만들어 주세요.'],
            },
            { status: 409 },
          );
        }
        current = { ...current, ...patch };
        return HttpResponse.json(current);
      }),
    );
    const ui = renderApp('/ops/parties/7');
    await ui.user.click(await screen.findByRole('link', { name: '수정' }));
    expect(ui.currentPath()).toBe('/ops/parties/7/edit');
    expect(await screen.findByLabelText('제목')).toHaveValue('보드게임 번개');
    expect(screen.getByLabelText('설명')).toHaveValue('보드게임 하실 분');
    expect(screen.getByLabelText('장소')).toHaveDisplayValue('학생회관');
    expect(screen.getByLabelText('시작 날짜')).toHaveValue('2027-03-10');
    expect(screen.getByLabelText('시작 시간')).toHaveValue('19:00');
    expect(screen.getByLabelText('정원')).toHaveValue(8);
    expect(screen.getByLabelText('보증금 (P)')).toHaveValue(1500);
    expect(screen.getByLabelText('태그')).toHaveValue('보드게임, 친목');
    // The rules are said before the operator runs into them.
    expect(screen.getByLabelText('정원')).toHaveAccessibleDescription(/지금 5명이 신청해 있어/);
    expect(screen.getByLabelText('보증금 (P)')).toHaveAccessibleDescription(/신청한 학생이 있으면 보증금은 바꿀 수 없습니다/);

    await fill(ui.user, { 정원: '4', '보증금 (P)': '2000' });
    await ui.user.click(screen.getByRole('button', { name: '수정 저장' }));
    expect(await screen.findByText('이미 5명이 신청해 정원을 5명보다 줄일 수 없습니다.')).toBeInTheDocument();
    expect(screen.getByLabelText('정원')).toHaveFocus();
    expect(screen.getByLabelText('정원')).toHaveAccessibleDescription(/이미 5명이 신청해 정원을 5명보다 줄일 수 없습니다\./);
    expect(screen.getByLabelText('보증금 (P)')).toHaveAccessibleDescription(/파티를 취소하고 새로 만들어 주세요\./);
    expect(patches[0]).toEqual({ max_participants: 4, deposit: 2000 });

    await fill(ui.user, { 정원: '10', '보증금 (P)': '1500' });
    await ui.user.click(screen.getByRole('button', { name: '수정 저장' }));
    const saved = await screen.findByText('파티를 수정했습니다.');
    expect(saved).toHaveAttribute('role', 'status');
    expect(saved).toHaveFocus();
    expect(patches[1]).toEqual({ max_participants: 10 });
    expect(ui.currentPath()).toBe('/ops/parties/7');
    expect(screen.getByText('5/10')).toBeInTheDocument();
  });

  it('sends nothing when nothing changed', async () => {
    server.use(http.get('/api/ops/parties/7/', () => HttpResponse.json(PARTY)), http.get('/api/ops/places/', () => HttpResponse.json(PLACES)));
    const requests = recordRequests();
    const ui = renderApp('/ops/parties/7/edit');
    // Retyped the same, in another order: still no change.
    await screen.findByLabelText('태그');
    await fill(ui.user, { 태그: '친목, 보드게임' });
    await ui.user.click(screen.getByRole('button', { name: '수정 저장' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('바뀐 내용이 없습니다.')); // the (empty) alert line is there before its words
    expect(requests.sent('PATCH', '/api/ops/parties/7/')).toBe(0);
  });

  it('says why a started, finished or cancelled party cannot be edited, with no button to try', async () => {
    for (const [phase, why] of [
      ['in_progress', '이미 시작한 파티는 수정할 수 없습니다.'],
      ['finished', '끝난 파티는 수정하거나 취소할 수 없습니다.'],
      ['cancelled', '취소된 파티는 수정할 수 없습니다.'],
    ] as const) {
      server.use(http.get('/api/ops/parties/7/', () => HttpResponse.json({ ...PARTY, phase, status: phase === 'cancelled' ? 'cancelled' : 'open' })));
      const ui = renderApp('/ops/parties/7');
      expect(await screen.findByText(why)).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: '수정' })).not.toBeInTheDocument();
      expect(screen.queryAllByRole('button', { name: '파티 취소' })).toHaveLength(phase === 'in_progress' ? 1 : 0);
      ui.unmount();
    }
  });
});
