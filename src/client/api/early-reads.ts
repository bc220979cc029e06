// A signed-in student's first reads, asked by the page's loader (lib/page-loader.ts) while the app's code is still
// on its way, and handed to the app's first request for the same path (client.ts). The server cannot draw these
// screens (it never sees the student's token: tokens stay out of cookies), so without this their data is asked only
// once the entry has run and the screen's chunk has arrived — a round trip after the code, on the phone's slowest part.
//
// Bundled into the inline loader too: only path builders and no app code may be imported here.
import { EARLY_READS_GLOBAL } from '../../shared/page-data';
import { MY_PARTIES_PATH, MYPAGE_MAIN_PATH, participantsPath, partyDetailPath, roundPath } from './read-paths';

interface EarlyRead {
  /** The access token it was asked with: handed only to a request that would send the same one. */
  token: string;
  answer: Promise<Response>;
  /** When it was asked (Date.now()). */
  at: number;
}

/**
 * How long after it was asked an answer may still be handed over. The screen it was asked for reads it as soon as the
 * app has started, seconds later even on a slow phone; a screen first opened long after (the app went elsewhere
 * first, and the student came back) asks the server for the data of now.
 */
const KEPT_MS = 15_000;

type EarlyReads = Record<string, EarlyRead | undefined>;

const ID = '([1-9]\\d{0,9})';

/** Each screen's first read besides the student's own record (SessionSync), by the page's path. */
const SCREEN_READS: [RegExp, (id: number) => string][] = [
  [new RegExp(`^/balancegame/${ID}$`), roundPath],
  [new RegExp(`^/balancewait/${ID}$`), participantsPath],
  [new RegExp(`^/partyinfo/${ID}$`), partyDetailPath],
  [/^\/assist$/, () => MY_PARTIES_PATH],
];

/** The API paths a signed-in student's page at `pathname` reads first. */
function firstReads(pathname: string): string[] {
  const reads = [MYPAGE_MAIN_PATH];
  for (const [route, path] of SCREEN_READS) {
    const match = route.exec(pathname);
    if (match) reads.push(path(Number(match[1] ?? 0)));
  }
  return reads;
}

const held = () => window as unknown as Record<string, EarlyReads | undefined>;

/** Asks for the page's first reads with `token` (the loader, for a signed-in student). */
export function startEarlyReads(pathname: string, token: string): void {
  const reads: EarlyReads = {};
  for (const path of firstReads(pathname)) {
    const answer = fetch(path, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
    // Never taken (the app started elsewhere, the token changed): its failure is nobody's to report.
    answer.catch(() => undefined);
    reads[path] = { token, answer, at: Date.now() };
  }
  held()[EARLY_READS_GLOBAL] = reads;
}

/**
 * The loader's answer for a GET of `path` sent with `token`, once and while fresh (KEPT_MS): the first request for it
 * is the screen's first load, and any later one (a revalidation, a read after a change) must reach the server itself.
 */
export function takeEarlyRead(path: string, token: string | null): Promise<Response> | null {
  const reads = held()[EARLY_READS_GLOBAL];
  const read = reads?.[path];
  if (!reads || !read) return null;
  delete reads[path];
  return read.token === token && Date.now() - read.at <= KEPT_MS ? read.answer : null;
}
