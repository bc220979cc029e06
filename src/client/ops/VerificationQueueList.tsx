import { useEffect, useRef } from 'react';
import { formatMonthDayTime } from '../lib/format-date';
import type { Verification } from './use-verification-queue';
import { VERIFICATION_TEXTS as T } from './verification-texts';

interface Props {
  labelledBy: string;
  list: Verification[];
  selected: number;
  onSelect: (index: number) => void;
  /** More students on pages not loaded yet: 더 보기 (J past the last student does the same). */
  more: { loading: boolean; onMore: () => void } | null;
}

/** The queue as buttons, one a student; the one on screen is marked, and the keyboard focus follows it. */
export function VerificationQueueList({ labelledBy, list, selected, onSelect, more }: Props) {
  const box = useRef<HTMLOListElement>(null);
  const selectedId = list[selected]?.id;

  useEffect(() => {
    const ol = box.current;
    const button = ol?.querySelector<HTMLButtonElement>('[aria-current="true"]');
    if (!ol || !button) return;
    // J/K while a student's button has the focus moves the focus too, so a screen reader reads the new student.
    if (ol.contains(document.activeElement)) button.focus();
    // The list scrolls inside its own box to show the student; the page itself stays where the operator is
    // (scrollIntoView would pull a phone's page up to the list after every decision).
    const top = button.offsetTop;
    const bottom = top + button.offsetHeight;
    if (top < ol.scrollTop) ol.scrollTop = top;
    else if (bottom > ol.scrollTop + ol.clientHeight) ol.scrollTop = bottom - ol.clientHeight;
  }, [selectedId]);

  return (
    <>
      <ol ref={box} className="verif-queue" aria-labelledby={labelledBy}>
        {list.map((student, index) => (
          <li key={student.id}>
            <button type="button" className="verif-queue__item" aria-current={index === selected ? 'true' : undefined} onClick={() => onSelect(index)}>
              <span className="verif-queue__name">
                {student.name} <span className="ops-muted">@{student.username}</span>
              </span>
              <span className="verif-queue__meta">
                {student.school ?? ''}
                {student.card_submitted_at ? ` · ${formatMonthDayTime(student.card_submitted_at)}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ol>
      {more && (
        // aria-disabled, not disabled: the button keeps the focus of an operator who pressed it while the page loads.
        <button type="button" className="button button--ghost verif-queue__more" aria-disabled={more.loading || undefined} onClick={() => !more.loading && more.onMore()}>
          {more.loading ? T.loadingMore : T.more}
        </button>
      )}
    </>
  );
}
