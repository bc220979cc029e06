// Spec §4 "Assist": days, hours, minutes:seconds, or the starting-soon text once time is up. A party that started
// more than a minute ago is no longer "starting soon" (issue 17): it is under way.
export const STARTING_SOON = '곧 시작해요!';
const UNDER_WAY = '진행 중이에요';
const STARTING_FOR_MS = 60_000;

/** Whether the start is more than a minute past: the party is under way, not about to start. */
export const isUnderWay = (msLeft: number) => msLeft <= -STARTING_FOR_MS;

const pad = (n: number) => String(n).padStart(2, '0');

/** '2일 3시간 04:05', '3시간 04:05', '04:05'; whole seconds rounded up so 0.4 s left still reads 00:01. */
export function formatCountdown(msLeft: number): string {
  if (isUnderWay(msLeft)) return UNDER_WAY;
  if (!(msLeft > 0)) return STARTING_SOON;
  const total = Math.ceil(msLeft / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = total % 60;
  const clock = `${pad(minutes)}:${pad(seconds)}`;
  if (days > 0) return `${days}일 ${hours}시간 ${clock}`;
  if (hours > 0) return `${hours}시간 ${clock}`;
  return clock;
}
