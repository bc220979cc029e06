import { useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import type { z } from 'zod';
import { parseId } from '../../shared/ids';
import type { opsCheckIn, opsPartyDetail } from '../../shared/ops-contract';
import { errorMessage } from '../api/api-error';
import { formatMonthDayTime, formatPartyDateTime } from '../lib/format-date';
import { CancelPartyDialog, type PartyCancelled } from './CancelPartyDialog';
import { LoadState } from './LoadState';
import { opsFetch } from './ops-api';
import { OPS_TEXTS as T } from './ops-texts';
import { PARTY_FORM_TEXTS as F } from './party-form-texts';
import { usePartyOutcome } from './party-outcome';
import './party-form.css';
import { useOpsData } from './use-ops-data';
import { TableScroll } from './TableScroll';

type PartyDetail = z.infer<typeof opsPartyDetail>;
type Attendee = PartyDetail['attendees'][number];
type CheckIn = z.infer<typeof opsCheckIn>;

/** One party for an operator: its numbers, its attendees with payment and check-in, and a manual check-in. */
export function PartyScreen() {
  const partyId = parseId(useParams<{ partyId: string }>().partyId);
  const { data, error, mutate } = useOpsData<PartyDetail>(partyId === null ? null : `/api/ops/parties/${partyId}/`);
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const outcomeLine = useRef<HTMLParagraphElement>(null);
  const [outcome, setOutcome] = usePartyOutcome(partyId, outcomeLine);
  const [cancelling, setCancelling] = useState(false);

  // The 파티 취소 button the dialog would give the focus back to is gone with the party: the outcome takes it.
  async function cancelled(result: PartyCancelled) {
    setCancelling(false);
    setOutcome(F.cancelled(result.cancelled, result.refunded_points));
    await mutate();
    outcomeLine.current?.focus();
  }

  // Never rejects: the outcome is announced in the status line above the table.
  async function checkIn(attendee: Attendee) {
    setBusy(attendee.user.id);
    setNotice(null);
    try {
      const result = await opsFetch<CheckIn>(`/api/ops/parties/${partyId}/participants/${attendee.user.id}/check-in/`, { method: 'POST' });
      const text = result.checked_in_now ? T.checkedInNow(attendee.user.name, result.returned_points) : T.alreadyCheckedIn(attendee.user.name);
      setNotice({ text, failed: false });
      await mutate();
    } catch (failure) {
      setNotice({ text: errorMessage(failure, T.checkInFailed), failed: true });
    } finally {
      setBusy(null);
    }
  }

  if (partyId === null) return <LoadState error={new Error(T.loadFailed)} retry={() => undefined} />;
  // The same back link and outcome line while loading and after: the line a create left keeps the focus it took.
  const head = (
    <>
      <p>
        <Link href="/parties">‹ {T.backToParties}</Link>
      </p>
      <p ref={outcomeLine} className="party-outcome" role="status" tabIndex={-1}>
        {outcome}
      </p>
    </>
  );
  if (!data) {
    return (
      <>
        {head}
        <LoadState error={error} retry={() => void mutate()} />
      </>
    );
  }
  return (
    <>
      {head}
      <h1 className="ops-page__title">
        {data.title} <span className="chip chip--muted">{T.phase[data.phase]}</span>
      </h1>
      <div className="party-actions">
        {data.phase === 'upcoming' && (
          <Link href={`/parties/${data.id}/edit`} className="button party-actions__button">
            {F.edit}
          </Link>
        )}
        {(data.phase === 'upcoming' || data.phase === 'in_progress') && (
          <button type="button" className="button party-actions__button ops-button--danger" onClick={() => setCancelling(true)}>
            {F.cancel}
          </button>
        )}
        {data.phase !== 'upcoming' && <p className="party-actions__why">{F.cannotEdit[data.phase]}</p>}
      </div>
      {cancelling && <CancelPartyDialog party={data} onClose={() => setCancelling(false)} onCancelled={(result) => void cancelled(result)} />}
      <dl className="ops-facts">
        <dt>{T.startTime}</dt>
        <dd>{formatPartyDateTime(data.start_time)}</dd>
        <dt>{T.place}</dt>
        <dd>{data.place.name}</dd>
        <dt>{T.seats}</dt>
        <dd>
          {data.applied_count}/{data.max_participants}
        </dd>
        <dt>{T.deposit}</dt>
        <dd>{data.deposit.toLocaleString('ko-KR')}P</dd>
        <dt>{T.checkIn}</dt>
        <dd>
          {data.checked_in_count} · {T.noShow} {data.no_show_count}
        </dd>
      </dl>
      <section className="ops-section">
        <h2 className="ops-section__title">{T.attendees}</h2>
        <p className={notice?.failed ? 'error-text' : 'status-text'} role="status">
          {notice?.text}
        </p>
        {data.attendees.length === 0 ? (
          <p className="status-text">{T.noAttendees}</p>
        ) : (
          <TableScroll label={T.attendees}>
            <table className="ops-table">
              <thead>
                <tr>
                  <th scope="col">{T.student}</th>
                  <th scope="col">{T.payment}</th>
                  <th scope="col">{T.deposit}</th>
                  <th scope="col">{T.standby}</th>
                  <th scope="col">{T.checkIn}</th>
                </tr>
              </thead>
              <tbody>
                {data.attendees.map((a) => (
                  <tr key={a.participation_id}>
                    <th scope="row">
                      {a.user.name} <span className="ops-muted">@{a.user.username}</span>
                    </th>
                    <td>{T.participationStatus[a.status]}</td>
                    <td>{T.depositState[a.deposit_state]}</td>
                    <td>{a.is_standby ? '✓' : ''}</td>
                    <td>
                      {a.checked_in_at ? (
                        formatMonthDayTime(a.checked_in_at)
                      ) : a.status === 'confirmed' && data.status === 'open' ? (
                        <button
                          type="button"
                          className="button button--small"
                          disabled={busy !== null}
                          aria-label={`${a.user.name} ${T.checkInAction}`}
                          onClick={() => void checkIn(a)}
                        >
                          {busy === a.user.id ? T.checkingIn : T.checkInAction}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
      {data.description && (
        <section className="ops-section">
          <h2 className="ops-section__title">{T.description}</h2>
          <p className="ops-description">{data.description}</p>
        </section>
      )}
    </>
  );
}
