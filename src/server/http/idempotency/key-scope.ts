import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One request sent with an Idempotency-Key, from the route's hook (route-hooks.ts) to the action's transaction
 * (key-claim.ts). Carried by AsyncLocalStorage so the actions keep their signatures: an action calls the claim and the
 * record with its own transaction, and both do nothing when the request had no key.
 */
export interface KeyScope {
  userId: number;
  key: string;
  fingerprint: string;
  /** The status of the route's success answer (201 for a join), stored with the action's answer. */
  successStatus: number;
  now: Date;
  /** The action's transaction wrote its answer into the key's row (cleared when a transaction attempt starts over). */
  recorded: boolean;
  /** The answer is the key's own (a replay, 409 in progress, 422 another request): nothing is to be stored. */
  settled: boolean;
  /** The answer is a stored one given again. */
  replayed: boolean;
}

const scopes = new AsyncLocalStorage<KeyScope>();

export const currentKeyScope = () => scopes.getStore();

export const runInKeyScope = (scope: KeyScope, run: () => void) => scopes.run(scope, run);
