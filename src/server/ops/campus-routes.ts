import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CampusMapArt } from '../../shared/campus';
import { opsCampusUpdate } from '../../shared/ops';
import { campusSettings as campusAnswerSchema } from '../../shared/campus-contract';
import { refusals } from '../../shared/error-contract';
import { CAMPUS_ROW_ID, campusAnswer, lockCampusRow } from '../campus/campus-settings';
import { renderCampusMap } from '../campus/map-art';
import type { Ctx } from '../context';
import { campusSettings } from '../db/schema/campus';
import { readMultipart } from '../http/multipart';
import { opsActorOf, recordAudit } from './audit';
import { requireOps } from './guard';

const mapUrls = (row: { mapOverview: string | null; mapOverviewPng: string | null; mapMedium: string | null; mapLarge: string | null } | undefined) =>
  row ? [row.mapOverview, row.mapOverviewPng, row.mapMedium, row.mapLarge].filter((u): u is string => !!u) : [];

const sameArt = (a: CampusMapArt | null, b: CampusMapArt) => !!a && (Object.keys(b) as (keyof CampusMapArt)[]).every((k) => a[k] === b[k]);

/**
 * The campus set-up (issue 29): the school's and campus's names, and the map art. Each change is one transaction
 * with its audit row, judged under the row's lock: a call that changes nothing writes nothing, no audit row either.
 * A map's files are stored before it and deleted again if it fails, the replaced files after it commits — as a
 * place photo (place-edit-routes.ts). Any write drops this instance's cached lists and pages (http/micro-cache.ts),
 * so students see the new campus on their next request.
 */
export async function opsCampusRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ops = { preValidation: requireOps(ctx) };

  app.put(
    '/api/ops/campus/',
    { ...ops, schema: { summary: "Name the campus: the school and the campus's own name", body: opsCampusUpdate, response: { 200: campusAnswerSchema, ...refusals(400) } } },
    async (req) => {
      const { school, campus_name } = req.body;
      const now = ctx.clock.now();
      return ctx.db.transaction(async (tx) => {
        const row = await lockCampusRow(tx);
        const before = campusAnswer(row);
        if (before.school === school && before.campus_name === campus_name) return before;
        const [saved] = await tx
          .insert(campusSettings)
          .values({ id: CAMPUS_ROW_ID, school, campusName: campus_name, updatedAt: now })
          .onConflictDoUpdate({ target: campusSettings.id, set: { school, campusName: campus_name, updatedAt: now } })
          .returning();
        await recordAudit(tx, opsActorOf(req), {
          action: 'campus.update',
          targetType: 'campus',
          targetId: CAMPUS_ROW_ID,
          before: { school: before.school, campus_name: before.campus_name },
          after: { school, campus_name },
          at: now,
        });
        return campusAnswer(saved);
      });
    },
  );

  // Multipart `overview` (822×460) and `large` (3704×1824), JPEG, PNG or WebP; both at once, so the party page's
  // picture and the map screen's never show two different campuses.
  app.post(
    '/api/ops/campus/map/',
    { ...ops, schema: { summary: "Replace the campus map's art (multipart: overview, large)", response: { 200: campusAnswerSchema, ...refusals(400) } } },
    async (req) => {
      const { files } = await readMultipart(req, ['overview', 'large']);
      const rendered = await renderCampusMap(files);
      const saved: string[] = [];
      let replaced: string[];
      let answer;
      try {
        const store = async (ext: string, bytes: Buffer) => {
          const url = await ctx.storage.savePublic('campus', ext, bytes);
          saved.push(url);
          return url;
        };
        const art: CampusMapArt = {
          overview: await store('webp', rendered.overview),
          overview_png: await store('png', rendered.overviewPng),
          medium: await store('webp', rendered.medium),
          large: await store('webp', rendered.large),
        };
        ({ replaced, answer } = await ctx.db.transaction(async (tx) => {
          const now = ctx.clock.now();
          const row = await lockCampusRow(tx);
          const before = campusAnswer(row);
          // The same drawings again: in the database a file is named by its bytes (storage/database-storage.ts), so
          // the art is the art already shown and nothing changes. The counts the saves took are let go below, as a
          // replaced map's would be.
          if (sameArt(before.map, art)) return { replaced: mapUrls(row), answer: before };
          const columns = { mapOverview: art.overview, mapOverviewPng: art.overview_png, mapMedium: art.medium, mapLarge: art.large, updatedAt: now };
          const [savedRow] = await tx
            .insert(campusSettings)
            .values({ id: CAMPUS_ROW_ID, school: before.school, campusName: before.campus_name, ...columns })
            .onConflictDoUpdate({ target: campusSettings.id, set: columns })
            .returning();
          await recordAudit(tx, opsActorOf(req), { action: 'campus.map', targetType: 'campus', targetId: CAMPUS_ROW_ID, before: { map: before.map }, after: { map: art }, at: now });
          return { replaced: mapUrls(row), answer: campusAnswer(savedRow) };
        }));
      } catch (err) {
        for (const url of saved) await ctx.storage.removePublic(url);
        throw err;
      }
      for (const url of replaced) await ctx.storage.removePublic(url);
      return answer;
    },
  );

  // Back to the built-in art (the names stay).
  app.delete(
    '/api/ops/campus/map/',
    { ...ops, schema: { summary: 'Go back to the built-in map art', response: { 200: campusAnswerSchema } } },
    async (req) => {
      const { replaced, answer } = await ctx.db.transaction(async (tx) => {
        const row = await lockCampusRow(tx);
        const before = campusAnswer(row);
        if (!row || !before.map) return { replaced: [], answer: before };
        const now = ctx.clock.now();
        const [savedRow] = await tx
          .update(campusSettings)
          .set({ mapOverview: null, mapOverviewPng: null, mapMedium: null, mapLarge: null, updatedAt: now })
          .returning();
        await recordAudit(tx, opsActorOf(req), { action: 'campus.map', targetType: 'campus', targetId: CAMPUS_ROW_ID, before: { map: before.map }, after: { map: null }, at: now });
        return { replaced: mapUrls(row), answer: campusAnswer(savedRow) };
      });
      for (const url of replaced) await ctx.storage.removePublic(url);
      return answer;
    },
  );
}
