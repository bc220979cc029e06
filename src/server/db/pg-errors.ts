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

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);

/** The database is down or unreachable (not a bad query): answer 503 and let the pool reconnect on its own. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof o.code === 'string' && (CONNECTION_CODES.has(o.code) || /^(08|57P0)/.test(o.code))) return true;
    if (typeof o.message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(o.message)) return true;
    e = o.cause;
  }
  return false;
}
