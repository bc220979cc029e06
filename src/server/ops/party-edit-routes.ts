import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { FREE_CANCEL_HOURS } from '../../shared/constants';
import { idParam } from '../../shared/id-schema';
import { opsPartyUpdate } from '../../shared/ops';
import { opsPartyDetail } from '../../shared/ops-contract';
import { LIVE_PARTICIPATION_STATUSES } from '../../shared/parties';
import type { Ctx } from '../context';
import type { Tx } from '../db/connect';
import { retryTransaction } from '../db/retry-transaction';
import { parties, participations, partyTags } from '../db/schema/parties';
import { places, tags } from '../db/schema/places';
import { detail, HttpError } from '../http/errors';
import { NOTICE } from '../notice/messages';
import { notify } from '../notice/notify';
import { PARTY_MESSAGES as PM } from '../parties/messages';
import { type OpsActor, opsActorOf, recordAudit } from './audit';
import { requireOps } from './guard';
import { OPS_MESSAGES as OM } from './messages';
import { partyDetail } from './party-summaries';
import { offerAfterRelease } from '../reserve/waitlist-offer';

type Edit = z.output<typeof opsPartyUpdate>;
/** The editable fields, as the API names them. */
type Fields = Required<Edit>;
const FIELDS = ['title', 'description', 'place_id', 'start_time', 'max_participants', 'deposit', 'tags'] as const satisfies (keyof Fields)[];

const HOUR = 3_600_000;

async function currentFields(tx: Tx, party: typeof parties.$inferSelect): Promise<Fields> {
  const tagRows = await tx.select({ name: tags.name }).from(partyTags).innerJoin(tags, eq(tags.id, partyTags.tagId)).where(eq(partyTags.partyId, party.id));
  return {
    title: party.title,
    description: party.description,
    place_id: party.placeId,
    start_time: party.startTime.toISOString(),
    max_participants: party.maxParticipants,
    deposit: party.deposit,
    // Sorted here, as `wanted` sorts the new ones: the database's collation may order Korean and Latin otherwise,
    // and the same tags in another order must not count as a change.
    tags: tagRows.map((t) => t.name).sort(),
  };
}

/** The edit applied to the current values, written the way they are stored (a time in UTC, tags once each and sorted). */
function wanted(current: Fields, edit: Edit): Fields {
  return {
    ...current,
    ...Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined)),
    start_time: edit.start_time ? new Date(edit.start_time).toISOString() : current.start_time,
    tags: edit.tags ? [...new Set(edit.tags)].sort() : current.tags,
  };
}

/**
 * The rules of an edit, judged under the party's row lock. `taken` is applied_count, which only a join (or a seat
 * released) moves, and both need the same lock; `paid` counts confirmed seats.
 */
function refusal(party: typeof parties.$inferSelect, changed: Set<keyof Fields>, next: Fields, paid: number, placeExists: boolean, now: Date) {
  const bad: Record<string, string[]> = {};
  const conflict: Record<string, string[]> = {};
  const start = new Date(next.start_time);
  if (changed.has('start_time') && start <= now) bad.start_time = [OM.startInPast];
  if (changed.has('place_id') && !placeExists) bad.place_id = [OM.placeMissing];
  if (Object.keys(bad).length) return new HttpError(400, bad);
  if (changed.has('max_participants') && next.max_participants < party.appliedCount) {
    conflict.max_participants = [OM.seatsBelowTaken(party.appliedCount)];
  }
  // A student who applied was told the deposit (the 'applied' notice, the payment screen); it must not change under them.
  if (changed.has('deposit') && party.appliedCount > 0) conflict.deposit = [OM.depositLocked];
  // Whoever paid keeps the promise they paid under: after being told of the new time they can still leave with a full
  // refund (until 24 h before the start), and a time already inside those 24 h is not moved at all.
  const cutoff = now.getTime() + FREE_CANCEL_HOURS * HOUR;
  if (changed.has('start_time') && paid > 0 && (party.startTime.getTime() <= cutoff || start.getTime() <= cutoff)) {
    conflict.start_time = [OM.startTooClose];
  }
  return Object.keys(conflict).length ? new HttpError(409, conflict) : null;
}

async function replaceTags(tx: Tx, partyId: number, names: string[]) {
  await tx.delete(partyTags).where(eq(partyTags.partyId, partyId));
  if (!names.length) return;
  await tx.insert(tags).values(names.map((name) => ({ name }))).onConflictDoNothing();
  const ids = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.name, names));
  await tx.insert(partyTags).values(ids.map((t) => ({ partyId, tagId: t.id })));
}

const pick = (f: Fields, keys: (keyof Fields)[]) => Object.fromEntries(keys.map((k) => [k, f[k]]));

/**
 * Edits an upcoming party. Only the party row is locked (step 2 of db/lock-order.ts, no student first: an edit moves
 * no points). A join claims its seat with an UPDATE of the same row, so a join racing the edit waits, then re-checks
 * `applied_count < max_participants` against the new maximum: seats can never be overfilled.
 */
async function editParty(ctx: Ctx, actor: OpsActor, partyId: number, edit: Edit): Promise<void> {
  const now = ctx.clock.now();
  await retryTransaction(ctx.db, async (tx) => {
    const [party] = await tx.select().from(parties).where(eq(parties.id, partyId)).for('no key update');
    if (!party) throw detail(404, PM.notFound);
    if (party.status === 'cancelled') throw detail(409, OM.partyCancelled);
    if (party.startTime <= now) throw detail(409, OM.partyStarted);
    const before = await currentFields(tx, party);
    const after = wanted(before, edit);
    const changed = FIELDS.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    if (!changed.length) return; // nothing to do, and nothing to record

    const has = new Set(changed);
    const [[{ paid }], place] = await Promise.all([
      tx.select({ paid: count() }).from(participations).where(and(eq(participations.partyId, partyId), eq(participations.status, 'confirmed'))),
      has.has('place_id') ? tx.select({ name: places.name }).from(places).where(eq(places.id, after.place_id)) : Promise.resolve([]),
    ]);
    const refused = refusal(party, has, after, paid, place.length > 0, now);
    if (refused) throw refused;

    await tx
      .update(parties)
      .set({
        title: after.title,
        description: after.description,
        placeId: after.place_id,
        startTime: new Date(after.start_time),
        maxParticipants: after.max_participants,
        deposit: after.deposit,
      })
      .where(eq(parties.id, partyId));
    if (has.has('tags')) await replaceTags(tx, partyId, after.tags);
    await recordAudit(tx, actor, { action: 'party.update', targetType: 'party', targetId: partyId, before: pick(before, changed), after: pick(after, changed), at: now });

    // Whoever holds a seat hears of a new time or place; a new title, text or tags is not worth a notification.
    if (!has.has('start_time') && !has.has('place_id')) return;
    const change = { start: has.has('start_time') ? new Date(after.start_time) : undefined, place: place[0]?.name };
    const holders = await tx
      .select({ id: participations.id, userId: participations.userId })
      .from(participations)
      .where(and(eq(participations.partyId, partyId), inArray(participations.status, LIVE_PARTICIPATION_STATUSES)));
    // One notice per seat and edit: the key holds the edit's moment and what it told.
    const key = `${now.getTime()}:${after.start_time}@${after.place_id}`;
    await notify(
      tx,
      holders.map((h) => ({ userId: h.userId, kind: 'party_changed' as const, message: NOTICE.partyChanged(after.title, change), partyId, dedupeKey: `party_changed:${h.id}:${key}`, at: now })),
    );
  });
}

export async function opsPartyEditRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: "Edit an upcoming party; those holding a seat are told what changed",
    params: z.object({ partyId: idParam(PM.notFound) }),
    body: opsPartyUpdate,
    response: { 200: opsPartyDetail, ...refusals(400, 404, 409) },
  };
  // Answers the party as the console shows it after the edit (unchanged when the body changed nothing).
  app.patch('/api/ops/parties/:partyId/', { preValidation: requireOps(ctx), schema }, async (req) => {
    const { partyId } = req.params;
    await editParty(ctx, opsActorOf(req), partyId, req.body);
    // More seats: the students in line get them at once (reserve/waitlist-offer.ts).
    if (req.body.max_participants !== undefined) await offerAfterRelease(ctx, [partyId], req.log);
    const found = await partyDetail(ctx.db, ctx.clock.now(), partyId);
    if (!found) throw detail(404, PM.notFound);
    return found;
  });
}
