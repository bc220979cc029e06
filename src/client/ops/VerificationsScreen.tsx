import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { VERIFICATION_STATUSES } from '../../shared/verification';
import { useLatest } from '../lib/use-latest';
import { LoadState } from './LoadState';
import { useVerificationDecision } from './use-verification-decision';
import { type QueueFilter, queueSearch, useVerificationQueue } from './use-verification-queue';
import { isTypingTarget, queueKeyAction, type QueueKeyAction, type ViewerKeyAction } from './verification-keys';
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
  const approveButton = useRef<HTMLButtonElement>(null);
  const viewer = useRef<((action: ViewerKeyAction) => void) | null>(null);
  const outcomeLine = useRef<HTMLParagraphElement>(null);
  // After a decision or an undo the focus goes to the next card's 승인 (never to <body>, where the pressed button was),
  // or, when nobody is left to decide, to the line saying what was done.
  const [focusTurn, setFocusTurn] = useState(0);
  useEffect(() => {
    if (focusTurn) (approveButton.current ?? outcomeLine.current)?.focus();
  }, [focusTurn]);
  const focusDecision = () => setFocusTurn((n) => n + 1);

  function act(action: QueueKeyAction) {
    if (action === 'next') queue.select(index + 1);
    else if (action === 'previous') queue.select(index - 1);
    else if (action === 'undo') {
      if (decision.undo()) focusDecision();
    } else if (student && decidable && action === 'approve') decision.approve(student);
    else if (student && decidable && action === 'reject') decision.openReject(student.id);
    else if (action !== 'approve' && action !== 'reject') viewer.current?.(action);
  }
  const latestAct = useLatest(act);
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.defaultPrevented) return;
      const action = queueKeyAction(e, isTypingTarget(e.target));
      if (!action) return;
      // Arrows would also scroll the page, and a digit would pick a reason in the list R opens.
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
      <div className="verif-outcome-line">
        <p ref={outcomeLine} tabIndex={-1} className={decision.outcome?.failed ? 'error-text verif-outcome' : 'verif-outcome'} role="status">
          {decision.pending ? T.approvePending(decision.pending.student, decision.pending.left) : decision.outcome?.text}
        </p>
        {decision.pending && (
          <button type="button" className="button button--small button--ghost verif-undo" aria-keyshortcuts="U Control+Z" onClick={() => act('undo')}>
            {T.undo}
          </button>
        )}
      </div>
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
            viewer={viewer}
            decision={
              decidable
                ? {
                    busy: decision.busy,
                    rejecting: decision.rejectingOf(student.id),
                    preset: decision.presetOf(student.id),
                    reason: decision.reasonOf(student.id),
                    reasonError: decision.reasonErrorOf(student.id),
                    reasonField: decision.reasonField,
                    approveButton,
                    onOpenReject: () => decision.openReject(student.id),
                    onCloseReject: decision.closeReject,
                    onPick: (preset) => decision.pick(student.id, preset),
                    onReason: (text) => decision.setReason(student.id, text),
                    onApprove: () => decision.approve(student),
                    onReject: () => void decision.reject(student).then((done) => done && focusDecision()),
                  }
                : null
            }
          />
        </div>
      )}
    </>
  );
}
