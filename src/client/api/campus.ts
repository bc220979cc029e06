import useSWR from 'swr';
import { CAMPUS_PATH, type CampusSettings, DEFAULT_CAMPUS } from '../../shared/campus';
import type { ApiError } from './api-error';

/**
 * The campus the app serves (its names, its map art). A drawn page carries it (page-render.ts), so the first render
 * already has it. `campus` is null only while a first fetch is under way: a screen then waits rather than show the
 * built-in campus for a moment; a failed fetch falls back to the built-in one, which the app has anyway.
 */
export function useCampus(): { campus: CampusSettings | null } {
  const { data, error } = useSWR<CampusSettings, ApiError>(CAMPUS_PATH, {
    // Changed by an operator, rarely: no refetch on every focus of the window.
    revalidateOnFocus: false,
    onError: (err) => console.warn('캠퍼스 정보를 불러오지 못했습니다.', err),
  });
  return { campus: data ?? (error ? DEFAULT_CAMPUS : null) };
}
