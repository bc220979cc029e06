// The API paths of the reads more than one part of the app names: the screens' hooks, the caches a change refreshes
// (seat-change.ts) and the page's loader (early-reads.ts). Nothing is imported here: the loader, a small inline
// script, bundles this file, and anything an import brought along would run in every page before the app.

/** The student's own record (spec §3's local user) and the my-page summary. */
export const MYPAGE_MAIN_PATH = '/api/mypage/main/';

/** The parties I have a seat in (파티비서, the seat watcher). */
export const MY_PARTIES_PATH = '/api/partyassist/myparties/';

export const partyDetailPath = (partyId: number) => `/api/detailview/parties/${partyId}/`;

/** Confirmed participants of a party (the lobby reads the caller's own standby from it too). */
export const participantsPath = (partyId: number) => `/api/partyassist/standby/${partyId}/participants/`;

export const roundPath = (roundId: number) => `/api/v1/game/rounds/${roundId}/`;
