import type { Db, Tx } from '../db/connect';
import type { NotificationKind } from '../db/schema/notification-kinds';

/** A notice as it was stored, for what follows it outside the database (a push). */
export interface WrittenNotice {
  userId: number;
  kind: NotificationKind;
  message: string;
  partyId: number | null;
  /** The party's round, if it has one (notice/link.ts): a game start links to it. */
  roundId: number | null;
}

type Sink = (notices: WrittenNotice[]) => void;

// Notices are written inside their event's transaction (notify.ts), but a push must leave only once that commits:
// a rolled-back join, or a transaction run again after a deadlock, must not have buzzed a phone. So the app's
// database handle keeps each transaction's notices aside and hands them on after the commit; a notice written
// outside a transaction (the sweeper's reminders) is committed already and handed on at once.
const sinks = new WeakMap<object, Sink>();
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
  const wrapped = new Proxy(db, {
    get(target, key) {
      if (key === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  sinks.set(wrapped, sink);
  return wrapped;
}

/** Called by notify.ts with the rows it stored through `handle`. */
export function noticesWritten(handle: Tx | Db, notices: WrittenNotice[]): void {
  if (!notices.length) return;
  const pending = open.get(handle);
  if (pending) pending.push(...notices);
  else sinks.get(handle)?.(notices);
}
