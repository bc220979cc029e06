import useSWR from 'swr';
import type { TokenPair } from '../../shared/auth';
import type { MyProfile, ProfileSaved } from '../../shared/mypage';
import type { ApiError } from './api-error';
import { apiFetch } from './client';

export const PROFILE_PATH = '/api/mypage/profile/';

export function useProfile(enabled: boolean) {
  return useSWR<MyProfile, ApiError>(enabled ? PROFILE_PATH : null, {
    onError: (error) => console.warn('프로필을 불러오지 못했습니다.', error),
  });
}

/** The server signs every other session out and answers this one's new token pair. */
export function changePassword(newPassword: string, newPassword2: string) {
  return apiFetch<TokenPair & { detail: string }>(PROFILE_PATH, {
    method: 'POST',
    json: { new_password: newPassword, new_password2: newPassword2 },
  });
}

export function saveProfile(intro: string, photo: File | null) {
  const form = new FormData();
  form.append('intro', intro);
  if (photo) form.append('profile_image', photo);
  return apiFetch<ProfileSaved>(PROFILE_PATH, { method: 'PATCH', body: form });
}
