import { eq } from 'drizzle-orm';
import { type CampusSettings, DEFAULT_CAMPUS } from '../../shared/campus';
import type { Db, Tx } from '../db/connect';
import { campusSettings } from '../db/schema/campus';

type CampusRow = typeof campusSettings.$inferSelect;

/** The one row's id (the table's CHECK allows no other). */
export const CAMPUS_ROW_ID = 1;

/** The built-in overview art, which places keep as their map picture while no map has been uploaded. */
export const BUILT_IN_OVERVIEW = '/art/map/campus.webp';

export function campusAnswer(row: CampusRow | undefined): CampusSettings {
  if (!row) return DEFAULT_CAMPUS;
  const map =
    row.mapOverview && row.mapOverviewPng && row.mapMedium && row.mapLarge
      ? { overview: row.mapOverview, overview_png: row.mapOverviewPng, medium: row.mapMedium, large: row.mapLarge }
      : null;
  return { school: row.school, campus_name: row.campusName, map };
}

/** The row, locked for an update when `forUpdate` (inside the writer's transaction). */
export async function readCampusRow(db: Db | Tx, forUpdate = false): Promise<CampusRow | undefined> {
  const query = db.select().from(campusSettings).where(eq(campusSettings.id, CAMPUS_ROW_ID));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function readCampus(db: Db | Tx): Promise<CampusSettings> {
  return campusAnswer(await readCampusRow(db));
}

/** The overview picture a new place takes (the party page shows it): the uploaded one, or the built-in art. */
export async function currentOverview(db: Db | Tx): Promise<string> {
  return (await readCampus(db)).map?.overview ?? BUILT_IN_OVERVIEW;
}
