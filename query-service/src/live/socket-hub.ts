import type { SocketMessage } from '@leadfloor/contracts';
import type { WebSocket } from 'ws';

export type HubOptions = {
  /** A socket whose unsent bytes pass this is a slow consumer: dropped, never waited for. */
  maxBufferedBytes?: number;
  heartbeatMs?: number;
  /** Still signed in? Checked at each heartbeat; a signed-out session's sockets are closed. */
  sessionAlive(token: string): Promise<boolean>;
  onDropped?(reason: 'slow' | 'dead' | 'signed_out' | 'flood'): void;
};

type Client = { socket: WebSocket; userId: number; token: string; alive: boolean };

/** Session checks a heartbeat sweep runs at once. */
const SESSION_CHECKS_IN_FLIGHT = 4;

/**
 * The sockets connected to this gateway replica, by user. Delivery serialises a message once
 * and writes it to each socket without waiting; a consumer that cannot keep up is closed
 * (1013) so it never delays the others. Heartbeats evict dead sockets and signed-out sessions.
 */
export function createSocketHub(opts: HubOptions) {
  const { maxBufferedBytes = 1 << 20, heartbeatMs = 15_000 } = opts;
  const clients = new Set<Client>();
  const byUser = new Map<number, Set<Client>>();
  /** Told when a user's first socket here opens or their last one closes (presence, for offers). */
  const presenceListeners = new Set<() => void>();
  const presenceChanged = () => { for (const l of presenceListeners) l(); };

  const remove = (c: Client) => {
    clients.delete(c);
    byUser.get(c.userId)?.delete(c);
    if (byUser.get(c.userId)?.size === 0) {
      byUser.delete(c.userId);
      presenceChanged();
    }
  };
  const send = (c: Client, data: string) => {
    if (c.socket.readyState !== c.socket.OPEN) return;
    if (c.socket.bufferedAmount > maxBufferedBytes) {
      opts.onDropped?.('slow');
      c.socket.close(1013, 'Too slow: reconnect and resync');
      remove(c);
      return;
    }
    c.socket.send(data);
  };

  const groupByToken = (sockets: Iterable<Client>) => {
    const byToken = new Map<string, Client[]>();
    for (const c of sockets) {
      const same = byToken.get(c.token);
      if (same) same.push(c);
      else byToken.set(c.token, [c]);
    }
    return byToken;
  };
  /** Closes (4401) the sockets of a session that no longer stands; a failed check keeps them. */
  const closeIfSignedOut = async (token: string, sockets: Client[]) => {
    if (await opts.sessionAlive(token).catch(() => true)) return;
    for (const c of sockets) {
      if (!clients.has(c)) continue;
      opts.onDropped?.('signed_out');
      c.socket.close(4401, 'Signed out');
      remove(c);
    }
  };

  // Each session is checked once per heartbeat however many sockets it has, a few checks at a
  // time: a sweep over thousands of sockets must not queue thousands of queries in front of the
  // reads and projections that share the pool. A sweep still running skips the next one's checks.
  let checking = false;
  const checkSessions = async (byToken: Map<string, Client[]>) => {
    checking = true;
    const queue = [...byToken];
    const worker = async () => {
      // (after close() there is nobody left to check)
      for (let next = queue.pop(); next && clients.size > 0; next = queue.pop()) {
        const [token, sockets] = next;
        await closeIfSignedOut(token, sockets);
      }
    };
    try {
      await Promise.all(Array.from({ length: SESSION_CHECKS_IN_FLIGHT }, worker));
    } finally {
      checking = false;
    }
  };

  const timer = setInterval(() => {
    const live: Client[] = [];
    for (const c of clients) {
      if (!c.alive) {
        opts.onDropped?.('dead');
        c.socket.terminate();
        remove(c);
        continue;
      }
      c.alive = false;
      c.socket.ping();
      live.push(c);
    }
    if (!checking) void checkSessions(groupByToken(live));
  }, heartbeatMs);
  timer.unref();

  return {
    add(socket: WebSocket, userId: number, token: string) {
      const c: Client = { socket, userId, token, alive: true };
      clients.add(c);
      const joined = !byUser.has(userId);
      if (joined) byUser.set(userId, new Set());
      byUser.get(userId)!.add(c);
      if (joined) presenceChanged();
      socket.on('pong', () => { c.alive = true; });
      socket.on('close', () => remove(c));
      socket.on('error', () => remove(c));
      return { send: (m: SocketMessage) => send(c, JSON.stringify(m)), drop: (code: number, reason: string) => { socket.close(code, reason); remove(c); } };
    },
    /** To one user's sockets on this replica, or to every socket when `userId` is null. */
    deliver(userId: number | null, message: SocketMessage) {
      const data = JSON.stringify(message);
      const targets = userId === null ? clients : byUser.get(userId) ?? new Set<Client>();
      for (const c of [...targets]) send(c, data);
    },
    /**
     * Checks now, not at the next heartbeat, which of this user's sessions still stand, and
     * closes the sockets of those that do not (a password change or a revoked session).
     */
    async recheckUser(userId: number) {
      for (const [token, sockets] of groupByToken([...(byUser.get(userId) ?? [])])) await closeIfSignedOut(token, sockets);
    },
    /** Closes every socket whose session this is (sign-out on this replica). */
    closeSession(token: string) {
      for (const c of [...clients]) if (c.token === token) { c.socket.close(4401, 'Signed out'); remove(c); }
    },
    size: () => clients.size,
    /** The users with a socket on this replica. */
    userIds: () => [...byUser.keys()],
    onPresenceChange(listener: () => void) {
      presenceListeners.add(listener);
      return () => presenceListeners.delete(listener);
    },
    /** Shutdown: 1001 Going Away to everyone; clients reconnect with backoff and resync. */
    close() {
      clearInterval(timer);
      for (const c of [...clients]) { c.socket.close(1001, 'Server restarting'); remove(c); }
    },
  };
}
export type SocketHub = ReturnType<typeof createSocketHub>;
