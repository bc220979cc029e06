import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import type { AuditAction } from '../../shared/audit';
import { idParam } from '../../shared/id-schema';
import { opsPartyCreate, opsPlaceCreate } from '../../shared/ops';
import { opsCreated, opsPartyCancelled } from '../../shared/ops-contract';
import type { Ctx } from '../context';
import { isUniqueViolation } from '../db/pg-errors';
import { parties, partyTags } from '../db/schema/parties';
import { places, tags } from '../db/schema/places';
import { detail, HttpError } from '../http/errors';
import { PARTY_MESSAGES as PM } from '../parties/messages';
import { cancelParty } from '../parties/cancel-party';
import { type OpsActor, opsActorOf, recordAudit } from './audit';
import { requireOps } from './guard';

/** Who created a party, for its audit row: an operator's party, or the party of `npm run ops -- demo`. */
export interface PartyAudit {
  actor: OpsActor;
  action: Extract<AuditAction, 'party.create' | 'demo.create'>;
}

export async function createParty(ctx: Ctx, input: z.output<typeof opsPartyCreate>, audit: PartyAudit): Promise<number> {
  const [place] = await ctx.db.select({ id: places.id }).from(places).where(eq(places.id, input.place_id));
  if (!place) throw new HttpError(400, { place_id: ['없는 장소입니다.'] });
  return ctx.db.transaction(async (tx) => {
    const [party] = await tx
      .insert(parties)
      .values({
        title: input.title,
        description: input.description,
        placeId: input.place_id,
        startTime: new Date(input.start_time),
        maxParticipants: input.max_participants,
        deposit: input.deposit,
        createdAt: ctx.clock.now(),
      })
      .returning({ id: parties.id });
    const names = [...new Set(input.tags)];
    if (names.length) {
      await tx.insert(tags).values(names.map((name) => ({ name }))).onConflictDoNothing();
      const rows = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.name, names));
      await tx.insert(partyTags).values(rows.map((t) => ({ partyId: party.id, tagId: t.id })));
    }
    const { title, place_id, start_time, max_participants, deposit } = input;
    await recordAudit(tx, audit.actor, {
      action: audit.action,
      targetType: 'party',
      targetId: party.id,
      after: { title, place_id, start_time: new Date(start_time).toISOString(), max_participants, deposit, tags: names },
      at: ctx.clock.now(),
    });
    return party.id;
  });
}

export async function opsPartyRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ops = { preValidation: requireOps(ctx) };

  app.post('/api/ops/places/', { ...ops, schema: { summary: 'Add a place to the campus map', body: opsPlaceCreate, response: { 201: opsCreated, ...refusals(400) } } }, async (req, reply) => {
    const { body } = req;
    try {
      const id = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(places)
          .values({ name: body.name, xNorm: body.x_norm, yNorm: body.y_norm, photo: body.photo ?? null, mapImage: '/art/map/campus.webp' })
          .returning({ id: places.id });
        const after = { name: body.name, x_norm: body.x_norm, y_norm: body.y_norm, photo: body.photo ?? null };
        await recordAudit(tx, opsActorOf(req), { action: 'place.create', targetType: 'place', targetId: row.id, after, at: ctx.clock.now() });
        return row.id;
      });
      return reply.status(201).send({ id });
    } catch (err) {
      if (isUniqueViolation(err, 'places_name_key')) throw new HttpError(400, { name: ['이미 있는 장소 이름입니다.'] });
      throw err;
    }
  });

  app.post('/api/ops/parties/', { ...ops, schema: { summary: 'Create a party', body: opsPartyCreate, response: { 201: opsCreated, ...refusals(400) } } }, async (req, reply) => {
    const id = await createParty(ctx, req.body, { actor: opsActorOf(req), action: 'party.create' });
    return reply.status(201).send({ id });
  });

  const cancelSchema = {
    summary: 'Cancel a party: every seat is released and every paid deposit refunded',
    params: z.object({ partyId: idParam(PM.notFound) }),
    response: { 200: opsPartyCancelled, ...refusals(404) },
  };
  app.post('/api/ops/parties/:partyId/cancel/', { ...ops, schema: cancelSchema }, async (req) => {
    const result = await cancelParty(ctx, req.params.partyId, opsActorOf(req));
    if (!result) throw detail(404, PM.notFound);
    return result;
  });
}
