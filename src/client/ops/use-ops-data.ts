import useSWR from 'swr';
import type { ApiError } from '../api/api-error';
import { opsFetcher } from './ops-api';

/** One /api/ops/ answer for a console screen, through the console's own fetcher (its token, not a student's). */
export function useOpsData<T>(path: string | null) {
  return useSWR<T, ApiError>(path, opsFetcher<T>);
}
