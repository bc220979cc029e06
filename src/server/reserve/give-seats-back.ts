import type { Tx } from '../db/connect';
import { type Released, releaseSeat } from './release-seat';
import { offerInTransaction } from './waitlist-offer';

/** A live seat a student gives back, and on what terms. */
export interface SeatGivenBack {
  id: number;
  partyId: number;
  refund: boolean;
  /** The ledger's reason for a refund. */
  reason: string;
  /** The party's start: its lobby, when open, is told of a paid seat given back (partyassist/lobby-announce.ts). */
  startTime: Date;
}

/**
 * What a leave, a withdrawal and an operator's suspension have in common: the student's seats are released
 * (release-seat.ts), in party order (step 2 of db/lock-order.ts), and each freed seat is offered to its party's line
 * in the same transaction (offerInTransaction). Keeping the three on this one path is the point: a withdrawal once
 * released its seats and offered none, so they waited for the sweeper. The caller has locked the student. Answers
 * each seat with what its release did (null: it was no longer live), the parties whose offer has to wait for the
 * commit (offerAfterRelease), and the lobbies that lost a paid participant (announceSeatsGivenBack, after the commit).
 */
export async function giveSeatsBack<S extends SeatGivenBack>(tx: Tx, seats: S[], now: Date) {
  const done: { seat: S; released: Released | null }[] = [];
  for (const seat of [...seats].sort((a, b) => a.partyId - b.partyId)) {
    done.push({ seat, released: await releaseSeat(tx, seat.id, { to: 'cancelled', refund: seat.refund, now, reason: seat.reason }) });
  }
  const freed = done.flatMap((d) => (d.released ? [d.released.partyId] : []));
  const lobbies = done.flatMap((d) => (d.released?.wasStatus === 'confirmed' ? [{ partyId: d.seat.partyId, startTime: d.seat.startTime }] : []));
  return { done, offerLater: await offerInTransaction(tx, freed, now), lobbies };
}
