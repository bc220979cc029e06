// Client storage keys of spec §3 "Client storage". Kept here so tests and the app agree on the exact names.
export const STORAGE = {
  access: 'access',
  refresh: 'refresh',
  accessCompat: 'accessToken',
  legacyLocalToken: 'token', // read-only fallback in localStorage
  legacySessionAccess: 'access', // read-only fallback in sessionStorage
  redirectPath: 'redirectPath',
  user: 'user',
  signupDraft: 'signupDraft',
  /** The operator console's session token (sessionStorage: gone when the tab closes; never the students' keys). */
  opsSession: 'partyon.ops.session',
  /** A party form the operator has not sent yet (sessionStorage), with the party's id or "new" after a colon. */
  opsPartyDraft: 'partyon.ops.partyDraft',
  /** Set once the student answered the "알림을 받아볼까요?" card (either way): it is never shown again. */
  pushAsked: 'partyon.push.asked',
} as const;
