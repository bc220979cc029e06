// What a server-rendered page hands the client (src/server/pages/page-render.ts → src/client/main.tsx): the API
// answers the first screen was drawn from, so the client's first render draws the same thing and hydrates.

/** The element holding the data, a `<script type="application/json">` (never executed, so CSP leaves it alone). */
export const PAGE_DATA_ID = 'page-data';

export interface PageData {
  /** SWR cache entries by API path, exactly as a guest's request for that path answered. */
  fallback: Record<string, unknown>;
  /**
   * Whether every visitor gets the same answers. A party's detail carries the visitor's own participation, so a
   * logged-in student must not see the guest's version of it, not even for a moment.
   */
  sameForEveryone: boolean;
}

/**
 * JSON that is safe inside a `<script>` element: a party title holding `</script>` must not end it, and U+2028/9
 * are escaped for old parsers. JSON.parse reads the escapes back unchanged.
 */
export function serializePageData(data: PageData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * Buttons tapped on a drawn page before the app took it over (they did nothing then): the page's loader collects
 * them here, the app replays the last one once it runs (src/client/lib/early-taps.ts). A global, because the
 * loader is a classic inline script and the app a module.
 */
export const EARLY_TAPS_GLOBAL = 'partyonEarlyTaps';

/**
 * A signed-in student's first API reads, asked by the page's loader before the app's code arrives and handed to the
 * app's first request for each path (src/client/api/early-reads.ts). A global, like the taps above.
 */
export const EARLY_READS_GLOBAL = 'partyonEarlyReads';
