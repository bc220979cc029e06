import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { idParam } from '../../shared/id-schema';
import type { Ctx } from '../context';
import { parties } from '../db/schema/parties';
import { places } from '../db/schema/places';
import { detail } from '../http/errors';
import { publicOrigin, varyByOrigin } from '../http/public-origin';
import { partyCalendar } from './calendar';
import { PARTY_MESSAGES as PM } from './messages';

/**
 * `GET /api/detailview/parties/{id}/calendar.ics`: the party as a calendar event. Public, like the party's page it
 * comes from (the page offers it to students holding a seat, but the file says nothing the page does not).
 */
export async function partyCalendarRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: 'A party as an iCalendar file, for a phone calendar',
    params: z.object({ partyId: idParam(PM.notFound) }),
    produces: ['text/calendar'],
    response: { 200: z.any().meta({ type: 'string', description: 'An iCalendar file (RFC 5545) with one VEVENT, times in UTC.' }), ...refusals(404) },
  };
  app.get('/api/detailview/parties/:partyId/calendar.ics', { schema }, async (req, reply) => {
    const { partyId } = req.params;
    const [row] = await ctx.db
      .select({ title: parties.title, description: parties.description, startTime: parties.startTime, status: parties.status, placeName: places.name })
      .from(parties)
      .innerJoin(places, eq(places.id, parties.placeId))
      .where(eq(parties.id, partyId));
    if (!row) throw detail(404, PM.notFound);
    const origin = publicOrigin(req, ctx.config);
    const body = partyCalendar(
      { id: partyId, title: row.title, description: row.description, placeName: row.placeName, startTime: row.startTime, cancelled: row.status === 'cancelled' },
      { now: ctx.clock.now(), url: origin && `${origin}/partyinfo/${partyId}`, uidHost: origin ? new URL(origin).hostname : 'partyon' },
    );
    varyByOrigin(reply, ctx.config);
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Disposition', `attachment; filename="party-${partyId}.ics"`)
      .type('text/calendar; charset=utf-8')
      .send(body);
  });
}
