import type { Client } from './http';

/**
 * An operator approves the student's card through `via`, naming the card the queue lists (`card_submitted_at`), as
 * every decision must: one on a card the student has replaced since is refused.
 */
export async function approveListedCard(via: Client, id: number, ops: Record<string, string>) {
  // The students a deploy test makes wait one or two at a time: the first page, at its largest, holds them.
  const queue = (await via.call('/api/ops/verifications/?limit=100', { headers: ops })).json<{ results: { id: number; card_submitted_at: string }[] }>();
  const seen = queue.results.find((v) => v.id === id)?.card_submitted_at;
  return via.call(`/api/ops/verifications/${id}/approve/`, { method: 'POST', json: { card_submitted_at: seen }, headers: ops });
}
