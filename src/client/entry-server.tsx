// The server's renderer (built by `vite build --ssr` into dist/ssr, loaded by src/server/pages/page-render.ts): the
// first screen of a page as HTML, so a phone shows the party list or a party's detail before any script arrives.
import { createStore } from 'jotai';
import { prerender } from 'react-dom/static';
import { App } from './App';
import { accessTokenAtom } from './state/session-atoms';

/** The session a members' screen is drawn with: it marks the drawing as signed-in, and is never sent anywhere. */
const DRAWN_MEMBER_TOKEN = 'drawn-as-member';

// A boundary React wrote out of line, as a hidden segment to be moved in by an inline script: our CSP (rightly)
// refuses to run it, so such a page would show its loading text.
const OUT_OF_LINE = '<template id="B:';

/**
 * `path` as a guest sees it, drawn from `fallback` (SWR entries by API path), as plain HTML with no script.
 * `prerender` waits for the route's lazy screen, so the HTML holds the screen itself. `asMember`: as a signed-in
 * student whose data has not arrived yet sees it (a members' screen: the page's loader keeps it only for one).
 */
export async function renderPage(path: string, fallback: Record<string, unknown>, asMember = false): Promise<string> {
  const store = createStore();
  // Only "signed in" matters to the screens; no request is made while drawing, so no real token is needed.
  if (asMember) store.set(accessTokenAtom, DRAWN_MEMBER_TOKEN);
  const { prelude } = await prerender(<App store={store} fallback={fallback} ssrPath={path} />, {
    // The whole page in line: React otherwise moves a boundary larger than this out of line.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  // The server then sends the bare shell and the browser draws the page, as it would without a renderer.
  if (html.includes(OUT_OF_LINE)) throw new Error(`${path}: a boundary was written out of line`);
  return html;
}
