// How long to wait before asking a server that did not answer again (issue 30 §7): 1 s, 2 s, 4 s … up to 30 s, each
// a little shorter or longer at random, so the phones of a whole campus that lost the server at the same moment do
// not all knock again in the same instant when it comes back.
const FIRST_MS = 1000;
const MAX_MS = 30_000;

/** The wait before the `attempt`-th retry (1 for the first). */
export function retryDelay(attempt: number): number {
  const base = Math.min(FIRST_MS * 2 ** Math.max(0, attempt - 1), MAX_MS);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}
