import { atom, createStore } from 'jotai';
import type { LocalUser } from '../api/profile';
import { getAccessToken } from '../api/token-store';
import { readLocalUser } from './local-user';

/**
 * Whether a session exists, as last synced from storage. The fetch client always reads the token from storage
 * itself (it rotates on refresh), so screens use this only to decide "logged in or guest".
 */
export const accessTokenAtom = atom<string | null>(null);
export const currentUserAtom = atom<LocalUser | null>(null);
export const isLoggedInAtom = atom((get) => get(accessTokenAtom) !== null);

/** A store primed from storage, so the first render already knows guest from student (no flash of guest UI). */
export function createSessionStore() {
  const store = createStore();
  store.set(accessTokenAtom, getAccessToken());
  store.set(currentUserAtom, readLocalUser());
  return store;
}
