import pg from 'pg';

let next = 0;

/**
 * Holds, inside PostgreSQL, the commit of every transaction that inserts or updates a `participations` row of
 * student `userId`, until release(): a deferred constraint trigger, which runs as part of COMMIT, waits there for an
 * advisory lock the test holds. So a test can break the app's connection while the database is committing — the
 * moment where the app cannot know whether its transaction took effect — and then let the commit finish or not.
 * The database does not look at a client's socket while a statement waits for a lock, so the commit completes
 * after release() even when its connection is gone (client_connection_check_interval is 0 unless configured).
 */
export async function holdCommitsOf(directUrl: string, userId: number) {
  next += 1;
  const name = `test_hold_commit_${userId}_${next}`;
  // An advisory key nothing in the app uses (it locks hashes of idempotency keys, which are 64-bit).
  const lockKey = 7_300_000 + userId * 100 + next;
  const client = new pg.Client({ connectionString: directUrl });
  await client.connect();
  await client.query(`select pg_advisory_lock(${lockKey})`);
  await client.query(`create function ${name}() returns trigger language plpgsql as $$
    begin perform pg_advisory_xact_lock_shared(${lockKey}); return null; end $$`);
  await client.query(`create constraint trigger ${name} after insert or update on participations
    deferrable initially deferred for each row when (new.user_id = ${userId}) execute function ${name}()`);
  const waiters = async () =>
    (await client.query(`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${lockKey} and not granted`)).rows[0].n as number;
  let released = false;
  return {
    /** Whether a commit is waiting for release() now. */
    waiting: async () => (await waiters()) > 0,
    async release() {
      if (released) return;
      released = true;
      await client.query(`select pg_advisory_unlock(${lockKey})`);
    },
    async drop() {
      await this.release();
      await client.query(`drop trigger if exists ${name} on participations`);
      await client.query(`drop function if exists ${name}()`);
      await client.end();
    },
  };
}
