import { STORAGE } from '../../shared/storage-keys';
import type { LocalUser } from '../api/profile';

export function readLocalUser(): LocalUser | null {
  try {
    const raw = localStorage.getItem(STORAGE.user);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<LocalUser>;
    if (typeof value?.id !== 'number') return null;
    return { id: value.id, username: String(value.username ?? ''), name: String(value.name ?? '') };
  } catch {
    return null;
  }
}

export function writeLocalUser(user: LocalUser): void {
  try {
    localStorage.setItem(STORAGE.user, JSON.stringify(user));
  } catch {
    /* the in-memory atom still knows the user for this visit */
  }
}
