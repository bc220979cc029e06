import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';

// The campus this deployment serves (issue 29): one row at most, id 1. No row is the built-in 한빛대학교 with its
// art (assets/map/*), the development default. The map's four renders are /media/ URLs (storage/), all set or all
// null: an upload replaces them together.
export const campusSettings = pgTable(
  'campus_settings',
  {
    id: integer('id').primaryKey().default(1),
    school: text('school').notNull(),
    campusName: text('campus_name').notNull().default(''),
    mapOverview: text('map_overview'),
    mapOverviewPng: text('map_overview_png'),
    mapMedium: text('map_medium'),
    mapLarge: text('map_large'),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    check('campus_settings_single_row', sql`${t.id} = 1`),
    check(
      'campus_settings_map_whole',
      sql`(${t.mapOverview} is null) = (${t.mapOverviewPng} is null) and (${t.mapOverview} is null) = (${t.mapMedium} is null) and (${t.mapOverview} is null) = (${t.mapLarge} is null)`,
    ),
  ],
);
