// The home and map lists' filters (issue 18 §4), as the page URL and the API query carry them:
// `?tag=…&day=today|tomorrow|week|YYYY-MM-DD&open=1&q=…`. No zod here: the client's first load reads the page's URL
// with this, and the server's renderer builds the same API path (so its drawn page's data is the client's SWR key).
// The API validates the same names strictly (src/server/parties/list-filters.ts).

export const DAY_PRESETS = ['today', 'tomorrow', 'week'] as const;
type DayPreset = (typeof DAY_PRESETS)[number];

export const TAG_FILTER_MAX = 20;
export const SEARCH_MAX = 50;

export interface PartyFilters {
  tag?: string;
  /** A preset, or a campus (Asia/Seoul) calendar date `YYYY-MM-DD`. */
  day?: DayPreset | string;
  open?: boolean;
  q?: string;
}

/** A real calendar date written `YYYY-MM-DD` (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const isDayFilter = (value: string) => (DAY_PRESETS as readonly string[]).includes(value) || isCalendarDate(value);

/**
 * The filters a page URL asks for. Lenient, unlike the API: a hand-edited or stale link keeps what it can and
 * drops the rest, so the app never sends a query the API would refuse.
 */
export function readPartyFilters(search: string | URLSearchParams): PartyFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filters: PartyFilters = {};
  const tag = params.get('tag')?.trim();
  if (tag && tag.length <= TAG_FILTER_MAX) filters.tag = tag;
  const day = params.get('day');
  if (day && isDayFilter(day)) filters.day = day;
  if (params.get('open') === '1') filters.open = true;
  const q = params.get('q')?.trim();
  if (q) filters.q = q.slice(0, SEARCH_MAX);
  return filters;
}

/** The query of these filters, always in the same order (`?` included), or '' for none. */
export function partyFilterQuery(filters: PartyFilters): string {
  const params = new URLSearchParams();
  if (filters.tag) params.set('tag', filters.tag);
  if (filters.day) params.set('day', filters.day);
  if (filters.open) params.set('open', '1');
  if (filters.q) params.set('q', filters.q);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const hasPartyFilters = (filters: PartyFilters) => !!(filters.tag || filters.day || filters.open || filters.q);
