import { Link } from 'wouter';
import defaultAvatar from '../../../assets/images/default-avatar.svg';
import type { MyPageMain } from '../../shared/mypage';
import { Img } from '../ui/Img';
import { MYPAGE_TEXTS as T, VERIFICATION_TEXTS as V } from './mypage-texts';

/** Spec §2/§3: tags in the order grade, college, personality, MBTI (its parts joined, e.g. ENFP). */
function profileTags(main: MyPageMain): string[] {
  const { i_e, n_s, f_t, p_j } = main.mbti;
  const mbti = [i_e, n_s, f_t, p_j].filter(Boolean).join('');
  return [main.grade, main.college, main.personality, mbti].filter((tag): tag is string => !!tag);
}

export function ProfileSummary({ main }: { main: MyPageMain }) {
  const tags = profileTags(main);
  return (
    <section className="mypage-profile">
      <Img className="mypage-profile__photo" src={main.profile_image} fallback={defaultAvatar} alt={T.photoAlt} />
      <div className="mypage-profile__text">
        <div className="mypage-profile__name-row">
          <h2 className="mypage-profile__name">{main.name}</h2>
          {main.verification_status === 'approved' && (
            <span className="chip chip--ok" title={V.approvedLabel}>
              {V.approved}
            </span>
          )}
        </div>
        <p className={main.intro ? 'mypage-profile__intro' : 'mypage-profile__intro mypage-profile__intro--empty'}>
          {main.intro || T.noIntro}
        </p>
      </div>
      <Link href="/mypage/edit" className="mypage-profile__edit tap-area">
        {T.editProfile}
      </Link>
      {tags.length > 0 ? (
        <ul className="plain-list mypage-tags" aria-label="내 태그">
          {tags.map((tag, i) => (
            <li key={`${i}-${tag}`} className="chip chip--lg chip--soft">
              #{tag}
            </li>
          ))}
        </ul>
      ) : (
        <Link href="/mypage/extra" className="mypage-profile__extra">
          {T.noTags} ›
        </Link>
      )}
    </section>
  );
}
