import bomb from '../../../assets/images/bomb.svg';
import { formatCountdown, isUnderWay } from '../lib/countdown';
import { ASSIST_TEXTS as T } from './assist-texts';

/** The bomb and the time left until the nearest party, re-rendered by the screen's 1 s ticker. */
export function CountdownBanner({ title, msLeft }: { title: string; msLeft: number }) {
  return (
    <section className="assist-countdown" aria-labelledby="assist-countdown-label">
      <img className="assist-countdown__bomb" src={bomb} alt="" width={88} height={88} />
      <div className="assist-countdown__text">
        <p id="assist-countdown-label" className="assist-countdown__label">
          {isUnderWay(msLeft) ? T.underWayLabel : T.countdownLabel}
        </p>
        <p className="assist-countdown__time" role="timer">
          {formatCountdown(msLeft)}
        </p>
        <p className="assist-countdown__party">{title}</p>
      </div>
    </section>
  );
}
