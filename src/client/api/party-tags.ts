import useSWR from 'swr';
import type { ApiError } from './api-error';

/** The tags the upcoming parties carry (the filters' tag picker). */
export const useTagsInUse = () => useSWR<string[], ApiError>('/api/homemap/tags/');
