import type { MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import defaultParty from '../../../assets/images/default-party.svg';
import type { HomeParty } from '../../shared/parties';
import type { MySeat } from '../api/my-seats';
import { formatMonthDayTime } from '../lib/format-date';
import { Img } from '../ui/Img';
import { MyStateChip } from '../ui/MyStateChip';
import { JOIN_TEXTS } from '../ui/texts';

const APPLY = '신청하기';

interface Props {
  party: HomeParty;
  pending: boolean;
  disabled: boolean;
  onApply: (partyId: number) => void;
  /** My seat here, or my place in its line: shown in place of the apply button. */
  mySeat?: MySeat;
  /** '' on a guest's card: its button is hidden in a drawn copy kept for a signed-in student (lib/page-loader.ts). */
  guestOnly?: string;
  /** Why I cannot apply yet (a student card not approved): the button says it, and a tap explains. */
  blockedLabel?: string;
  /** On screen without scrolling: its photo is the largest paint, so it is fetched first, never lazily. */
  aboveFold?: boolean;
}

export function PartyCard({ party, pending, disabled, onApply, mySeat, blockedLabel, guestOnly, aboveFold = false }: Props) {
  const [, navigate] = useLocation();
  const detailPath = `/partyinfo/${party.id}`;
  const applied = party.applied_count ?? 0;
  const full = applied >= party.max_participants;
  // A full party takes a line (issue 18): the party page holds it, with my position.
  const label = pending ? JOIN_TEXTS.pending : (blockedLabel ?? (full ? JOIN_TEXTS.wait : APPLY));

  // A tap anywhere on the card opens the detail; the title link is the same thing for keyboards and screen
  // readers. Taps on the link or the apply button are theirs alone, so one tap never navigates twice.
  const openDetail = (event: MouseEvent<HTMLLIElement>) => {
    if ((event.target as Element).closest('a, button')) return;
    navigate(detailPath);
  };

  return (
    <li className="card party-card" onClick={openDetail}>
      <div className="card__cover">
        <Img
          src={party.place_photo}
          fallback={defaultParty}
          alt={party.place_name}
          width={640}
          height={400}
          loading={aboveFold ? 'eager' : 'lazy'}
          fetchPriority={aboveFold ? 'high' : 'auto'}
        />
        <span className="chip chip--photo">{party.place_name}</span>
      </div>
      <div className="party-card__body">
        <h2 className="party-card__title">
          <Link href={detailPath} className="tap-area">
            #{party.title}
          </Link>
        </h2>
        <p className="party-card__meta">
          <time dateTime={party.start_time}>{formatMonthDayTime(party.start_time)}</time>
          <span>
            {applied}/{party.max_participants}명
          </span>
        </p>
        {mySeat ? (
          <MyStateChip seat={mySeat} className="party-card__state" />
        ) : (
          <button
            type="button"
            className="button button--small"
            data-personal={guestOnly}
            disabled={pending || disabled}
            onClick={() => (full && !blockedLabel ? navigate(detailPath) : onApply(party.id))}
          >
            {label}
          </button>
        )}
      </div>
    </li>
  );
}
