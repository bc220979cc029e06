import type { Notice } from '../../shared/parties';

/** One party's notices, newest first (issue 30 §5: a party's events read as one thread); or one notice about no party. */
export interface NoticeThread {
  key: string;
  partyId: number | null;
  partyTitle: string | null;
  notices: Notice[];
  unread: number;
}

/**
 * Threads the list (newest first, as the server sends it): a thread takes the place of its newest notice, so the
 * threads are newest first too. A notice about no party (a card decision, a warning) stands alone. `party_id` is
 * read with `??`: a server written to spec §7 alone does not send it, and then every notice stands alone.
 */
export function threadsOf(list: Notice[]): NoticeThread[] {
  const threads: NoticeThread[] = [];
  const byParty = new Map<number, NoticeThread>();
  for (const notice of list) {
    const partyId = notice.party_id ?? null;
    let thread = partyId === null ? undefined : byParty.get(partyId);
    if (!thread) {
      thread = { key: partyId === null ? `notice-${notice.id}` : `party-${partyId}`, partyId, partyTitle: notice.party_title ?? null, notices: [], unread: 0 };
      threads.push(thread);
      if (partyId !== null) byParty.set(partyId, thread);
    }
    thread.notices.push(notice);
    if (!notice.is_read) thread.unread += 1;
  }
  return threads;
}
