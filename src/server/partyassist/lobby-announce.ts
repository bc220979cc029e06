import type { FastifyBaseLogger } from 'fastify';
import type { PartySocketMessage } from '../../shared/live';
import type { Ctx } from '../context';
import { createRoundOnce } from '../game/round-create';
import { partyChannel } from '../realtime/socket-hub';
import { standbyWindow } from './check-in';
import { roundThresholdReached, standbyState } from './standby-counts';

/**
 * Tells the party's lobby sockets, on every instance, who is in and who is ready as the database has it now. Called
 * after the change committed, so a later announcement never carries older counts than an earlier one's commit.
 */
export async function announceStandby(ctx: Ctx, partyId: number) {
  const state = await standbyState(ctx.db, partyId);
  const update: PartySocketMessage = { type: 'send_standby_update', data: { party_id: partyId, ...state } };
  await ctx.hub.broadcast(partyChannel(partyId), update);
  return state;
}

/**
 * After a change committed: once the lobby is ready (standby-counts.ts roundThresholdReached), its round, created
 * once. Never fails the request, whose change has committed: a round that could not be created here is created by
 * the next sweep (ready-rounds.ts), as is one whose instance stopped before getting here.
 */
export async function startRoundIfReady(ctx: Ctx, partyId: number, counts: { participation_count: number; standby_count: number }, log: FastifyBaseLogger) {
  if (!roundThresholdReached(counts)) return;
  await createRoundOnce(ctx, partyId).catch((err: unknown) => log.warn({ err, partyId }, 'round creation failed; the next sweep creates it'));
}

/**
 * A seat paid or left while the lobby is open (from 30 minutes before the start) changes its counts and faces: the
 * lobby hears it at once rather than at the next toggle. A paid leave can make the lobby ready (fewer to outnumber),
 * so it may start the round. Outside that window no lobby is listening.
 *
 * Never fails the request: the payment or leave has committed by now, and a 503 would tell the student it did not
 * (the database going away right after the commit did exactly that — tests/server/faults/leave-and-pay-faults.test.ts).
 * A lobby that misses this hears the counts with the next change, or when its socket reconnects.
 */
export async function announceSeatChange(ctx: Ctx, partyId: number, startTime: Date, now: Date, log: FastifyBaseLogger) {
  if (standbyWindow(startTime, now) !== 'open') return;
  const state = await announceStandby(ctx, partyId).catch((err: unknown) => log.warn({ err, partyId }, 'lobby announcement failed'));
  if (state) await startRoundIfReady(ctx, partyId, state, log);
}

/** The lobbies of paid seats given back (a leave, a withdrawal, a suspension: reserve/give-seats-back.ts), after the commit. */
export async function announceSeatsGivenBack(ctx: Ctx, lobbies: { partyId: number; startTime: Date }[], now: Date, log: FastifyBaseLogger) {
  for (const lobby of lobbies) await announceSeatChange(ctx, lobby.partyId, lobby.startTime, now, log);
}
