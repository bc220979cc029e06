import { EARLY_TAPS_GLOBAL } from '../../shared/page-data';
import { startEarlyReads } from '../api/early-reads';
import { getAccessToken } from '../api/token-store';
import { phoneLayoutNow } from './phone-layout';
import type { EarlyTaps } from './early-taps';

/** How long the app waits for the first screen's pictures before it starts anyway. */
const START_AT_THE_LATEST_MS = 3000;

/** The access token as the app reads it; a guest's null, also where storage itself is refused (some private modes). */
function readToken(): string | null {
  try {
    return getAccessToken();
  } catch {
    return null;
  }
}

/**
 * The page's loader: the one script every page carries inline instead of a module script in the head (the server
 * inlines the build of page-loader-main.ts and allows it in the CSP by its hash; pages/page-shell.ts).
 *
 * It starts the app once the first screen's main pictures are in and painted (or after 3 s; at once when the page
 * has none). On a phone the pictures and the code share one slow link: the few kilobytes the student looks at go
 * first, and the code that makes the page tappable follows (its links work before that). `script` is the loader's
 * own tag: its data attributes name the entry and the chunks to preload.
 *
 * The server draws pages as a guest, and the map as a phone shows it. A signed-in student must not see the guest's
 * copy (another name, a 참가신청 for a party they are in), nor a wide screen the phone's: for them it is dropped
 * before it is painted and the app starts at once — or, where every guest-only part is marked (home), kept with
 * those parts hidden until the app has drawn the student's. A screen drawn for members (the lobby) is kept only for
 * a signed-in student.
 *
 * For a signed-in student it also asks, with their token, for what the screen reads first (api/early-reads.ts), so
 * the answer is on its way while the code is.
 *
 * Until the app runs, a button on the drawn page does nothing (links work: they are real links). The loader
 * remembers the taps nothing handled, and the app replays the last one once it has taken the page over
 * (lib/early-taps.ts).
 */
export function runPageLoader(script: HTMLScriptElement, importEntry: (url: string) => unknown): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (script.dataset.modules ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    importEntry(script.dataset.entry ?? '');
  };
  const token = readToken();
  if (token) startEarlyReads(location.pathname, token);
  const root = document.getElementById('root')!;
  // A screen the server drew as a phone shows it (the map: a bottom sheet, not the wide screen's side panel).
  const phoneOnly = root.querySelector('[data-layout="phone"]') !== null;
  if (phoneOnly && !phoneLayoutNow()) root.replaceChildren();
  else if (token) {
    // A screen whose guest-only parts are all marked (data-personal, under a data-session-safe screen: home's name
    // and its cards' buttons) stays, with those parts hidden (app.css) until the app draws the student's own: its
    // pictures are what the student looks at first, and they are already coming. So does a screen drawn for members
    // (data-members: the lobby), whose parts that depend on the student's own data are marked the same way. Any
    // other is dropped.
    if (root.querySelector('[data-session-safe], [data-members]')) root.dataset.session = 'signed-in';
    else root.replaceChildren();
  } else if (root.querySelector('[data-members]')) {
    // A members' screen is not a guest's: the app asks them to sign in instead.
    root.replaceChildren();
  }

  // A tap is kept when nothing handled it: the app had not started, or React dropped it (a part not hydrated yet:
  // React then stops the event at #root, so it never bubbles back to #root). Decided after the event is done.
  const taps: EarlyTaps = { buttons: [], appStarted: false, done: false };
  (window as unknown as Record<string, EarlyTaps>)[EARLY_TAPS_GLOBAL] = taps;
  const handled = new WeakSet<Event>();
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const button = !taps.done && target && root.contains(target) && target.closest('button');
      if (!button) return;
      setTimeout(() => {
        if (!handled.has(event) && !taps.done) taps.buttons.push(button);
      });
    },
    true,
  );
  root.addEventListener('click', (event) => {
    if (taps.appStarted) handled.add(event);
  });

  const pictures = [...document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]')];
  if (pictures.length === 0) return start();
  const afterPaint = () => {
    requestAnimationFrame(() => setTimeout(start));
  };
  const loading = pictures.filter((img) => !img.complete);
  let left = loading.length;
  if (left === 0) return afterPaint();
  const settled = () => {
    if (--left === 0) afterPaint();
  };
  for (const img of loading) {
    img.addEventListener('load', settled, { once: true });
    img.addEventListener('error', settled, { once: true });
  }
  setTimeout(start, START_AT_THE_LATEST_MS);
}
