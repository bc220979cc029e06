import type { z } from 'zod';
import type { opsCreated, opsPlace } from '../../shared/ops-contract';
import { opsFetch } from './ops-api';

export type OpsPlace = z.infer<typeof opsPlace>;

/** A place the server saved, and the line the screen's status then says. */
export type PlaceSaved = (place: OpsPlace, notice: string) => void;

export const PLACES_PATH = '/api/ops/places/';

export function createPlace(body: { name: string; x_norm: number; y_norm: number }) {
  return opsFetch<z.infer<typeof opsCreated>>(PLACES_PATH, { method: 'POST', json: body });
}

/** Rename or move: only what is sent changes. Answers the place as it now is. */
export function updatePlace(id: number, body: { name?: string; x_norm?: number; y_norm?: number }) {
  return opsFetch<OpsPlace>(`${PLACES_PATH}${id}/`, { method: 'PATCH', json: body });
}

export function uploadPlacePhoto(id: number, photo: File) {
  const body = new FormData();
  body.append('photo', photo);
  return opsFetch<OpsPlace>(`${PLACES_PATH}${id}/photo/`, { method: 'POST', body });
}
