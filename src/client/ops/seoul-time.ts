// Parties start at campus time (Asia/Seoul) whatever zone the operator's browser is in. Seoul has kept no daylight
// saving time since 1988, so the offset is fixed and the conversion needs no time-zone database.
const OFFSET = '+09:00';
const OFFSET_MS = 9 * 3_600_000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The values of `<input type="date">` and `<input type="time">` read as Seoul wall time: "2026-03-05" and "19:00"
 * → "2026-03-05T19:00:00+09:00". Null when either is not a real date or time (a 30 February, a 24:10).
 */
export function seoulWallTimeToIso(date: string, time: string): string | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hour, minute, second] = [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return `${d[0]}T${t[1]}:${t[2]}:${t[3] ?? '00'}${OFFSET}`;
}

/** An instant as the Seoul date and time an operator reads and types ("2026-03-05", "19:00"). */
export function isoToSeoulWallTime(iso: string): { date: string; time: string } {
  const shifted = new Date(new Date(iso).getTime() + OFFSET_MS).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}
