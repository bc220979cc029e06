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
