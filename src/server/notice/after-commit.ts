import type { Db, Tx } from '../db/connect';
import type { NotificationKind } from '../db/schema/notification-kinds';

/** A notice as it was stored, for what follows it outside the database (its push). */
export interface WrittenNotice {
  userId: number;
  kind: NotificationKind;
  message: string;
  partyId: number | null;
  /** The party's round, if it has one (notice/link.ts): a game start links to it. */
  roundId: number | null;
}

type Sink = (notices: WrittenNotice[]) => void;

// A notice's push is queued in its own transaction (push/outbox-write.ts) and sent by whichever instance claims it; the
// instance that wrote it should not wait for its next poll to do so. So the app's database handle keeps each
// transaction's notices aside and hands them on once it commits — never before: a rolled-back join, or a transaction
// run again after a deadlock, has queued nothing to look for.
const open = new WeakMap<object, WrittenNotice[]>();

/** `db` whose transactions hand the notices written in them to `sink` once they commit. */
export function handOnAfterCommit(db: Db, sink: Sink): Db {
  const transaction: Db['transaction'] = async (work, config) => {
    let written: WrittenNotice[] = [];
    const result = await db.transaction(async (tx) => {
      written = [];
      open.set(tx, written);
      return work(tx);
    }, config);
    if (written.length) sink(written);
    return result;
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Called by notify.ts with the rows it stored in `tx`. A transaction of another handle (a test's own) hands nothing
 * on: its pushes wait for a worker's poll.
 */
export function noticesWritten(tx: Tx, notices: WrittenNotice[]): void {
  if (notices.length) open.get(tx)?.push(...notices);
}
