import { startTransition, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PAGE_DATA_ID, type PageData } from '../shared/page-data';
import { getAccessToken } from './api/token-store';
import { App } from './App';
import { leaveStaleLayerEntries } from './lib/back-layers';
import { markAppStarted } from './lib/early-taps';
import './app.css';
// The shared families (cards, chips, plain lists, notes, avatars), once for every screen: each screen's own
// stylesheet only places and sizes them.
import './ui/card.css';
import './ui/chip.css';
import './ui/list.css';
import './ui/note.css';
import './ui/avatar.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

function readPageData(): PageData | null {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}

// The server draws a page's first screen as a guest (src/server/pages/page-render.ts). A guest's first render is
// that same screen, so React takes the HTML over as it is. A logged-in student's is not (their name, their seat):
// the page's loader has already dropped the guest's copy, and their render starts from the server's data only
// where it is the same for everyone.
const page = readPageData();
const loggedIn = getAccessToken() !== null;
markAppStarted();
leaveStaleLayerEntries();
// The loader may also have dropped a drawing made for another screen (the map is drawn as a phone shows it).
if (page && !loggedIn && root.hasChildNodes()) {
  hydrateRoot(root, <App fallback={page.fallback} />, {
    // Should this browser write a date differently from the server's ICU, React draws the page afresh, which is
    // all that is needed: not an error worth a console alarm.
    onRecoverableError: (error) => console.warn('서버 화면을 새로 그렸습니다.', error),
  });
} else {
  const app = createRoot(root);
  // As a transition, the first render is done in slices between which the browser paints and handles taps (a plain
  // render is one task: 250 ms on a throttled phone for a signed-in home). Meanwhile a kept drawn copy stays shown.
  startTransition(() =>
    app.render(
      <>
        <App fallback={page?.sameForEveryone ? page.fallback : undefined} />
        <KeptCopyReplaced />
      </>,
    ),
  );
}

/** Once the app's own screen is in, nothing of the page loader's kept copy is left to hide (lib/page-loader.ts). */
function KeptCopyReplaced() {
  useLayoutEffect(() => {
    delete root!.dataset.session;
  }, []);
  return null;
}

// The worker's code is not the first screen's: it loads once this module has run.
void import('./lib/service-worker').then((m) => m.registerServiceWorker());
