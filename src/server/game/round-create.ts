import { and, asc, eq } from 'drizzle-orm';
import { ROUND_QUESTIONS } from '../../shared/constants';
import type { PartySocketMessage } from '../../shared/live';
import type { Ctx } from '../context';
import { questions, rounds } from '../db/schema/game';
import { parties, participations, partyTags } from '../db/schema/parties';
import { places, tags } from '../db/schema/places';
import { NOTICE } from '../notice/messages';
import { notify } from '../notice/notify';
import { partyChannel } from '../realtime/socket-hub';
import { pickQuestions } from './pick-questions';

/**
 * Creates the party's round unless it exists. Concurrent callers may each pick questions, but the unique key on
 * rounds.party_id lets exactly one insert win; only the winner announces the game. Returns the new round id, or
 * null when another call created it. Every paid participant is told in the round's transaction (so once per round,
 * pushed after it commits), those not in the lobby above all.
 */
export async function createRoundOnce(ctx: Ctx, partyId: number): Promise<number | null> {
  const [existing] = await ctx.db.select({ id: rounds.id }).from(rounds).where(eq(rounds.partyId, partyId));
  if (existing) return null;

  const [party] = await ctx.db
    .select({ title: parties.title, place: places.name })
    .from(parties)
    .innerJoin(places, eq(places.id, parties.placeId))
    .where(eq(parties.id, partyId));
  const tagRows = await ctx.db
    .select({ name: tags.name })
    .from(partyTags)
    .innerJoin(tags, eq(tags.id, partyTags.tagId))
    .where(eq(partyTags.partyId, partyId))
    .orderBy(asc(tags.name));
  const pairs = await pickQuestions(ctx.config, { title: party.title, place: party.place, tags: tagRows.map((t) => t.name) }, ROUND_QUESTIONS);

  const roundId = await ctx.db.transaction(async (tx) => {
    const [round] = await tx
      .insert(rounds)
      .values({ partyId, createdAt: ctx.clock.now() })
      .onConflictDoNothing({ target: rounds.partyId })
      .returning({ id: rounds.id });
    if (!round) return null;
    await tx.insert(questions).values(pairs.map((p, i) => ({ roundId: round.id, position: i, aText: p.a, bText: p.b })));
    const paid = await tx
      .select({ userId: participations.userId })
      .from(participations)
      .where(and(eq(participations.partyId, partyId), eq(participations.status, 'confirmed')));
    const at = ctx.clock.now();
    await notify(tx, paid.map((p) => ({ userId: p.userId, kind: 'game_started' as const, message: NOTICE.gameStarted(party.title), partyId, dedupeKey: `game_started:${round.id}`, at })));
    return round.id;
  });
  if (roundId !== null) {
    const message: PartySocketMessage = { type: 'send_game_created', data: { round_id: roundId } };
    await ctx.hub.broadcast(partyChannel(partyId), message);
  }
  return roundId;
}
