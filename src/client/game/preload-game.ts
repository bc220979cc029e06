import { preloadVoteGauge } from './lazy-vote-gauge';

/**
 * Fetches the game screen's code, then the gauge's (routes.tsx calls this while a student waits in the lobby):
 * what is already in the browser's module map costs nothing when every student of the party is forwarded to the
 * game at the same moment. Same specifier as the route's lazy import, so it is the same chunk.
 */
export function preloadGame(): void {
  import('./BalanceGameScreen').then(preloadVoteGauge, () => undefined);
}
