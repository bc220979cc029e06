// Time is injected so tests can move it (hold expiry, reminders, token expiry) without waiting.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
