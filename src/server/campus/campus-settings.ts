import { eq, sql } from 'drizzle-orm';
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

async function readCampusRow(db: Db | Tx, forUpdate = false): Promise<CampusRow | undefined> {
  const query = db.select().from(campusSettings).where(eq(campusSettings.id, CAMPUS_ROW_ID));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * The row as a writer's transaction must see it to decide whether its change changes anything: locked, so no other
 * writer moves it until this one ends. Before the first change there is no row to lock; the table is locked instead
 * (once per deployment), so two first changes take turns and the second reads the first's row.
 */
export async function lockCampusRow(tx: Tx): Promise<CampusRow | undefined> {
  const row = await readCampusRow(tx, true);
  if (row) return row;
  await tx.execute(sql`lock table ${campusSettings} in share row exclusive mode`);
  return readCampusRow(tx, true);
}

export async function readCampus(db: Db | Tx): Promise<CampusSettings> {
  return campusAnswer(await readCampusRow(db));
}
