import { sql } from 'drizzle-orm';
import { check, doublePrecision, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    // Position on the campus map as a share of its width/height, so every map image size agrees.
    xNorm: doublePrecision('x_norm').notNull(),
    yNorm: doublePrecision('y_norm').notNull(),
    photo: text('photo'),
    mapImage: text('map_image'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('places_name_key').on(t.name),
    check('places_x_norm_range', sql`${t.xNorm} >= 0 and ${t.xNorm} <= 1`),
    check('places_y_norm_range', sql`${t.yNorm} >= 0 and ${t.yNorm} <= 1`),
  ],
);

export const tags = pgTable('tags', { id: serial('id').primaryKey(), name: text('name').notNull() }, (t) => [
  uniqueIndex('tags_name_key').on(t.name),
]);
