import { eq } from 'drizzle-orm';
import { type CampusSettings, DEFAULT_CAMPUS } from '../../shared/campus';
import type { Db, Tx } from '../db/connect';
import { campusSettings } from '../db/schema/campus';

type CampusRow = typeof campusSettings.$inferSelect;

/** The one row's id (the table's CHECK allows no other). */
export const CAMPUS_ROW_ID = 1;

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
