// The history list's address, apart from its reading code (history.ts): what revalidates after a seat change
// (seat-change.ts, on every first load) needs the key, not the history screen's code.
export const HISTORY_PATH = '/api/mypage/history/';
