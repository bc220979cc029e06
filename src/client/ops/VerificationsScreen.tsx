import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { VERIFICATION_STATUSES } from '../../shared/verification';
import { useLatest } from '../lib/use-latest';
import { LoadState } from './LoadState';
import { useVerificationDecision } from './use-verification-decision';
import { type QueueFilter, queueSearch, useVerificationQueue } from './use-verification-queue';
import { isTypingTarget, queueKeyAction, type QueueKeyAction } from './verification-keys';
import { VerificationPanel } from './VerificationPanel';
import { VerificationFilters } from './VerificationFilters';
import { VerificationQueueList } from './VerificationQueueList';
import { VerificationStanding } from './VerificationStanding';
import { VERIFICATION_TEXTS as T } from './verification-texts';
import './verification.css';

function readFilter(search: string): QueueFilter {
  const query = new URLSearchParams(search);
  const status = query.get('status');
  return { status: VERIFICATION_STATUSES.find((s) => s === status) ?? 'pending', q: query.get('q')?.trim() ?? '' };
}

/** The student cards waiting for an operator, oldest first: look at the card beside the student, approve or reject. */
export function VerificationsScreen() {
  const filter = readFilter(useSearch());
  const { status } = filter;
  const [, navigate] = useLocation();
  const queue = useVerificationQueue(filter);
  const decision = useVerificationDecision(queue);
  const { list, index, student } = queue;
  const decidable = student?.status === 'pending';

  function act(action: QueueKeyAction) {
    if (action === 'next') queue.select(index + 1);
    else if (action === 'previous') queue.select(index - 1);
    else if (student && decidable && action === 'approve') void decision.approve(student);
    else if (decidable && action === 'focusReason') decision.reasonField.current?.focus();
  }
  const latestAct = useLatest(act);
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.defaultPrevented) return;
      const action = queueKeyAction(e, isTypingTarget(e.target));
      if (!action) return;
      // Arrows would also scroll the page, and R would be typed into the reason it focuses.
      e.preventDefault();
      latestAct.current(action);
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [latestAct]);

  const position = student && (
    <div className="verif-panel__nav">
      <button type="button" className="button button--ghost verif-nav" aria-keyshortcuts="K ArrowUp" aria-disabled={index === 0 || undefined} onClick={() => act('previous')}>
        {T.previous}
      </button>
      <span className="verif-panel__position">{T.position(index + 1, queue.total)}</span>
      <button type="button" className="button button--ghost verif-nav" aria-keyshortcuts="J ArrowDown" aria-disabled={(index >= list.length - 1 && !queue.hasMore) || undefined} onClick={() => act('next')}>
        {T.next}
      </button>
    </div>
  );

  return (
    <>
      <h1 className="ops-page__title">{T.title}</h1>
      <div className="verif-toolbar">
        <VerificationFilters filter={filter} onFilter={(next) => navigate(`/verifications${queueSearch(next)}`)} />
        <section className="verif-keys" aria-labelledby="verif-keys-title">
          <h2 id="verif-keys-title" className="verif-keys__title">
            {T.keysTitle}
          </h2>
          <ul className="verif-keys__list">
            {T.keys.map((k) => (
              <li key={k.action}>
                {k.keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 && ' / '}
                    <kbd>{key}</kbd>
                  </span>
                ))}{' '}
                {k.action}
              </li>
            ))}
          </ul>
          <p className="verif-keys__note">{T.keysNote}</p>
        </section>
      </div>
      {queue.data && (
        <VerificationStanding waiting={status === 'pending' ? { total: queue.total, oldestSubmittedAt: queue.oldestSubmittedAt } : null} decidedToday={queue.decidedToday} />
      )}
      <p className={decision.outcome?.failed ? 'error-text verif-outcome' : 'verif-outcome'} role="status">
        {decision.outcome?.text}
      </p>
      {!queue.data ? (
        <LoadState error={queue.error} retry={() => void queue.reload()} />
      ) : list.length === 0 || !student ? (
        <p className="status-text">{filter.q ? T.empty.search(filter.q) : status === 'pending' ? T.empty.pending : T.empty.other}</p>
      ) : (
        <div className="verif-layout">
          <section className="verif-layout__queue" aria-labelledby="verif-queue-title">
            <h2 id="verif-queue-title" className="ops-section__title">
              {T.queue(T.statusLabel[status], queue.total)}
            </h2>
            <VerificationQueueList
              labelledBy="verif-queue-title"
              list={list}
              selected={index}
              onSelect={queue.select}
              more={queue.hasMore ? { loading: queue.loadingMore, onMore: queue.loadMore } : null}
            />
          </section>
          <VerificationPanel
            student={student}
            position={position}
            decision={
              decidable
                ? {
                    busy: decision.busy,
                    reason: decision.reasonOf(student.id),
                    reasonError: decision.reasonErrorOf(student.id),
                    reasonField: decision.reasonField,
                    onReason: (text) => decision.setReason(student.id, text),
                    onApprove: () => void decision.approve(student),
                    onReject: () => void decision.reject(student),
                  }
                : null
            }
          />
        </div>
      )}
    </>
  );
}
