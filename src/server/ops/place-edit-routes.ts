import { and, asc, count, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { idParam } from '../../shared/id-schema';
import { opsPlaceUpdate } from '../../shared/ops';
import { opsPlace } from '../../shared/ops-contract';
import type { Ctx } from '../context';
import type { Db } from '../db/connect';
import { isUniqueViolation } from '../db/pg-errors';
import { parties } from '../db/schema/parties';
import { places } from '../db/schema/places';
import { detail, HttpError } from '../http/errors';
import { readMultipart } from '../http/multipart';
import { normalizeImage } from '../uploads/image-check';
import { opsActorOf, recordAudit } from './audit';
import { requireOps } from './guard';
import { OPS_MESSAGES as OM } from './messages';

// Place photos are shown at most ~390 px wide on a phone (the party card and page); 800 px covers a 2x screen.
const PHOTO_MAX_SIDE = 800;

async function placeRows(db: Db, now: Date, where?: SQL) {
  // A join, not a correlated subquery: drizzle leaves the columns of a one-table select unqualified, and inside a
  // subquery "id" would then be the party's own.
  const rows = await db
    .select({ id: places.id, name: places.name, xNorm: places.xNorm, yNorm: places.yNorm, photo: places.photo, upcoming: count(parties.id) })
    .from(places)
    .leftJoin(parties, and(eq(parties.placeId, places.id), eq(parties.status, 'open'), gt(parties.startTime, now)))
    .where(where)
    .groupBy(places.id)
    .orderBy(asc(places.name), asc(places.id));
  return rows.map((r) => ({ id: r.id, name: r.name, x_norm: r.xNorm, y_norm: r.yNorm, photo: r.photo, upcoming_parties: r.upcoming }));
}

export async function opsPlaceEditRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ops = { preValidation: requireOps(ctx) };
  const params = z.object({ placeId: idParam(OM.placeNotFound) });
  const answer = async (placeId: number) => {
    const [row] = await placeRows(ctx.db, ctx.clock.now(), eq(places.id, placeId));
    if (!row) throw detail(404, OM.placeNotFound);
    return row;
  };

  app.get('/api/ops/places/', { ...ops, schema: { summary: 'Every place, with its upcoming parties counted', response: { 200: z.array(opsPlace) } } }, async () => placeRows(ctx.db, ctx.clock.now()));

  // Rename or move (the console drags the pin). The row is locked so the audit's "before" is the value replaced.
  app.patch('/api/ops/places/:placeId/', { ...ops, schema: { summary: "Change a place's name or position on the map", params, body: opsPlaceUpdate, response: { 200: opsPlace, ...refusals(400, 404) } } }, async (req) => {
    const { placeId } = req.params;
    const { body } = req;
    const now = ctx.clock.now();
    try {
      await ctx.db.transaction(async (tx) => {
        const [place] = await tx.select().from(places).where(eq(places.id, placeId)).for('no key update');
        if (!place) throw detail(404, OM.placeNotFound);
        const before = { name: place.name, x_norm: place.xNorm, y_norm: place.yNorm };
        const after = { name: body.name ?? before.name, x_norm: body.x_norm ?? before.x_norm, y_norm: body.y_norm ?? before.y_norm };
        const changed = (Object.keys(before) as (keyof typeof before)[]).filter((k) => before[k] !== after[k]);
        if (!changed.length) return;
        await tx.update(places).set({ name: after.name, xNorm: after.x_norm, yNorm: after.y_norm }).where(eq(places.id, placeId));
        const pick = (o: typeof before) => Object.fromEntries(changed.map((k) => [k, o[k]]));
        await recordAudit(tx, opsActorOf(req), { action: 'place.update', targetType: 'place', targetId: placeId, before: pick(before), after: pick(after), at: now });
      });
    } catch (err) {
      if (isUniqueViolation(err, 'places_name_key')) throw new HttpError(400, { name: [OM.placeNameTaken] });
      throw err;
    }
    return answer(placeId);
  });

  // Multipart `photo`, checked by its bytes and re-encoded (uploads/image-check.ts), stored publicly like a profile
  // photo. As there (mypage/profile-routes.ts): the file is written first, the row is changed under its lock, the
  // replaced file is deleted after the commit and the new one when the transaction fails — one file per place.
  app.post('/api/ops/places/:placeId/photo/', { ...ops, schema: { summary: "Replace a place's photo (multipart)", params, response: { 200: opsPlace, ...refusals(400, 404) } } }, async (req) => {
    const { placeId } = req.params;
    const { files } = await readMultipart(req, ['photo']);
    if (!files.photo) throw new HttpError(400, { photo: [OM.photoMissing] });
    const [exists] = await ctx.db.select({ id: places.id }).from(places).where(eq(places.id, placeId));
    if (!exists) throw detail(404, OM.placeNotFound);
    const image = await normalizeImage(files.photo, 'photo', { maxSide: PHOTO_MAX_SIDE });
    const saved = await ctx.storage.savePublic('places', image.ext, image.bytes);
    let replaced: string | null;
    try {
      replaced = await ctx.db.transaction(async (tx) => {
        const [place] = await tx.select({ photo: places.photo }).from(places).where(eq(places.id, placeId)).for('no key update');
        if (!place) throw detail(404, OM.placeNotFound);
        // In the database a file is named by its bytes (storage/database-storage.ts): the same photo again is the
        // photo already shown, a call that changes nothing and is not recorded. Its save's extra count is let go
        // below, as a replaced photo's would be.
        const changed = await tx
          .update(places)
          .set({ photo: saved })
          .where(and(eq(places.id, placeId), sql`${places.photo} is distinct from ${saved}`))
          .returning({ id: places.id });
        const now = ctx.clock.now();
        if (changed.length) {
          await recordAudit(tx, opsActorOf(req), { action: 'place.update', targetType: 'place', targetId: placeId, before: { photo: place.photo }, after: { photo: saved }, at: now });
        }
        return place.photo;
      });
    } catch (err) {
      await ctx.storage.removePublic(saved);
      throw err;
    }
    // Seed art (/art/…) and outside addresses are not ours: removePublic only deletes files under /media/.
    if (replaced) await ctx.storage.removePublic(replaced);
    return answer(placeId);
  });
}
