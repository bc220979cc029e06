import './progress.css';

interface Props {
  label: string;
  /** 1-based: the step the student is on. */
  step: number;
  count: number;
  /** Read out instead of the bare number, e.g. "2 / 5". */
  valueText?: string;
  /** Places the bar (and may recolour its fill) on the screen that uses it. */
  className: string;
}

/** A thin bar that fills step by step (the balance game's questions, the profile wizard's steps). */
export function StepProgress({ label, step, count, valueText, className }: Props) {
  return (
    <div
      className={`progress ${className}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={1}
      aria-valuemax={count}
      aria-valuenow={step}
      aria-valuetext={valueText}
    >
      <div className="progress__fill" style={{ width: `${(step / count) * 100}%` }} />
    </div>
  );
}
