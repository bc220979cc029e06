import type { MyPageMain } from '../../shared/mypage';
import { apiFetch } from './client';
import { MYPAGE_MAIN_PATH } from './read-paths';

/** The local user record of spec §3: just enough to greet the student and recognise them in lists. */
export interface LocalUser {
  id: number;
  username: string;
  name: string;
}

export async function fetchLocalUser(): Promise<LocalUser> {
  const main = await apiFetch<MyPageMain>(MYPAGE_MAIN_PATH);
  return { id: main.id, username: main.username, name: main.name };
}
