// Dates in campus time (Asia/Seoul), whatever the phone's or the server's zone. Shared so the screens, the
// notices and the link previews write a party's time the same way. Built from parts, so the weekday's brackets
// and 오전/오후 never depend on the ICU build (the server's and a browser's differ). h23, not hour12: false, so
// midnight reads 00, not 24.
const partsFormat = new Intl.DateTimeFormat('ko-KR', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Seoul',
});

type Parts = Record<'year' | 'month' | 'day' | 'weekday' | 'hour' | 'minute', string>;

/** The date's campus-time parts, or null for an invalid date. */
export function seoulParts(date: Date): Parts | null {
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(partsFormat.formatToParts(date).map((p) => [p.type, p.value])) as Parts;
}

/** "2026년 3월 3일 (화) 19:00" (spec §9, the party detail); '' for an invalid date. */
export function partyDateTime(date: Date): string {
  const v = seoulParts(date);
  return v ? `${v.year}년 ${v.month}월 ${v.day}일 (${v.weekday}) ${v.hour}:${v.minute}` : '';
}

/** "3월 5일 (목) 19:00": the same without the year, where the year goes without saying (a notice). */
export function monthDayDateTime(date: Date): string {
  const v = seoulParts(date);
  return v ? `${v.month}월 ${v.day}일 (${v.weekday}) ${v.hour}:${v.minute}` : '';
}

/** "2026. 11. 27. 오후 3:04": an instant as the console's logs write it (the audit log, its export); '' if invalid. */
export function seoulDateTime(date: Date): string {
  const v = seoulParts(date);
  if (!v) return '';
  const hour = Number(v.hour);
  return `${v.year}. ${v.month}. ${v.day}. ${hour < 12 ? '오전' : '오후'} ${hour % 12 || 12}:${v.minute}`;
}
