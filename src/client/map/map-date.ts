// Spec §9: map cards read "MM.DD. HH:mm" in campus time. Built from parts so no locale's separators leak in;
// h23 so midnight is 00, not 24. (lib/format-date has the other screens' formats; this one is the map's alone.)
const parts = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Seoul',
});

export function formatMapDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = Object.fromEntries(parts.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.month}.${p.day}. ${p.hour}:${p.minute}`;
}
