import type { Page } from '@playwright/test';
import type { MapParty } from '../../src/shared/parties';

type Pt = { x: number; y: number };

/** Where a party's marker is on screen: the stage's transform (data-view) applied to its normalised point. */
export async function markerPoint(page: Page, party: Pick<MapParty, 'place_x_norm' | 'place_y_norm'>): Promise<Pt> {
  const surface = page.locator('.map-stage__surface');
  const box = (await surface.boundingBox())!;
  const view = JSON.parse((await surface.getAttribute('data-view'))!) as { x: number; y: number; scale: number };
  const width = Number(await surface.getAttribute('data-image-width'));
  const height = Number(await surface.getAttribute('data-image-height'));
  const tip = { x: box.x + view.x + party.place_x_norm * width * view.scale, y: box.y + view.y + party.place_y_norm * height * view.scale };
  return { x: tip.x, y: tip.y - 30 }; // on the pin's head, above its tip
}
