// Postgres reports constraint violations by SQLSTATE; the services turn the ones users can cause into 4xx answers.
export function pgErrorInfo(err: unknown): { code?: string; constraint?: string } {
  let e: unknown = err;
  // drizzle wraps driver errors; the original is on `cause`.
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof o.code === 'string' && /^[0-9A-Z]{5}$/.test(o.code)) {
      return { code: o.code, constraint: typeof o.constraint === 'string' ? o.constraint : undefined };
    }
    e = o.cause;
  }
  return {};
}

export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const info = pgErrorInfo(err);
  return info.code === '23505' && (!constraint || info.constraint === constraint);
};

export const isCheckViolation = (err: unknown, constraint?: string) => {
  const info = pgErrorInfo(err);
  return info.code === '23514' && (!constraint || info.constraint === constraint);
};

// Node's socket errors: the database host cannot be reached or the connection broke.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// SQLSTATEs of a database that cannot serve: 08 connection exception, 53 insufficient resources (too many
// connections, disk full, out of memory), 57P0x shutting down / starting up / session ended, 25P03 our idle-in-transaction
// deadline ended the session.
const UNAVAILABLE_STATE = /^(08|53|57P0)|^25P03$/;
// SQLSTATEs of a database that is up but could not serve this statement in time or lost it to a race: 57014 a
// statement cancelled by statement_timeout (a slow query or a long lock wait), 55P03 lock_not_available, 40001
// serialization failure, 40P01 deadlock (retry-transaction.ts retries those before they get here).
const BUSY_STATE = /^(57014|55P03|40001|40P01)$/;
// pg and pg-pool report dead connections and their own deadlines (pg-pool.ts) by message only.
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|timeout expired|Query read timeout|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/**
 * Why a database call failed when it is not the query's fault: `unavailable` (down, unreachable or silent — the
 * pool reconnects on its own) or `busy` (reachable, but this statement was cancelled or lost a race). Both answer
 * 503 with Retry-After; they are told apart so the log says whether the database is gone or only contended.
 */
export function databaseTrouble(err: unknown): 'unavailable' | 'busy' | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof o.code === 'string') {
      if (SOCKET_CODES.has(o.code) || UNAVAILABLE_STATE.test(o.code)) return 'unavailable';
      if (BUSY_STATE.test(o.code)) return 'busy';
    }
    if (typeof o.message === 'string' && UNAVAILABLE_MESSAGE.test(o.message)) return 'unavailable';
    e = o.cause;
  }
  return undefined;
}

/** The database is down, unreachable or silent (not a bad query): answer 503 and let the pool reconnect on its own. */
export const isDatabaseUnavailable = (err: unknown) => databaseTrouble(err) === 'unavailable';
