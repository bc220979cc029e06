import type { HistoryItem } from '../../../src/shared/community';
import type { MyParty } from '../../../src/shared/live';
import type { MyPageMain } from '../../../src/shared/mypage';
import type { HomeParty, ParticipationDetail, PartyDetail } from '../../../src/shared/parties';
import type { PrivacyPolicy } from '../../../src/shared/privacy';

export const PROFILE: MyPageMain = {
  id: 7,
  username: 'minji_kim',
  name: '김민지',
  intro: '보드게임 좋아해요',
  points: 10000,
  profile_image: null,
  grade: '2학년',
  college: '공과대학',
  personality: '활발한',
  mbti: { i_e: 'E', n_s: 'N', f_t: 'F', p_j: 'P' },
  participation_count: 3,
  warnings: 0,
  is_additional_info_provided: true,
  verification_status: 'approved',
  verification_reason: null,
};

export const PARTY_DETAIL: PartyDetail = {
  id: 5,
  title: '보드게임 번개',
  place_photo: null,
  place_name: '학생회관',
  place_map: null,
  place_x_norm: 0.4,
  place_y_norm: 0.5,
  // 19:00 in Seoul on Tuesday 3 March 2026.
  start_time: '2026-03-03T10:00:00Z',
  applied_count: 6,
  max_participants: 8,
  description: '처음 만나는 사람들과 가볍게 즐기는 보드게임 모임',
  deposit: 3000,
  status: 'open',
  tags: [
    { id: 1, name: '보드게임' },
    { id: 2, name: '친목' },
  ],
  participations: ['dahye', 'jun', 'seoyeon', 'minho', 'yuna', 'taeho'].map((username, i) => ({
    id: 100 + i,
    user: { id: 20 + i, username, profile_image: i === 0 ? '/media/profiles/dahye.jpg' : null },
  })),
  my_participation: null,
};

/** One party of home's list (GET /api/homemap/home/). */
export const HOME_PARTY: HomeParty = {
  id: 5,
  title: '보드게임 번개',
  place_photo: null,
  place_name: '학생회관',
  start_time: '2026-05-03T10:30:00Z',
  applied_count: 3,
  max_participants: 6,
  tags: ['보드게임'],
};

export const PARTICIPATION: ParticipationDetail = {
  id: 31,
  status: 'pending',
  hold_expires_at: null,
  user: { id: 7, points: 12500 },
  party: { id: 5, title: '보드게임 번개', deposit: 3000, start_time: '2026-03-03T10:00:00Z' },
};

/** One party of my history (GET /api/mypage/history/), in the flat form our server answers. */
export const HISTORY_ITEM: HistoryItem = {
  id: 5,
  title: '보드게임 번개',
  start_time: '2026-03-03T10:00:00Z',
  place_name: '학생회관',
  place_photo: null,
  applied_count: 6,
  max_participants: 8,
  reviewed: false,
};

/** One of my parties as the party assistant lists it (a paid seat, three of eight taken). */
export const MY_PARTY: MyParty = {
  id: 5,
  title: '보드게임 번개',
  start_time: '2099-05-03T10:30:00Z',
  place_name: '학생회관',
  place_photo: null,
  participation_count: 3,
  max_participants: 8,
  participants: [],
  hold_expires_at: null,
  my_status: 'confirmed',
};

/** The 개인정보 처리방침 in effect (GET /api/privacy/). */
export const PRIVACY_POLICY: PrivacyPolicy = {
  version: 3,
  effective_date: '2026-03-01',
  body: '# 파티온 개인정보 처리방침\n\n## 1. 모으는 개인정보\n\n- **회원가입**: 이름, 학생증 사진\n\n<script>alert(1)</script><b>굵은 HTML</b>\n\n[나쁜 링크](javascript:alert(1))',
};
