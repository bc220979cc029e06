import useSWR from 'swr';
import type { z } from 'zod';
import type { opsPlace } from '../../shared/ops-contract';
import type { ApiError } from '../api/api-error';
import { opsFetcher } from './ops-api';

export type PlaceChoice = z.infer<typeof opsPlace>;

/**
 * Every place, for the party form's choice, asked for again each time a form opens (no two-second dedupe): a place
 * put on the map a moment ago must be there to choose.
 */
export function usePlaceChoices() {
  return useSWR<PlaceChoice[], ApiError>('/api/ops/places/', opsFetcher<PlaceChoice[]>, { dedupingInterval: 0 });
}
