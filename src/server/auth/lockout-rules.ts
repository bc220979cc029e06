/**
 * When a password sign-in is let through to the password check, as a pure function of one subject's row (a
 * username tried from devices without a device cookie, or one device cookie): account-lockout.ts keeps the rows.
 *
 * Every attempt is counted BEFORE its password is checked, so that 150 attempts arriving at once cannot all be
 * checked while the count still reads 0; a success gives its count back. After `allowed` failures the subject is
 * locked for FIRST_LOCK_MS, and from then on every single failure locks it again for twice as long (up to
 * LONGEST_LOCK_MS): a guesser gets `allowed` guesses, then one per lock. A quiet hour after the last failure or
 * the end of the last lock forgets it all.
 */

export interface LockoutState {
  attempts: number;
  lockouts: number;
  lockedUntil: Date | null;
  forgetAt: Date;
}

const FIRST_LOCK_MS = 60_000;
const LONGEST_LOCK_MS = 3_600_000;
const MEMORY_MS = 3_600_000;
const IN_FLIGHT_MS = 1000;

const lockLength = (lockouts: number) => Math.min(FIRST_LOCK_MS * 2 ** (lockouts - 1), LONGEST_LOCK_MS);
const isLocked = (s: LockoutState, now: Date) => s.lockedUntil !== null && s.lockedUntil > now;
// Before the first lock a typo or two costs nothing; once locked, the subject is under attack (or its owner has
// forgotten the password), and each guess has to wait out a lock of its own.
const allowance = (s: LockoutState, allowed: number) => (s.lockouts === 0 ? allowed : 1);

/** A row that has gone quiet long enough starts over. */
const remembered = (s: LockoutState, now: Date): LockoutState =>
  s.forgetAt <= now ? { attempts: 0, lockouts: 0, lockedUntil: null, forgetAt: s.forgetAt } : s;

export type Claim = { admitted: true; next: LockoutState } | { admitted: false; retryAfterMs: number };

/** An attempt arrives: let it be checked (and count it), or say how long to wait. */
export function claim(row: LockoutState, now: Date, allowed: number): Claim {
  const s = remembered(row, now);
  if (isLocked(s, now)) return { admitted: false, retryAfterMs: s.lockedUntil!.getTime() - now.getTime() };
  // The allowance is taken by attempts still being checked. They are answered within a second: then either the
  // lock their failures set is the wait, or they signed in and gave their count back.
  if (s.attempts >= allowance(s, allowed)) return { admitted: false, retryAfterMs: IN_FLIGHT_MS };
  return { admitted: true, next: { ...s, attempts: s.attempts + 1, forgetAt: new Date(now.getTime() + MEMORY_MS) } };
}

/** A claimed attempt had the wrong password: it stays counted, and the failure that uses up the allowance locks. */
export function failed(s: LockoutState, now: Date, allowed: number): LockoutState {
  if (isLocked(s, now) || s.attempts < allowance(s, allowed)) {
    return { ...s, forgetAt: new Date(Math.max(s.forgetAt.getTime(), now.getTime() + MEMORY_MS)) };
  }
  const lockouts = s.lockouts + 1;
  const lockedUntil = new Date(now.getTime() + lockLength(lockouts));
  return { attempts: 0, lockouts, lockedUntil, forgetAt: new Date(lockedUntil.getTime() + MEMORY_MS) };
}
