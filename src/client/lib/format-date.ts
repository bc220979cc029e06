import { partyDateTime, seoulParts } from '../../shared/campus-date';

// Dates the Korean way, always in campus time (Asia/Seoul), whatever the phone's or the server's zone.
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

export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? fullDateTime.format(date) : '';
}

/** "2026년 3월 3일 (화) 19:00" (spec §9: the party detail, in Asia/Seoul on a 24 h clock). */
export function formatPartyDateTime(iso: string): string {
  return partyDateTime(new Date(iso));
}

/**
 * Home and history cards: "5월 3일 오후 7:30", in campus time. 오전/오후 are ours, not ICU's: some ICU builds (the
 * server's, which draws the home list) write them as AM/PM, and the server's page must read as the browser's.
 */
export function formatMonthDayTime(iso: string): string {
  const part = seoulParts(new Date(iso));
  if (!part) return '';
  const hour = Number(part.hour);
  return `${part.month}월 ${part.day}일 ${hour < 12 ? '오전' : '오후'} ${hour % 12 || 12}:${part.minute}`;
}

const ago = new Intl.RelativeTimeFormat('ko-KR', { numeric: 'always' });

/** "3시간 전": how long before `now`, in minutes under an hour, hours under two days, days after that. */
export function formatTimeAgo(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return ago.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? ago.format(-hours, 'hour') : ago.format(-Math.floor(hours / 24), 'day');
}
