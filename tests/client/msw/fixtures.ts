import type { MyPageMain } from '../../../src/shared/mypage';

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
};
