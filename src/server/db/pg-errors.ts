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
