import type { Page } from '@playwright/test';

/** The smallest hit area a finger can rely on, in CSS pixels (WCAG 2.5.5, Apple and Material guidance). */
export const MIN_TAP = 44;

type Verdict = { key: string; name: string; ok: boolean };

/**
 * Probes every tappable element on screen now: a tap at each corner of a MIN_TAP square centred on the element must
 * land on it (on the element itself, a child, a ::before/::after of either, or the label of the input). This proves
 * what a finger gets, whether the hit area comes from padding, a min size or a pseudo-element, and it catches a
 * neighbour covering the area too. Only elements whose centre takes a tap count as visible here: one clipped by a
 * scroller or under the fixed header is probed again at another scroll position (see `tapTargetsOffenders`).
 */
function probeScreen(min: number): Verdict[] {
  const selector = [
    'button',
    'a[href]',
    '[role="button"]',
    'input[type="checkbox"]',
    'input[type="radio"]',
    'label:has(> input[type="checkbox"], > input[type="radio"])',
    'summary',
    'select',
  ].join(',');
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;

  const accessibleName = (el: Element): string => {
    const labelledBy = el.getAttribute('aria-labelledby');
    const byId = labelledBy
      ?.split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    const input = el as HTMLInputElement;
    const fromLabel = input.labels?.[0]?.textContent;
    const text = el.getAttribute('aria-label') || byId || fromLabel || (el as HTMLElement).innerText || el.getAttribute('title') || '';
    const short = text.replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()} "${short}"${el.className && typeof el.className === 'string' ? ` .${el.className.split(' ')[0]}` : ''}`;
  };

  // A tap anywhere on the input's label reaches the input, so the label is the target a finger aims at.
  const accepts = (el: Element, hit: Element | null): boolean => {
    if (!hit) return false;
    if (el.contains(hit)) return true;
    const labels = (el as HTMLInputElement).labels;
    return labels ? [...labels].some((l) => l.contains(hit)) : false;
  };

  // WCAG 2.5.8 exempts a link inside a sentence: its size is the line's, and growing it would push the prose apart.
  const inlineInProse = (el: Element): boolean => {
    const p = el.tagName === 'A' ? el.closest('p') : null;
    return !!p && (p.textContent ?? '').trim() !== (el.textContent ?? '').trim();
  };

  // The same element keeps its key across scroll positions, so two buttons with one name are told apart.
  const w = window as unknown as { tapKeys?: WeakMap<Element, string> };
  const keys = (w.tapKeys ??= new WeakMap());
  const keyOf = (el: Element) => {
    if (!keys.has(el)) keys.set(el, String(Math.random()));
    return keys.get(el)!;
  };

  const verdicts: Verdict[] = [];
  for (const el of document.querySelectorAll(selector)) {
    if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') continue;
    // An input inside a label is tapped through its label, which is measured instead.
    if (el.tagName === 'INPUT' && el.closest('label')) continue;
    if (inlineInProse(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    if (cx < 0 || cy < 0 || cx >= vw || cy >= vh) continue;
    const visibleInput = el.tagName === 'INPUT' && (el as HTMLInputElement).labels?.length;
    if (!accepts(el, document.elementFromPoint(cx, cy)) && !visibleInput) continue;
    // A pixel in from the square's edges: Chrome's hit test snaps to whole pixels, so a point half a pixel inside an
    // exactly-44 box could land on a neighbour flush against it (the review's stars, the assistant's dots).
    const half = min / 2 - 1;
    // The screen's edge ends the finger's reach as well: a probe past it is clamped onto the screen.
    const clampX = (x: number) => Math.min(Math.max(x, 0), vw - 1);
    const clampY = (y: number) => Math.min(Math.max(y, 0), vh - 1);
    const corners = [
      [cx - half, cy - half],
      [cx + half, cy - half],
      [cx - half, cy + half],
      [cx + half, cy + half],
    ];
    const ok = corners.every(([x, y]) => accepts(el, document.elementFromPoint(clampX(x), clampY(y))));
    verdicts.push({ key: keyOf(el), name: accessibleName(el), ok });
  }
  return verdicts;
}

/**
 * Scrolls the page (or, given a selector, that scrolling box) through from top to bottom, probing each screenful,
 * and returns every tappable element that never offered a full hit area at any position (an element half under the
 * footer at one position passes at the next). Pass `scroll: false` for a screen whose layout a page scroll would
 * change (the map's collapsed sheet), and the list's selector for the map's expanded sheet, whose list scrolls.
 */
export async function tapTargetsOffenders(page: Page, { scroll = true }: { scroll?: boolean | string } = {}): Promise<string[]> {
  const passed = new Set<string>();
  const failed = new Map<string, string>();
  const record = (vs: Verdict[]) => vs.forEach((v) => (v.ok ? passed.add(v.key) : failed.set(v.key, v.name)));
  if (!scroll) {
    record(await page.evaluate(probeScreen, MIN_TAP));
  } else {
    const box = typeof scroll === 'string' ? scroll : null;
    const [height, step] = await page.evaluate((sel) => {
      const el = sel ? document.querySelector(sel)! : document.documentElement;
      return [el.scrollHeight, Math.floor((sel ? el.clientHeight : window.innerHeight) * 0.6)];
    }, box);
    const scrollTo = (top: number) =>
      page.evaluate(
        ([sel, y]) => (sel ? document.querySelector(sel)!.scrollTo({ top: y, behavior: 'instant' }) : window.scrollTo({ top: y, behavior: 'instant' })),
        [box, top] as const,
      );
    for (let y = 0; ; y += step) {
      await scrollTo(y);
      record(await page.evaluate(probeScreen, MIN_TAP));
      if (y + step >= height) break;
    }
    await scrollTo(0);
  }
  return [...failed].filter(([key]) => !passed.has(key)).map(([, name]) => name).sort();
}
