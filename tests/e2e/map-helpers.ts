import { expect, type CDPSession, type Locator, type Page } from '@playwright/test';
import type { MapParty } from '../../src/shared/parties';

export type Pt = { x: number; y: number };

// Touch goes through CDP's Input.dispatchTouchEvent: Chromium turns it into real touch *and* pointer events, so
// the sheet's @use-gesture handlers and the map's pointer handlers see what a phone would send.
export async function touch(page: Page): Promise<CDPSession> {
  return page.context().newCDPSession(page);
}

/**
 * A one-finger drag. Every event carries a timestamp `stepMs` apart (CDP's `timestamp`), so the velocity the page
 * measures is the one scripted here, however busy the machine running the test is. `whileHeld` runs with the finger
 * still down after the last move, so a check of what the drag shows never races the release.
 */
export async function drag(
  cdp: CDPSession,
  page: Page,
  from: Pt,
  to: Pt,
  { steps = 30, stepMs = 16, holdMs = 0, whileHeld }: { steps?: number; stepMs?: number; holdMs?: number; whileHeld?: () => Promise<unknown> } = {},
) {
  const t0 = Date.now() / 1000;
  const at = (ms: number) => t0 + ms / 1000;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...from, id: 1 }], timestamp: at(0) });
  for (let i = 1; i <= steps; i += 1) {
    const p = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ ...p, id: 1 }], timestamp: at(i * stepMs) });
    await page.waitForTimeout(stepMs);
  }
  if (holdMs) await page.waitForTimeout(holdMs);
  if (whileHeld) await whileHeld();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: at(steps * stepMs + holdMs + 1) });
}

export const sheetHeight = async (page: Page) => (await page.getByRole('region', { name: '파티 목록' }).boundingBox())!.height;

/**
 * The sheet has settled where a tap on its grabber sent it: its state flips at once, its spring then takes a few
 * frames, during which it still covers (or uncovers) the map. A tap on the map, or a probe of what is on screen,
 * waits for this.
 */
export async function sheetSettled(page: Page, expanded: boolean) {
  await expect(page.locator('.map-sheet__grabber')).toHaveAttribute('aria-expanded', String(expanded));
  await expect.poll(() => sheetHeight(page)).toBeCloseTo(page.viewportSize()!.height * (expanded ? 0.76 : 0.25), 0);
}

export async function grabberCentre(page: Page): Promise<Pt> {
  const box = (await page.locator('.map-sheet__grabber').boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

export async function openMap(page: Page) {
  const response = await page.goto('/map');
  // The server drew the page as a phone shows it (page-plans.ts): its main picture is in the markup.
  expect(await response!.text()).toContain('<div class="map-art map-art--unplaced"');
  // Zoomed out at DPR 1 the medium render is as sharp as the screen: the large one is not fetched yet.
  await expect(page.locator('.map-art')).toHaveAttribute('data-detail', 'medium');
  await expect(page.locator('.map-stage__surface')).not.toHaveAttribute('data-markers', '0');
}

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

/** What the browser tests read of a marker on the /map stage (MapMarker's Konva group). */
export interface MarkerState {
  partyIds: number[];
  selected: boolean;
  /** Its tip, in page px. */
  tip: Pt;
  /** What it paints (Konva's client rect), in stage px. */
  box: { x: number; y: number; width: number; height: number };
}

/**
 * The /map stage's markers, read from Konva (window.Konva, which Konva sets itself): the stage drawn in
 * .map-stage__surface, once it has drawn a frame (the surface then has its data-view).
 */
export async function mapMarkers(page: Page): Promise<MarkerState[]> {
  await expect(page.locator('.map-stage__surface')).toHaveAttribute('data-view');
  return page.evaluate(() => {
    interface KonvaNode {
      getAttr: (name: string) => unknown;
      getAbsolutePosition: () => { x: number; y: number };
      getClientRect: () => { x: number; y: number; width: number; height: number };
    }
    interface KonvaStage {
      container: () => HTMLElement;
      find: (selector: string) => KonvaNode[];
    }
    const konva = (window as unknown as { Konva?: { stages: KonvaStage[] } }).Konva;
    const stage = konva?.stages.find((s) => s.container().closest('.map-stage__surface'));
    if (!stage) return [];
    const origin = stage.container().getBoundingClientRect();
    return stage.find('.map-marker').map((node) => {
      const at = node.getAbsolutePosition();
      return {
        partyIds: node.getAttr('partyIds') as number[],
        selected: node.getAttr('selected') === true,
        tip: { x: origin.left + at.x, y: origin.top + at.y },
        box: node.getClientRect(),
      };
    });
  });
}

/** Where a party's marker is on screen: on the pin's head, above its tip (as drawn, clear of the art's names). */
export async function markerPoint(page: Page, party: Pick<MapParty, 'id'>): Promise<Pt> {
  let tip: Pt | undefined;
  await expect.poll(async () => (tip = (await mapMarkers(page)).find((m) => m.partyIds.includes(party.id))?.tip)).toBeTruthy();
  return { x: tip!.x, y: tip!.y - 30 };
}
