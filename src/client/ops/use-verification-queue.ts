import { useEffect, useRef, useState } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { z } from 'zod';
import type { opsVerification, opsVerificationPage } from '../../shared/ops-contract';
import type { VerificationStatus } from '../../shared/verification';
import type { ApiError } from '../api/api-error';
import { opsFetcher } from './ops-api';

export type Verification = z.infer<typeof opsVerification>;
type QueuePage = z.infer<typeof opsVerificationPage>;

/** Which queue: a status, and what the operator searched for (kept in the URL). */
export interface QueueFilter {
  status: VerificationStatus;
  q: string;
}

interface Picked {
  /** The queue it was picked in: another status or search starts at its top. */
  queue: string;
  /** Null while the next page, where the operator walked past the end, is on its way. */
  id: number | null;
  /** Where the student stood: when they leave the list (decided here or elsewhere), whoever stands there now is next. */
  index: number;
}

/** The console's own address for a queue: status and search in the URL, so a reload or a shared link shows the same. */
export function queueSearch({ status, q }: QueueFilter): string {
  const query = new URLSearchParams();
  if (status !== 'pending') query.set('status', status);
  if (q) query.set('q', q);
  return query.size ? `?${query}` : '';
}

function pagePath({ status, q }: QueueFilter, cursor?: string) {
  const query = new URLSearchParams({ status });
  if (q) query.set('q', q);
  if (cursor) query.set('cursor', cursor);
  return `/api/ops/verifications/?${query}`;
}

/**
 * One queue (oldest card first, as the server sends it), a page at a time, and the student the operator is looking
 * at. Walking past the last student loaded asks for the next page and lands on its first student.
 */
export function useVerificationQueue(filter: QueueFilter) {
  const key = pagePath(filter);
  const { data, error, size, setSize, mutate } = useSWRInfinite<QueuePage, ApiError>(
    (index, previous: QueuePage | null) => (index === 0 ? key : previous?.next_cursor ? pagePath(filter, previous.next_cursor) : null),
    opsFetcher<QueuePage>,
    // The next page only: the pages already shown stay as they are until a decision reloads them all.
    { revalidateFirstPage: false },
  );
  const [picked, setPicked] = useState<Picked | null>(null);
  // An approval still waiting when the operator leaves the screen is sent as the screen goes (use-pending-approval.ts),
  // after this hook's own cleanup (declared first, so run first): the queue and its cache are gone by then, and the
  // list has nobody left to show it to.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // A student approved but still undoable (use-pending-approval.ts): out of the queue on screen, not yet on the server.
  const [hidden, setHidden] = useState<number | null>(null);
  const list = (data?.flatMap((page) => page.results) ?? []).filter((s) => s.id !== hidden);
  const first = data?.[0];
  const hasMore = !!data?.[data.length - 1]?.next_cursor;
  const loadingMore = !!data && size > data.length;
  const mine = picked?.queue === key ? picked : null;
  const byId = mine ? list.findIndex((s) => s.id === mine.id) : -1;
  const index = byId >= 0 ? byId : Math.max(0, Math.min(mine?.index ?? 0, list.length - 1));

  function loadMore() {
    if (hasMore && !loadingMore) void setSize(size + 1);
  }

  function select(at: number) {
    const student = list[at];
    if (student) setPicked({ queue: key, id: student.id, index: at });
    else if (at === list.length && hasMore) {
      setPicked({ queue: key, id: null, index: at });
      loadMore();
    }
  }

  /** The queue without `id`, at once (the student was just decided), then as the server has it. */
  function remove(id: number) {
    if (!mounted.current) return;
    const pages = data?.map((page, i) => ({
      ...page,
      results: page.results.filter((s) => s.id !== id),
      total: i === 0 ? Math.max(0, page.total - 1) : page.total,
    }));
    if (id === hidden) {
      // An approval whose undo ran out: already off the screen, so no place changes. Not reloaded here: the approval
      // is only now on its way, and a reload racing it would bring the student back; its answer reloads the queue.
      setHidden(null);
      if (pages) void mutate(pages, { revalidate: false });
      return;
    }
    const at = list.findIndex((s) => s.id === id);
    // The decided student's place goes to the next one, so `at` stays right once the list has closed up; after the
    // last student loaded the next one is on the next page, which the reload below brings up to `at`.
    const next = list[at + 1] ?? (hasMore ? null : list[at - 1]);
    if (next) setPicked({ queue: key, id: next.id, index: next === list[at + 1] ? at : at - 1 });
    else if (hasMore) setPicked({ queue: key, id: null, index: at });
    if (!pages) return;
    // Every page again, not just the first: the pages are cut by cursor, and the counts come with each.
    void mutate(pages, { revalidate: () => true });
  }

  /** Out of the list on screen: the next student takes the place, as after a decision (from the next page after the last loaded). */
  function hide(id: number) {
    const at = list.findIndex((s) => s.id === id);
    setHidden(id);
    // The next student is picked by id, so the approved one, once its approval is sent and the list reloads, is
    // never picked again by its old place.
    const next = list[at + 1] ?? (hasMore ? null : list[at - 1]);
    if (next) setPicked({ queue: key, id: next.id, index: next === list[at + 1] ? at : at - 1 });
    else if (hasMore) {
      setPicked({ queue: key, id: null, index: at });
      loadMore();
    }
  }

  /** The hidden student back where they were (`at`), selected: the approval was undone. */
  function unhide(at: number) {
    if (hidden !== null) setPicked({ queue: key, id: hidden, index: at });
    setHidden(null);
  }

  return {
    data,
    error,
    list,
    index,
    student: list.at(index) ?? null,
    /** Every student the status and search find, on all pages (less one approved but still undoable). */
    total: Math.max(0, (first?.total ?? 0) - (hidden !== null ? 1 : 0)),
    oldestSubmittedAt: first?.oldest_submitted_at ?? null,
    decidedToday: first?.decided_today ?? null,
    hasMore,
    loadingMore,
    loadMore,
    select,
    remove,
    hide,
    unhide,
    reload: async () => (mounted.current ? mutate() : undefined),
  };
}
