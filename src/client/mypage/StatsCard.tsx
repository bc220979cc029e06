import { Link } from 'wouter';
import { formatPoints } from '../lib/format-points';
import { InfoTip } from './InfoTip';
import { MYPAGE_TEXTS as T } from './mypage-texts';

interface Props {
  points: number;
  participationCount: number;
  warnings: number;
}

export function StatsCard({ points, participationCount, warnings }: Props) {
  return (
    <section className="mypage-stats" aria-label="나의 활동">
      <div className="mypage-stats__points">
        <span className="mypage-stats__label">
          {T.points}
          <InfoTip label={T.pointsInfo} text={T.pointsTip} />
        </span>
        <strong className="mypage-stats__points-value">{formatPoints(points)}</strong>
      </div>
      <div className="mypage-stats__row">
        <Link href="/mypage/history" className="mypage-stats__cell mypage-stats__cell--link" aria-label={`${T.participation} ${participationCount}${T.times}, ${T.participationHint}`}>
          <span className="mypage-stats__label">{T.participation}</span>
          <strong className="mypage-stats__value">
            {participationCount}
            <small>{T.times}</small>
          </strong>
          <span className="mypage-stats__hint" aria-hidden="true">
            {T.participationHint} ›
          </span>
        </Link>
        <div className="mypage-stats__cell">
          <span className="mypage-stats__label">
            {T.warnings}
            <InfoTip label={T.warningsInfo} text={T.warningsTip} />
          </span>
          <strong className={warnings > 0 ? 'mypage-stats__value mypage-stats__value--warn' : 'mypage-stats__value'}>
            {warnings}
            <small>{T.times}</small>
          </strong>
        </div>
      </div>
    </section>
  );
}
