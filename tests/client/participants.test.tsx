import { screen, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import defaultAvatar from '../../assets/images/default-avatar.svg';
import { mbtiText, participantTags } from '../../src/client/party/participants-tags';
import type { ParticipantEntry } from '../../src/shared/live';
import { acceptAlert } from './alerts';
import { server } from './msw/server';
import { renderApp, signInAs } from './render-app';

const ME = 7;
const extra = { extra: { grade: '2학년', college: '공과대학', personality: '활발한', mbti: { i_e: 'E', n_s: 'N', f_t: 'F', p_j: 'P' } } };

const ENTRIES: ParticipantEntry[] = [
  { id: 1, is_standby: true, user: { id: ME, username: 'minji_kim', profile_image: null, intro: '보드게임 좋아해요', extra_setting: extra } },
  {
    id: 2,
    is_standby: false,
    user: {
      id: 21,
      username: 'jun',
      profile_image: '/media/profiles/jun.jpg',
      intro: '',
      // Spec §3: extra_setting may also arrive as a JSON string, with MBTI as one string.
      extra_setting: JSON.stringify({ extra: { grade: '3학년', college: null, personality: '차분한', mbti: 'ISTJ' } }) as never,
    },
  },
];

function serve(body: JsonBodyType, status = 200) {
  server.use(http.get('/api/partyassist/standby/:id/participants/', () => HttpResponse.json(body, { status })));
}

beforeEach(() => {
  signInAs();
  localStorage.setItem('user', JSON.stringify({ id: ME, username: 'minji_kim', name: '김민지' }));
});

describe('participant tags', () => {
  it('reads grade, college, personality, MBTI in that order, from an object or a JSON string', () => {
    expect(participantTags(extra)).toEqual(['2학년', '공과대학', '활발한', 'ENFP']);
    expect(participantTags(JSON.stringify(extra))).toEqual(['2학년', '공과대학', '활발한', 'ENFP']);
    expect(participantTags({ extra: { grade: null, college: '디자인대학', personality: '', mbti: 'infj' } })).toEqual(['디자인대학', 'infj']);
  });

  it('joins MBTI parts and survives missing or broken settings', () => {
    expect(mbtiText({ i_e: 'I', n_s: 'S', f_t: 'T', p_j: 'J' })).toBe('ISTJ');
    expect(mbtiText({ i_e: null, n_s: null, f_t: null, p_j: null })).toBeNull();
    expect(mbtiText('ESFP')).toBe('ESFP');
    expect(participantTags(null)).toEqual([]);
    expect(participantTags('{not json')).toEqual([]);
  });
});

describe('/participants/:partyId', () => {
  it('lists each participant with photo, name, intro (or its fallback), tags and the ready badge', async () => {
    serve(ENTRIES);
    renderApp('/participants/5');
    const items = await screen.findAllByRole('listitem', { name: '' });
    const [me, jun] = items.filter((li) => li.classList.contains('participants-item'));
    expect(within(me).getByText('minji_kim')).toBeInTheDocument();
    expect(within(me).getByText('보드게임 좋아해요')).toBeInTheDocument();
    expect(within(me).getByText('준비 완료')).toBeInTheDocument();
    expect(within(me).getAllByRole('listitem').map((t) => t.textContent)).toEqual(['2학년', '공과대학', '활발한', 'ENFP']);
    expect(within(jun).getByText('자기소개가 없습니다.')).toBeInTheDocument();
    expect(within(jun).queryByText('준비 완료')).not.toBeInTheDocument();
    expect(within(jun).getAllByRole('listitem').map((t) => t.textContent)).toEqual(['3학년', '차분한', 'ISTJ']);
    expect(jun.querySelector('img')?.getAttribute('src')).toBe('/media/profiles/jun.jpg');
    expect(me.querySelector('img')?.getAttribute('src')).toBe(defaultAvatar);
  });

  it('does not let the student report themself: 신고 불가, and a tap explains why', async () => {
    serve(ENTRIES);
    const ui = renderApp('/participants/5');
    const self = await screen.findByRole('button', { name: '신고 불가' });
    expect(self).toHaveAttribute('aria-disabled', 'true');
    await ui.user.click(self);
    await acceptAlert(ui.user, '자기 자신은 신고할 수 없습니다.');
    expect(ui.currentPath()).toBe('/participants/5');
  });

  it('sends a report of someone else to /report/{userId} with their details in history state', async () => {
    serve(ENTRIES);
    const ui = renderApp('/participants/5');
    await ui.user.click(await screen.findByRole('button', { name: '신고하기' }));
    expect(ui.currentPath()).toBe('/report/21');
    expect(ui.currentState()).toEqual({ userId: 21, name: 'jun', photo: '/media/profiles/jun.jpg', partyId: 5 });
  });

  it('says loading failed, with a back button', async () => {
    serve({ detail: '파티 참가자만 볼 수 있습니다.' }, 403);
    renderApp('/participants/5');
    expect(await screen.findByText('참가자 정보를 불러오지 못했습니다.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: '뒤로 가기' })).toHaveLength(2);
  });

  it('shows the loading text first', async () => {
    let answer = () => undefined as void;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/partyassist/standby/:id/participants/', async () => {
        await gate;
        return HttpResponse.json(ENTRIES);
      }),
    );
    renderApp('/participants/5');
    expect(await screen.findByText('참가자 정보를 불러오는 중...')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('minji_kim')).toBeInTheDocument();
  });

  it('says there is no party id for a bad address', async () => {
    renderApp('/participants/x');
    expect(await screen.findByText('파티 ID가 없습니다.')).toBeInTheDocument();
  });
});

describe('/participants/:partyId without a session', () => {
  it('asks a guest to sign in, asking the server nothing; closing the question goes to the party', async () => {
    localStorage.clear();
    let asked = 0;
    server.use(
      http.get('/api/partyassist/standby/:id/participants/', () => {
        asked += 1;
        return HttpResponse.json({ detail: '자격 인증 데이터가 제공되지 않았습니다.' }, { status: 401 });
      }),
    );
    const ui = renderApp('/participants/5');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('로그인이 필요한 서비스입니다.');
    expect(screen.queryByText('참가자 정보를 불러오지 못했습니다.')).not.toBeInTheDocument();
    expect(asked).toBe(0);
    // Signing in comes back here.
    await ui.user.click(within(dialog).getByRole('button', { name: '로그인 / 회원가입' }));
    expect(ui.currentPath()).toBe('/login');
    expect(localStorage.getItem('redirectPath')).toBe('/participants/5');
  });

  it('closing the question goes to the party the list belongs to', async () => {
    localStorage.clear();
    const ui = renderApp('/participants/5');
    await ui.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '닫기' }));
    expect(ui.currentPath()).toBe('/partyinfo/5');
  });

  it('asks to sign in again when the session ended and the refresh cannot save it (a 401)', async () => {
    serve({ detail: '인증 정보가 올바르지 않습니다.' }, 401);
    server.use(http.post('/api/signup/auth/refresh/', () => HttpResponse.json({ detail: 'expired' }, { status: 401 })));
    renderApp('/participants/5');
    expect(await screen.findByRole('dialog')).toHaveTextContent('로그인이 필요한 서비스입니다.');
    expect(screen.queryByText('참가자 정보를 불러오지 못했습니다.')).not.toBeInTheDocument();
  });
});
