import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { WS_CLOSE } from '../../shared/ws-close';
import type { EventBus } from './bus';
import { textFrame } from './ws-frame';

interface Envelope {
  origin: string;
  payload: unknown;
}

interface Channel {
  /** Each websocket with the TCP socket under it (the hub writes pre-framed bytes there). */
  sockets: Map<WebSocket, Socket>;
  /** Messages (JSON bytes) waiting for the next flush, in the order they were broadcast. */
  pending: Buffer[];
  timer?: NodeJS.Timeout;
  /** A flush asked for at the end of this turn of the event loop. */
  soon?: NodeJS.Immediate;
  /** When the last flush finished writing. */
  lastFlush: number;
}

const HEARTBEAT_MS = 30_000;
/**
 * At most one write per socket per half display frame. A busy round (hundreds of votes a second in a thousand-seat
 * hall) would otherwise cost one syscall per vote per socket; grouped, a socket gets every update since its last
 * write in one write, each still its own message and in order. A quiet channel's message goes out at once (below). Half a
 * frame, not a whole one: at a hundred votes a second (one every 10 ms) a 16 ms window held each vote back ~8 ms
 * for nothing the screen could show (bench/fanout.ts: p95 24.6 → 9.6 ms, 1.95× → 1.58× a bare `ws` broadcast).
 */
export const FLUSH_INTERVAL_MS = 8;
/*
 * Two more rules keep a big hall from falling behind. A quiet channel's message goes out at the end of the event
 * loop's turn it arrived in, not inside the call that handed it over: one read from Redis often holds several votes,
 * and writing a thousand sockets takes 8–15 ms on these machines, so sending the first vote alone made every vote
 * behind it a write of its own (bench/fanout.ts across two instances: p95 28 s and 27,000 lost at 100 votes/s before,
 * 160 ms and none lost after). And the window is counted from the end of the last write, so a write longer than the
 * window is followed by one window of gathering rather than by another lone message.
 */

/** Whose a socket is, for the caps on live sockets and for ending a student's sessions. */
export interface SocketOwner {
  userId: number;
  address: string;
  /** The token version the socket was admitted with (access-token.ts). */
  version: number;
  /** The sign-in (refresh-token family) of the token it was admitted with; null for a token without one. */
  family: string | null;
}

/** The bus channel on which an instance that missed messages asks the others to bring their sockets up to date. */
const CATCH_UP_CHANNEL = 'catch-up';
/** The bus channel on which an instance tells the others to close a student's sockets. */
const SESSIONS_CHANNEL = 'sessions';
interface SessionsEnded {
  origin: string;
  userId: number;
  /** Sockets admitted with a token version below this are closed. */
  below: number;
  /** Or, for a logout: the sockets of this sign-in only (then `below` is 0). */
  family?: string;
}

export interface SocketCaps {
  perUser: number;
  perAddress: number;
}

/**
 * Keeps this instance's sockets per channel ('party:3', 'round:7'). A broadcast is delivered to local sockets
 * directly and published on the bus for the other instances; messages coming back from the bus with our own origin
 * are skipped. So a Redis outage never silences this instance's own lobby.
 */
/**
 * `onSessionsEnded`: a student's sessions ended here or on another instance (the auth guard forgets their account).
 * `sessionStillOpen`: whether a socket's sign-in still stands, read afresh — asked when the bus comes back (below).
 */
export function createSocketHub(
  bus: EventBus,
  onError: (err: unknown) => void = () => undefined,
  onSessionsEnded: (userId: number) => void = () => undefined,
  sessionStillOpen?: (owner: SocketOwner) => Promise<boolean>,
) {
  const instanceId = randomUUID();
  const channels = new Map<string, Channel>();
  const unsubscribers = new Map<string, Promise<() => Promise<void>>>();
  const alive = new WeakMap<WebSocket, boolean>();
  // Live sockets per student and per address, oldest first (a Set keeps insertion order).
  const byUser = new Map<number, Set<WebSocket>>();
  const byAddress = new Map<string, Set<WebSocket>>();
  const owners = new WeakMap<WebSocket, SocketOwner>();

  function release(socket: WebSocket) {
    const owner = owners.get(socket);
    if (!owner) return;
    owners.delete(socket);
    drop(byUser, owner.userId, socket);
    drop(byAddress, owner.address, socket);
  }

  /** Closes the oldest sockets of `group` until it is within `cap`; the newest is never the one closed. */
  function trim(group: Set<WebSocket> | undefined, cap: number, newest: WebSocket, code: number, reason: string) {
    while (group && group.size > cap) {
      const oldest = group.values().next().value!;
      if (oldest === newest) break;
      release(oldest);
      oldest.close(code, reason);
    }
  }

  /**
   * Counts an admitted socket against its student's and its address's caps (on this instance). When the new one
   * goes over, the OLDEST is closed, never the new one: a student reopening the app on a phone whose old sockets
   * have not timed out yet is never locked out. 4409 (same student) and 4429 (same address) tell the client not to
   * reconnect; a closed old socket that came back would close the new one in turn.
   */
  function hold(socket: WebSocket, owner: SocketOwner, caps: SocketCaps) {
    if (socket.readyState !== socket.OPEN) return; // gone during the handshake: its 'close' has already fired
    const end = ended.get(owner.userId);
    const familyEnd = owner.family === null ? undefined : endedFamilies.get(owner.family);
    if ((end && owner.version < end.below && Date.now() - end.at <= ENDED_MEMORY_MS) || (familyEnd !== undefined && Date.now() - familyEnd <= ENDED_MEMORY_MS)) {
      socket.close(WS_CLOSE.unauthorized, 'session ended');
      return;
    }
    owners.set(socket, owner);
    add(byUser, owner.userId, socket);
    add(byAddress, owner.address, socket);
    socket.once('close', () => release(socket));
    trim(byUser.get(owner.userId), caps.perUser, socket, WS_CLOSE.superseded, 'replaced by a newer connection');
    trim(byAddress.get(owner.address), caps.perAddress, socket, WS_CLOSE.tooManyFromAddress, 'too many connections from this address');
  }

  // Sessions ended lately, so a socket whose token was checked just before the end but is held just after it is
  // closed too. A minute is far longer than any handshake between its token check and hold().
  const ended = new Map<number, { below: number; at: number }>();
  // The same for sign-ins ended by a logout, by family, with the time of the end.
  const endedFamilies = new Map<string, number>();
  const ENDED_MEMORY_MS = 60_000;

  /**
   * Closes this instance's sockets of a student, with 4401: those admitted with a token version below `below`, or,
   * given a family, those of that sign-in.
   */
  function closeSessions(userId: number, below: number, family?: string) {
    onSessionsEnded(userId);
    const now = Date.now();
    if (family === undefined) {
      for (const [id, e] of ended) if (now - e.at > ENDED_MEMORY_MS) ended.delete(id);
      ended.set(userId, { below: Math.max(below, ended.get(userId)?.below ?? 0), at: now });
    } else {
      for (const [f, at] of endedFamilies) if (now - at > ENDED_MEMORY_MS) endedFamilies.delete(f);
      endedFamilies.set(family, now);
    }
    for (const socket of [...(byUser.get(userId) ?? [])]) {
      const owner = owners.get(socket);
      if (family === undefined ? (owner?.version ?? 0) >= below : owner?.family !== family) continue;
      release(socket);
      socket.close(WS_CLOSE.unauthorized, 'session ended');
    }
  }
  const sessionsSubscription = bus.subscribe(SESSIONS_CHANNEL, (message) => {
    const m = message as SessionsEnded;
    if (!m || m.origin === instanceId || typeof m.userId !== 'number' || typeof m.below !== 'number') return;
    closeSessions(m.userId, m.below, typeof m.family === 'string' ? m.family : undefined);
  });
  sessionsSubscription.catch(onError);

  /**
   * A password change (every token version below the new one) or a withdrawal (every socket) ends the student's
   * other sessions; their open sockets end with them, here and on every other instance, not when they next
   * reconnect. The lobby then says the login has expired.
   */
  async function endSessions(userId: number, below = Number.MAX_SAFE_INTEGER) {
    closeSessions(userId, below);
    await tellOthers({ origin: instanceId, userId, below });
  }

  /**
   * A logout ends one sign-in (a refresh-token family): its access tokens stop and its open sockets close, here and
   * on every other instance; the student's other sign-ins (other devices) go on.
   */
  async function endSession(userId: number, family: string) {
    closeSessions(userId, 0, family);
    await tellOthers({ origin: instanceId, userId, below: 0, family });
  }

  async function tellOthers(message: SessionsEnded) {
    try {
      await bus.publish(SESSIONS_CHANNEL, message);
    } catch (err) {
      onError(err);
    }
  }

  function flush(channel: Channel) {
    clearTimeout(channel.timer);
    clearImmediate(channel.soon);
    channel.timer = undefined;
    channel.soon = undefined;
    if (!channel.pending.length) return;
    const messages = channel.pending;
    channel.pending = [];
    // Framed once for the whole channel: every socket gets the same bytes in a single write.
    const wire = Buffer.concat(messages.map(textFrame));
    for (const [s, tcp] of channel.sockets) {
      if (s.readyState !== s.OPEN) continue;
      // Plain text frames are only right for a socket without extensions; one that negotiated compression goes
      // through ws (the server does not offer it today, so this is a guard, not a path in use).
      if (s.extensions === '') tcp.write(wire);
      else for (const m of messages) s.send(m, { binary: false });
    }
    channel.lastFlush = performance.now();
  }

  function deliver(name: string, payload: unknown) {
    const channel = channels.get(name);
    if (!channel) return;
    channel.pending.push(Buffer.from(JSON.stringify(payload)));
    if (channel.timer || channel.soon) return;
    const wait = channel.lastFlush + FLUSH_INTERVAL_MS - performance.now();
    if (wait <= 0) channel.soon = setImmediate(() => flush(channel));
    else channel.timer = setTimeout(() => flush(channel), wait);
  }

  function join(name: string, socket: WebSocket, tcp: Socket) {
    let channel = channels.get(name);
    if (!channel) {
      channel = { sockets: new Map(), pending: [], lastFlush: -Infinity };
      channels.set(name, channel);
      const unsub = bus.subscribe(name, (message) => {
        const m = message as Envelope;
        if (m && m.origin !== instanceId) deliver(name, m.payload);
      });
      unsub.catch(onError);
      unsubscribers.set(name, unsub);
    }
    channel.sockets.set(socket, tcp);
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    socket.on('close', () => leave(name, socket));
  }

  function leave(name: string, socket: WebSocket) {
    const channel = channels.get(name);
    if (!channel) return;
    channel.sockets.delete(socket);
    if (channel.sockets.size === 0) {
      clearTimeout(channel.timer);
      clearImmediate(channel.soon);
      channels.delete(name);
      const unsub = unsubscribers.get(name);
      unsubscribers.delete(name);
      unsub?.then((fn) => fn()).catch(onError);
    }
  }

  /*
   * Catching up. While the bus could not carry messages, what other instances broadcast never reached this one's
   * sockets, and what this one broadcast never reached theirs; a lobby would show the old counts until its next
   * change. So when the bus is back, each instance sends its sockets their channel's state as the database has it
   * now (`current`: what a socket is sent on connect), and asks every other instance to do the same: an instance
   * that alone lost Redis knows it missed something, the others do not. The sessions ended meanwhile (a logout, a
   * password change, a withdrawal through another instance) never reached this one either: each sign-in with a
   * socket here is read again, and the sockets of one that ended are closed as the news would have closed them.
   */
  let current: ((channel: string) => Promise<unknown[]>) | undefined;
  let catching = false;
  let again = false;
  async function catchUp() {
    if (!current) return;
    if (catching) {
      again = true;
      return;
    }
    catching = true;
    try {
      do {
        again = false;
        for (const name of [...channels.keys()]) {
          try {
            for (const payload of await current(name)) deliver(name, payload);
          } catch (err) {
            onError(err);
          }
        }
        await closeEndedSessions();
      } while (again);
    } finally {
      catching = false;
    }
  }
  async function closeEndedSessions() {
    if (!sessionStillOpen) return;
    // One read per sign-in (a student with two tabs open asks once), one at a time: the pool serves requests too.
    const open = new Map<string, boolean>();
    for (const sockets of [...byUser.values()]) {
      for (const socket of [...sockets]) {
        const owner = owners.get(socket);
        if (!owner) continue;
        const key = `${owner.userId}:${owner.version}:${owner.family}`;
        if (!open.has(key)) {
          open.set(
            key,
            await sessionStillOpen(owner).catch((err: unknown) => {
              // The database cannot say: keep the socket (a sign-in is not ended on a guess).
              onError(err);
              return true;
            }),
          );
        }
        if (open.get(key) || !owners.has(socket)) continue;
        release(socket);
        socket.close(WS_CLOSE.unauthorized, 'session ended');
      }
    }
  }
  const catchUpSubscription = bus.subscribe(CATCH_UP_CHANNEL, (message) => {
    if ((message as { origin?: unknown } | null)?.origin !== instanceId) void catchUp();
  });
  catchUpSubscription.catch(onError);
  bus.onResume(() => {
    void catchUp();
    bus.publish(CATCH_UP_CHANNEL, { origin: instanceId }).catch(onError);
  });

  async function broadcast(channel: string, payload: unknown) {
    deliver(channel, payload);
    try {
      await bus.publish(channel, { origin: instanceId, payload } satisfies Envelope);
    } catch (err) {
      onError(err);
    }
  }

  // A phone that walked out of Wi-Fi never sends a close frame; unanswered pings find it.
  const heartbeat = setInterval(() => {
    for (const channel of channels.values()) {
      for (const s of channel.sockets.keys()) {
        if (alive.get(s) === false) {
          s.terminate();
          continue;
        }
        alive.set(s, false);
        s.ping();
      }
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    hold,
    join,
    broadcast,
    endSessions,
    endSession,
    /** How to read a channel's state afresh (the messages a socket gets on connect), for catching up after the bus was away. */
    catchUpWith(read: (channel: string) => Promise<unknown[]>) {
      current = read;
    },
    /** Sockets on this instance, for tests and ops figures. */
    count: (channel: string) => channels.get(channel)?.sockets.size ?? 0,
    /** Graceful shutdown: tell every client we are going away (1001) so it reconnects elsewhere. */
    async close() {
      clearInterval(heartbeat);
      for (const channel of channels.values()) {
        flush(channel); // what was broadcast before the shutdown still reaches its sockets
        for (const s of channel.sockets.keys()) s.close(1001, 'server shutting down');
      }
      channels.clear();
      byUser.clear();
      byAddress.clear();
      await Promise.all([...unsubscribers.values(), sessionsSubscription, catchUpSubscription].map((p) => p.then((fn) => fn()).catch(() => undefined)));
      unsubscribers.clear();
    },
  };
}

function add<K>(map: Map<K, Set<WebSocket>>, key: K, socket: WebSocket) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(socket);
}

function drop<K>(map: Map<K, Set<WebSocket>>, key: K, socket: WebSocket) {
  const set = map.get(key);
  if (!set) return;
  set.delete(socket);
  if (set.size === 0) map.delete(key);
}

export type SocketHub = ReturnType<typeof createSocketHub>;
export const partyChannel = (partyId: number) => `party:${partyId}`;
export const roundChannel = (roundId: number) => `round:${roundId}`;
