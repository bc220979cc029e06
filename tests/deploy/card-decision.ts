import type { Client } from './http';

/**
 * An operator approves the student's card through `via`, naming the card the queue lists (`card_submitted_at`), as
 * every decision must: one on a card the student has replaced since is refused.
 */
export async function approveListedCard(via: Client, id: number, ops: Record<string, string>) {
  const queue = (await via.call('/api/ops/verifications/', { headers: ops })).json<{ id: number; card_submitted_at: string }[]>();
  const seen = queue.find((v) => v.id === id)?.card_submitted_at;
  return via.call(`/api/ops/verifications/${id}/approve/`, { method: 'POST', json: { card_submitted_at: seen }, headers: ops });
}
