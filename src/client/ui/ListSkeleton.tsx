import { COMMON_TEXTS } from './texts';
import './skeleton.css';

interface Props {
  /** `card`: a party card with its photo (home, assist, history); `row`: a line of text (notifications). */
  shape: 'card' | 'row';
  count?: number;
}

/**
 * A list while it loads, as grey shapes of what is coming. The spec's loading text is still there for screen
 * readers (and tests), announced once; the shapes are hidden from them.
 */
export function ListSkeleton({ shape, count = shape === 'card' ? 2 : 4 }: Props) {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        {COMMON_TEXTS.loading}
      </p>
      <ul className="skeleton-list" aria-hidden="true">
        {Array.from({ length: count }, (_, i) =>
          shape === 'card' ? (
            <li key={i} className="skeleton-card">
              <div className="skeleton skeleton-card__photo" />
              <div className="skeleton-card__body">
                <div className="skeleton skeleton-card__title" />
                <div className="skeleton skeleton-card__meta" />
                <div className="skeleton skeleton-card__button" />
              </div>
            </li>
          ) : (
            <li key={i} className="skeleton-row">
              <div className="skeleton skeleton-row__line" />
              <div className="skeleton skeleton-row__line skeleton-row__line--short" />
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
