// Every id of ours is a PostgreSQL `integer` (serial): 1 … 2³¹−1.
export const MAX_ID = 2_147_483_647;
const DIGITS = /^[1-9]\d{0,9}$/;

/**
 * An id as it arrives in a path, a query, history state or a message: a decimal string of digits without a leading
 * zero, or an integer, within our id range. Anything else (`0`, `-1`, `1e3`, `0x10`, ` 7`, `12abc`, 2³¹) is null,
 * so the server answers 404 and a screen shows its "not found" without asking the server. One rule for the HTTP
 * params, the socket routes and the client screens.
 */
export function parseId(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isInteger(raw) && raw >= 1 && raw <= MAX_ID ? raw : null;
  if (typeof raw !== 'string' || !DIGITS.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}
