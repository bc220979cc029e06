import { seoulParts } from './campus-date';

// Suspension (issue 29): an operator stops a student from taking seats for a while or without end. Shared: the
// server words its refusal with these, my page and the console show the same end date.

/** The longest reason an operator may give (the student reads it as written). */
export const SUSPENSION_REASON_MAX = 200;

/** Warnings since the last suspension at which the console suggests one (docs/rules.md "Suspension"). */
export const SUSPENSION_SUGGESTED_AT_WARNINGS = 3;

const DAY_MS = 86_400_000;

/**
 * "12월 31일까지", "2027년 1월 5일 15:00까지" or "기한 없음", in campus time. The console suspends until the end of a
 * day (the next midnight, Asia/Seoul), which reads as that day; any other instant keeps its time. The year is
 * written only when it is not this year's.
 */
export function suspensionUntil(endsAt: Date | string | null, now: Date): string {
  if (endsAt === null) return '기한 없음';
  const end = new Date(endsAt);
  const at = seoulParts(end);
  const thisYear = seoulParts(now)?.year;
  if (!at) return '기한 없음';
  const midnight = at.hour === '00' && at.minute === '00';
  const day = midnight ? seoulParts(new Date(end.getTime() - DAY_MS)) : at;
  if (!day) return '기한 없음';
  const date = `${day.year === thisYear ? '' : `${day.year}년 `}${day.month}월 ${day.day}일`;
  return `${date}${midnight ? '' : ` ${at.hour}:${at.minute}`}까지`;
}

