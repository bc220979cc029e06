/**
 * How long a client test waits for a condition before calling it missing. Tests wait for what they need (a text,
 * a socket, a path), never for time; this is only the point where a wait that would never end is failed. It is
 * generous because machines of the same kind differ about 3× in speed and CI may share its cores: a tight cap
 * would make a correct test fail on a slow machine, and a hung one fails all the same.
 */
export const CONDITION_TIMEOUT_MS = 10_000;
