import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/format-date';
import { formatPhone } from '../lib/format-phone';
import { StudentCardImage } from './StudentCardImage';
import type { Verification } from './use-verification-queue';
import { VerificationDecision, type DecisionProps } from './VerificationDecision';
import { VERIFICATION_TEXTS as T } from './verification-texts';

interface Props {
  student: Verification;
  position: ReactNode;
  /** Only a pending card can be decided; the other lists are for looking up. */
  decision: DecisionProps | null;
}

/** The student on screen: their card beside who they say they are, and the decision. */
export function VerificationPanel({ student, position, decision }: Props) {
  const titleId = `verif-student-${student.id}`;
  return (
    <section className="verif-panel" aria-labelledby={titleId}>
      <div className="verif-panel__head">
        <h2 id={titleId} className="ops-section__title">
          {student.name} <span className="ops-muted">@{student.username}</span>
        </h2>
        {position}
      </div>
      <div className="verif-panel__body">
        <StudentCardImage userId={student.id} submittedAt={student.card_submitted_at} deletedAt={student.card_deleted_at} alt={T.cardAlt(student)} />
        <div className="verif-panel__details">
          <dl className="ops-facts">
            <dt>{T.name}</dt>
            <dd>{student.name}</dd>
            <dt>{T.school}</dt>
            <dd>{student.school ?? T.none}</dd>
            <dt>{T.phone}</dt>
            <dd>{student.phone ? formatPhone(student.phone) : T.none}</dd>
            <dt>{T.email}</dt>
            <dd className="verif-panel__email">{student.email ?? T.none}</dd>
            <dt>{T.sentAt}</dt>
            <dd>{student.card_submitted_at ? formatDateTime(student.card_submitted_at) : T.none}</dd>
            {student.verified_at && (
              <>
                <dt>{T.decidedAt}</dt>
                <dd>{formatDateTime(student.verified_at)}</dd>
              </>
            )}
            {student.reason && (
              <>
                <dt>{T.reason}</dt>
                <dd>{student.reason}</dd>
              </>
            )}
          </dl>
          {decision && <VerificationDecision {...decision} />}
        </div>
      </div>
    </section>
  );
}
