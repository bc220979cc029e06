const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
// Campus time is Asia/Seoul, which keeps no daylight saving time: the offset is fixed.
const SEOUL_OFFSET = 9 * HOUR;

/** The campus calendar day holding `now`: its first instant, the first instant of the next day, and its date. */
export function campusDay(now: Date): { start: Date; end: Date; date: string } {
  const start = Math.floor((now.getTime() + SEOUL_OFFSET) / DAY) * DAY - SEOUL_OFFSET;
  return { start: new Date(start), end: new Date(start + DAY), date: new Date(start + SEOUL_OFFSET).toISOString().slice(0, 10) };
}
