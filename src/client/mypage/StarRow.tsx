import { useId } from 'react';
import { RATING_MAX, RATING_MIN } from '../../shared/constants';
import { FieldError, fieldAria } from '../ui/FormError';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

interface Props {
  label: string;
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
  /** Shown under the row until a star is chosen; each star reads it as its description. */
  error?: string;
}

/** One 1-5 row: each star is a button named "파티 재미 4점"; the chosen one is pressed, those up to it filled. */
export function StarRow({ label, value, disabled, onChange, error }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const { 'aria-invalid': invalid, 'aria-describedby': describedBy } = fieldAria(errorId, error);
  return (
    <div className="star-row">
      <span id={id} className="star-row__label">
        {label}
      </span>
      <div className="star-row__stars" role="group" aria-labelledby={id} aria-invalid={invalid}>
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            className={n <= value ? 'star-row__star star-row__star--on' : 'star-row__star'}
            aria-label={`${label} ${n}점`}
            aria-pressed={n === value}
            aria-describedby={describedBy}
            disabled={disabled}
            onClick={() => onChange(n)}
          >
            <svg viewBox="0 0 24 24" width={28} height={28} aria-hidden="true" focusable="false">
              <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
            </svg>
          </button>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
