import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { PartySocketMessage, RoundSocketMessage } from '../../shared/live';
import { WS_CLOSE } from '../../shared/ws-close';
import type { Ctx } from '../context';
import { rounds } from '../db/schema/game';
import { parties } from '../db/schema/parties';
import { clientAddress } from '../http/rate-limit';
import { checkInOnArrival } from '../partyassist/check-in';
import { confirmedParticipation } from '../partyassist/membership';
import { channelState, partyState, roundState } from './channel-state';
import { limitInboundFrames } from './frame-budget';
import { partyChannel, roundChannel } from './socket-hub';
import { parseId } from '../../shared/ids';


/** Browsers always send Origin on a websocket; a page on another site must not ride a student's token. */
function originAllowed(ctx: Ctx, req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // not a browser (CLI, server-to-server); the token still decides
  if (ctx.config.allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/**
 * Checks the handshake (docs/api.md): Origin (4403), then the `?token=` access token (4401: bad, expired, a closed
 * account, or issued before the last password change), then that the party or round exists (4404), then the
 * caller's confirmed participation (4403). Returns the user id, or null after closing the socket.
 */
async function admit(ctx: Ctx, socket: WebSocket, req: FastifyRequest, partyOf: () => Promise<number | null>) {
  if (!originAllowed(ctx, req)) {
    socket.close(WS_CLOSE.forbidden, 'origin not allowed');
    return null;
  }
  const token = (req.query as { token?: unknown }).token;
  const claims = typeof token === 'string' ? await ctx.tokens.read(token) : null;
  if (!claims || !(await ctx.access.stillValid(claims))) {
    socket.close(WS_CLOSE.unauthorized, 'unauthorized');
    return null;
  }
  const { userId } = claims;
  const partyId = await partyOf();
  if (partyId === null) {
    socket.close(WS_CLOSE.notFound, 'not found');
    return null;
  }
  if (!(await confirmedParticipation(ctx.db, userId, partyId))) {
    socket.close(WS_CLOSE.forbidden, 'participants only');
    return null;
  }
  // Counted only once admitted: refused handshakes never close anyone's older socket.
  ctx.hub.hold(socket, { userId, address: clientAddress(req), version: claims.version, family: claims.family }, { perUser: ctx.limits.socketsPerUser, perAddress: ctx.limits.socketsPerAddress });
  if (socket.readyState !== socket.OPEN) return null; // its session ended meanwhile (hub.endSessions)
  // Opening the lobby or the game is being there (docs/rules.md "Lobby and game"): a student the lobby forwards straight
  // into a running game never taps 대기하기, and must not be called a no-show.
  await checkInOnArrival(ctx, userId, partyId);
  return { userId, partyId };
}

/**
 * The protocol is server → client only: what a client sends is ignored, but counted from the first moment (before
 * the handshake's checks finish), and a flood closes the socket (frame-budget.ts).
 */
function acceptNothing(ctx: Ctx, socket: WebSocket) {
  socket.on('error', () => undefined);
  limitInboundFrames(socket, ctx.clock, ctx.limits.socketFrames);
}

const send = (socket: WebSocket, message: PartySocketMessage | RoundSocketMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

export async function socketRoutes(app: FastifyInstance, ctx: Ctx) {
  // When the bus comes back, the sockets here are sent what they may have missed: the same as on connect.
  ctx.hub.catchUpWith((channel) => channelState(ctx, channel));

  app.get('/ws/party/:partyId/', { websocket: true }, async (socket, req) => {
    acceptNothing(ctx, socket);
    const raw = (req.params as { partyId: string }).partyId;
    const admitted = await admit(ctx, socket, req, async () => {
      const partyId = parseId(raw);
      if (partyId === null) return null;
      const [party] = await ctx.db.select({ id: parties.id }).from(parties).where(eq(parties.id, partyId));
      return party?.id ?? null;
    }).catch(() => (socket.close(1011, 'server error'), null));
    if (!admitted || socket.readyState !== socket.OPEN) return;
    const { partyId } = admitted;
    ctx.hub.join(partyChannel(partyId), socket, req.raw.socket);
    // A late joiner gets the state at once instead of waiting for the next event.
    for (const message of await partyState(ctx, partyId)) send(socket, message);
  });

  app.get('/ws/game/round/:roundId/', { websocket: true }, async (socket, req) => {
    acceptNothing(ctx, socket);
    const raw = (req.params as { roundId: string }).roundId;
    const roundId = parseId(raw);
    const admitted = await admit(ctx, socket, req, async () => {
      if (roundId === null) return null;
      const [round] = await ctx.db.select({ partyId: rounds.partyId }).from(rounds).where(eq(rounds.id, roundId));
      return round?.partyId ?? null;
    }).catch(() => (socket.close(1011, 'server error'), null));
    if (!admitted || roundId === null || socket.readyState !== socket.OPEN) return;
    ctx.hub.join(roundChannel(roundId), socket, req.raw.socket);
    // Resync after a reconnect: the current counts of every question.
    for (const message of await roundState(ctx, roundId)) send(socket, message);
  });
}
