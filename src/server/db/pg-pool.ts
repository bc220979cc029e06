import pg from 'pg';
import { APP_ROLE } from './app-role';

/**
 * Every database call has a deadline (docs/operations.md "Faults"): with the database down or silent, a request answers
 * 503 within 5 s instead of hanging. A silent database (a partition: connections open, no bytes moving) is the hard
 * case, because on the wire it looks exactly like a statement waiting for a row lock — the server sends nothing
 * while it waits. 200 students joining one party at once on a busy machine wait seconds for the party's lock, and
 * must be seated, not turned away. So silence is judged by the database as a whole, not by one connection: when a
 * statement has gone unanswered for `suspectMs` and no connection has heard anything for as long, a fresh connection
 * asks the database whether it is there (`probeMs`); only when it is not are the waiting connections hung up.
 * Migrations open a client of their own without these limits (connect.ts), so a long migration is never cut.
 */
export const PG_DEADLINES = {
  /** Opening a new connection. */
  connectMs: 3_000,
  /**
   * Waiting for a connection to come free while the database answers: a burst of requests (200 students joining one
   * party) queues for the pool's connections and must not be turned away. The wait ends at once when the database
   * is found silent (CheckoutGate), and lasts at most connectMs while it has not answered again.
   */
  checkoutMs: 15_000,
  /** A statement unanswered this long, with the whole pool quiet as long, makes the pool check on the database. */
  suspectMs: 1_500,
  /** The check: a fresh connection and `select 1` within this, or the database counts as silent. */
  probeMs: 1_500,
  /** How often the pool looks for suspect statements. */
  watchMs: 250,
  /**
   * The server cancels a statement that runs longer (SQLSTATE 57014) and the connection stays usable: a runaway
   * query, or a lock wait far longer than any burst we expect, answers 503 instead of holding the request.
   */
  statementMs: 15_000,
  /** Last resort for one connection that went silent while the others still answer (the probe says "alive"). */
  readMs: 17_000,
  /**
   * The server ends a session left idle inside a transaction this long and so releases its row locks: what is left
   * behind when this process hung up on a partition, or died, in the middle of a transaction.
   */
  idleInTransactionMs: 10_000,
} as const;

// pg's own message when query_timeout expires.
const READ_TIMEOUT_MESSAGE = 'Query read timeout';
type AnyFn = (...args: unknown[]) => unknown;

/**
 * What the pool's clients have lately heard from the database. Requests waiting for a connection are turned away
 * (503) the moment the database is found silent — they would otherwise queue behind connections that all wait on
 * nothing — and until it answers again a request waits for a connection only connectMs.
 */
class CheckoutGate {
  silent = false;
  lastAnswerAt = Date.now();
  /** Counts answers, so a failure can tell whether the database answered after the attempt that failed began. */
  private answers = 0;
  private readonly waiting = new Set<(err: Error) => void>();
  /** Taken when an attempt (a connection being opened, a probe) begins; handed to failed() when it fails. */
  mark() {
    return this.answers;
  }
  answered() {
    this.silent = false;
    this.lastAnswerAt = Date.now();
    this.answers++;
  }
  /**
   * An attempt begun at `mark` got nothing back. It counts only when nothing has answered since it began: a connection
   * opened into a partition gives up connectMs later, and by then the database may be back and serving others —
   * turning away the requests queued for a connection then would fail them for an outage that has ended.
   */
  failed(mark: number): boolean {
    if (mark !== this.answers) return false;
    this.silent = true;
    const turnedAway = [...this.waiting];
    this.waiting.clear();
    for (const abandon of turnedAway) abandon(new Error('Connection terminated: the database stopped answering'));
    return true;
  }
  wait(abandon: (err: Error) => void) {
    this.waiting.add(abandon);
    return () => this.waiting.delete(abandon);
  }
}

/** A connection's side of the watch: since when it has waited for an answer, and how to hang it up. */
interface Watched {
  waitingSince(): number | undefined;
  hangUp(): void;
}

/**
 * Finds a silent database (see PG_DEADLINES). One probe at a time; an answer to the probe counts as hearing from
 * the database, so a lone long lock wait costs one probe per suspectMs, not one per tick.
 */
class SilenceWatch {
  readonly clients = new Set<Watched>();
  private probing = false;
  private readonly timer: NodeJS.Timeout;
  constructor(
    private readonly gate: CheckoutGate,
    private readonly url: string,
  ) {
    this.timer = setInterval(() => this.look(), PG_DEADLINES.watchMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  private look() {
    if (this.probing) return;
    const now = Date.now();
    if (now - this.gate.lastAnswerAt < PG_DEADLINES.suspectMs) return;
    const suspects = [...this.clients].filter((c) => {
      const since = c.waitingSince();
      return since !== undefined && now - since >= PG_DEADLINES.suspectMs;
    });
    if (suspects.length === 0) return;
    this.probing = true;
    const mark = this.gate.mark();
    void this.databaseAnswers().then((answers) => {
      this.probing = false;
      if (answers) return this.gate.answered();
      // The waiting connections carry nothing: hang them up so their statements fail now (503) and the pool drops
      // them, and turn away the requests queued for a connection. Unless another connection heard from the database
      // while the probe waited: then the next look asks again.
      if (!this.gate.failed(mark)) return;
      for (const c of suspects) c.hangUp();
    });
  }

  /** True when the database answers a fresh connection in time, or refuses it itself (it is there, only full). */
  private async databaseAnswers(): Promise<boolean> {
    const probe = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: PG_DEADLINES.probeMs, query_timeout: PG_DEADLINES.probeMs });
    probe.on('error', () => undefined);
    const deadline = setTimeout(() => probe.connection.stream.destroy(), PG_DEADLINES.probeMs);
    try {
      await probe.connect();
      await probe.query('select 1');
      return true;
    } catch (err) {
      return err instanceof pg.DatabaseError;
    } finally {
      clearTimeout(deadline);
      probe.connection.stream.destroy();
    }
  }
}

/** Whether an error came from the database itself (it is there) rather than from a dead or silent connection. */
const sentByServer = (err: unknown) => err instanceof pg.DatabaseError;

/** A pg client with the deadlines above that tells the gate what it hears and the watch what it waits for. */
function clientReportingTo(gate: CheckoutGate, watch: SilenceWatch) {
  return class GatedClient extends pg.Client implements Watched {
    private pending = 0;
    private since: number | undefined;

    constructor(config?: pg.ClientConfig) {
      // The pool's connectionTimeoutMillis is the (longer) checkout wait; opening a connection has its own deadline.
      super({ ...config, connectionTimeoutMillis: PG_DEADLINES.connectMs });
      // A connection can die while a request holds this client (pg-pool only listens while it is idle). Without a
      // listener that `error` event would crash the process; the query in flight gets the same error, which the
      // request answers with a 503.
      this.on('error', () => undefined);
      watch.clients.add(this);
      this.once('end', () => watch.clients.delete(this));
    }

    waitingSince() {
      return this.pending > 0 ? this.since : undefined;
    }

    /** Destroys the socket: whatever waits or is queued on it fails at once, and the pool drops the client. */
    hangUp() {
      this.connection.stream.destroy();
    }

    override connect(...args: unknown[]): never {
      const done = args[0] as AnyFn | undefined;
      const mark = gate.mark();
      const report = (err?: unknown) => (!err || sentByServer(err) ? gate.answered() : gate.failed(mark));
      const base = pg.Client.prototype.connect as AnyFn;
      if (done) return base.call(this, (err: unknown) => (report(err), done(err))) as never;
      return (base.call(this) as Promise<void>).then(
        () => report(),
        (err: unknown) => {
          report(err);
          throw err;
        },
      ) as never;
    }

    override query(...args: unknown[]): never {
      const base = pg.Client.prototype.query as AnyFn;
      if (this.pending++ === 0) this.since = Date.now();
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (err: unknown, res: unknown) => {
          this.heard(err);
          (last as AnyFn)(err, res);
        };
        return base.apply(this, args) as never;
      }
      const result = base.apply(this, args);
      if (result instanceof Promise) result.then(() => this.heard(undefined), (err: unknown) => this.heard(err));
      else this.pending--; // a submittable (a cursor): not ours to time
      return result as never;
    }

    /**
     * pg's query_timeout answers the caller but leaves the query running on the connection: the next query on this
     * client (the ROLLBACK of the failed transaction, the next request once the pool takes it back) would queue behind
     * it and time out in turn, and after a partition that never heals the client would be stuck for good. Hanging up
     * turns a silent connection into a dead one. Whether the whole database is silent is the watch's call.
     */
    private heard(err: unknown) {
      this.pending = Math.max(0, this.pending - 1);
      this.since = Date.now();
      if (err instanceof Error && err.message === READ_TIMEOUT_MESSAGE) this.hangUp();
      else if (!err || sentByServer(err)) gate.answered(); // a result, or an error the server sent: it is there
    }
  };
}

/**
 * Checkouts go through the gate. And drizzle sends BEGIN before its try/finally, so a transaction whose BEGIN fails on
 * a dead connection never releases its client: each such failure would cost the pool a slot for good, and after `max`
 * of them the service could not recover when the database returned. A checked-out client is therefore released (and
 * so dropped) by the pool itself when its connection ends, and releasing it again is harmless.
 */
class SturdyPool extends pg.Pool {
  constructor(
    private readonly gate: CheckoutGate,
    private readonly watch: SilenceWatch,
    config: pg.PoolConfig,
  ) {
    super(config);
  }

  override end(...args: unknown[]): never {
    this.watch.stop();
    return (pg.Pool.prototype.end as AnyFn).apply(this, args) as never;
  }

  override connect(...args: unknown[]): never {
    const checkout = this.checkout();
    const done = args[0] as AnyFn | undefined;
    if (!done) return checkout as never;
    // The callback form is pg-pool's own `pool.query`.
    checkout.then((client) => done(undefined, client, client.release), (err: unknown) => done(err));
    return undefined as never;
  }

  private checkout(): Promise<pg.PoolClient> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const abandon = (err: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        stopWaiting();
        reject(err);
      };
      const stopWaiting = this.gate.wait(abandon);
      const timer = this.gate.silent ? setTimeout(() => abandon(new Error('timeout exceeded when trying to connect')), PG_DEADLINES.connectMs) : undefined;
      (pg.Pool.prototype.connect as () => Promise<pg.PoolClient>).call(this).then(
        (client) => {
          // Turned away meanwhile: the connection goes back to the pool for the next request.
          if (settled) return client.release();
          settled = true;
          clearTimeout(timer);
          stopWaiting();
          resolve(releaseWhenConnectionEnds(client));
        },
        (err: Error) => abandon(err),
      );
    });
  }
}

function releaseWhenConnectionEnds(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const releaseOnce = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('end', onEnd);
    release(err);
  };
  const onEnd = () => releaseOnce(new Error('Connection terminated while checked out'));
  client.once('end', onEnd);
  client.release = releaseOnce;
  return client;
}

export function createPgPool(url: string, max: number): pg.Pool {
  const gate = new CheckoutGate();
  const watch = new SilenceWatch(gate, url);
  const pool = new SturdyPool(gate, watch, {
    connectionString: url,
    // Every connection acts as the app role from its first statement (app-role.ts).
    options: `-c role=${APP_ROLE}`,
    max,
    Client: clientReportingTo(gate, watch),
    connectionTimeoutMillis: PG_DEADLINES.checkoutMs,
    query_timeout: PG_DEADLINES.readMs,
    statement_timeout: PG_DEADLINES.statementMs,
    idle_in_transaction_session_timeout: PG_DEADLINES.idleInTransactionMs,
    // Finds a peer that vanished while a connection sat idle (real networks; the kernel does the probing).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client losing its connection must not crash the process either; the pool replaces it.
  pool.on('error', () => undefined);
  return pool;
}
