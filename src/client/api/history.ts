import useSWR from 'swr';
import type { ApiError } from './api-error';
import { apiFetch } from './client';
import { HISTORY_PATH } from './history-path';

/** One attended party as the history screen shows it; `id` is null when the server sent none usable. */
export interface HistoryEntry {
  id: number | null;
  title: string;
  startTime: string;
  placeName: string;
  placePhoto: string | null;
  applied: number;
  capacity: number;
  reviewed: boolean;
}

type Raw = Record<string, unknown>;

const asObject = (value: unknown): Raw | null => (value && typeof value === 'object' ? (value as Raw) : null);
const text = (...values: unknown[]) => String(values.find((v) => typeof v === 'string' && v) ?? '');
const count = (...values: unknown[]) => Number(values.find((v) => typeof v === 'number') ?? 0);

/**
 * Spec §3 "My-parties item (history)": the party nested under `party` or flat, with either name of each field,
 * in a list or `{results}`. Reading every variant here keeps the screen to one shape.
 */
export function normalizeHistory(raw: unknown): HistoryEntry[] {
  const list = Array.isArray(raw) ? raw : asObject(raw)?.results;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const outer = asObject(item);
    if (!outer) return [];
    const p = asObject(outer.party) ?? outer;
    const id = Number(p.id);
    return [
      {
        id: Number.isInteger(id) && id > 0 ? id : null,
        title: text(p.title, p.name),
        startTime: text(p.start_time, p.started_at),
        placeName: text(p.place_name, p.location_name),
        placePhoto: text(p.place_photo, p.thumbnail) || null,
        applied: count(p.applied_count, p.current_participants),
        capacity: count(p.max_participants, p.capacity),
        reviewed: outer.reviewed === true || p.reviewed === true,
      },
    ];
  });
}

export function useHistory(enabled: boolean) {
  return useSWR<HistoryEntry[], ApiError>(enabled ? HISTORY_PATH : null, async (path: string) => normalizeHistory(await apiFetch(path)), {
    onError: (error) => console.warn('참여이력을 불러오지 못했습니다.', error),
  });
}

export interface ReviewBody {
  party: number;
  q1_rating: number;
  q2_rating: number;
  q3_rating: number;
  comment: string;
}

export function submitReview(body: ReviewBody) {
  return apiFetch<{ id: number }>('/api/mypage/reviews/', { method: 'POST', json: body });
}
