import type { PartySocketMessage } from '../../shared/live';
import type { Ctx } from '../context';
import { partyChannel } from '../realtime/socket-hub';
import { standbyWindow } from './check-in';
import { standbyState } from './standby-counts';

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
 * A seat paid or left while the lobby is open (from 30 minutes before the start) changes its counts and faces: the
 * lobby hears it at once rather than at the next toggle. Outside that window no lobby is listening.
 */
export async function announceSeatChange(ctx: Ctx, partyId: number, startTime: Date, now: Date) {
  if (standbyWindow(startTime, now) === 'open') await announceStandby(ctx, partyId);
}
