import type { Locator, Page } from '@playwright/test';
import type { MapParty } from '../../src/shared/parties';

type Pt = { x: number; y: number };

/**
 * Where a normalised map point is on screen on a campus map's surface (the students' map or the console's places):
 * the surface's view (data-view) applied to the point. A marker's tip is there.
 */
export async function mapPointOf(surface: Locator, norm: Pt): Promise<Pt> {
  const box = (await surface.boundingBox())!;
  const view = JSON.parse((await surface.getAttribute('data-view'))!) as { x: number; y: number; scale: number };
  const width = Number(await surface.getAttribute('data-image-width'));
  const height = Number(await surface.getAttribute('data-image-height'));
  return { x: box.x + view.x + norm.x * width * view.scale, y: box.y + view.y + norm.y * height * view.scale };
}

/** Where a party's marker is on screen: the stage's transform (data-view) applied to its normalised point. */
export async function markerPoint(page: Page, party: Pick<MapParty, 'place_x_norm' | 'place_y_norm'>): Promise<Pt> {
  const tip = await mapPointOf(page.locator('.map-stage__surface'), { x: party.place_x_norm, y: party.place_y_norm });
  return { x: tip.x, y: tip.y - 30 }; // on the pin's head, above its tip
}
