// Home cards and notifications show dates the Korean way ("5월 3일 오후 7:30"), always in campus time.
const monthDayTime = new Intl.DateTimeFormat('ko-KR', {
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Seoul',
});

const fullDateTime = new Intl.DateTimeFormat('ko-KR', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'Asia/Seoul',
});

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatMonthDayTime(iso: string): string {
  const date = parse(iso);
  return date ? monthDayTime.format(date) : '';
}

export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? fullDateTime.format(date) : '';
}

// Spec §9: the party detail is in Asia/Seoul on a 24 h clock. h23 (not hour12: false) so midnight reads 00, not 24.
const partyParts = new Intl.DateTimeFormat('ko-KR', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Seoul',
});

/** "2026년 3월 3일 (화) 19:00", built from parts so the weekday's brackets do not depend on the ICU version. */
export function formatPartyDateTime(iso: string): string {
  const date = parse(iso);
  if (!date) return '';
  const part = Object.fromEntries(partyParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}년 ${part.month}월 ${part.day}일 (${part.weekday}) ${part.hour}:${part.minute}`;
}
