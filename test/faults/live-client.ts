import { WebSocket } from 'ws';
import type { SocketMessage } from '../../contracts/src/socket-messages';
import type { HttpUser } from './http-user';

// A Node stand-in for the console's real-time client, keeping its rules:
// - reconnect (console/src/lib/live-socket.ts): after an unclean close, up to 5 attempts, waiting
//   1000 ms × 1.5^(attempt−1), each spread ±20 % (jitter), then give up ('Connection Lost');
//   a close with 1000 or 4401 (signed out) is final;
// - resync (console/src/app/live-connection.tsx, live-updates.ts): every open refetches the
//   notifications over HTTP, and so does a pushed notification whose position skips one (a gap).
// The resync walks the history back page by page to the highest position it already had, so a
// client away for long misses nothing either. The constants are the console's (spec 4, 9); the
// console's unit test (live-socket.spec.ts) pins its schedule and jitter.

export const MAX_RECONNECT_ATTEMPTS = 5;
const RECONNECT_BASE_DELAY_MS = 1_000;
const RECONNECT_BACKOFF = 1.5;
const RECONNECT_JITTER = 0.2;

export const reconnectDelay = (attempt: number, random = Math.random) =>
  Math.round(RECONNECT_BASE_DELAY_MS * RECONNECT_BACKOFF ** (attempt - 1) * (1 - RECONNECT_JITTER + 2 * RECONNECT_JITTER * random()));

type NotificationRow = { seq: number; data: Record<string, unknown> };

export type LiveClient = {
  user: HttpUser;
  /** Every notification this client holds, by position (seq), however it got it. */
  notifications: Map<number, NotificationRow>;
  /** Positions that arrived pushed over the socket, and those that only a resync brought. */
  pushed: Set<number>;
  resynced: Set<number>;
  /** The waits before each reconnect attempt, in order. */
  delays: number[];
  /** The most attempts one reconnect took. */
  mostAttempts: number;
  /** Why connection attempts failed (refused, an upgrade answered 503...). */
  failures: string[];
  opens: number;
  gaveUp: boolean;
  connected(): boolean;
  close(): void;
};

export function connectLive(wsUrl: string, user: HttpUser): Promise<LiveClient> {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let closedByUs = false;
  let retry: NodeJS.Timeout | undefined;
  let resyncing: Promise<void> = Promise.resolve();
  const client: LiveClient = {
    user, notifications: new Map(), pushed: new Set(), resynced: new Set(), delays: [], mostAttempts: 0, failures: [], opens: 0, gaveUp: false,
    connected: () => socket?.readyState === WebSocket.OPEN,
    close() {
      closedByUs = true;
      clearTimeout(retry);
      socket?.close(1000, 'Normal closure');
    },
  };
  const highest = () => Math.max(0, ...client.notifications.keys());

  // A GET on a kept-alive connection that died with its replica fails once; a browser sends
  // an idempotent request again on a fresh connection, and so does this.
  const get = async (path: string) => {
    for (let tries = 1; ; tries++) {
      try {
        return await user.request('GET', path);
      } catch (err) {
        if (tries === 3) throw err;
      }
    }
  };

  // The console refetches its list; this walks the history back to what it already had.
  const resync = () => (resyncing = resyncing.then(async () => {
    const known = highest();
    let before: number | null | undefined;
    do {
      const res = await get(`/api/notifications?limit=100${before ? `&before=${before}` : ''}`);
      if (res.status !== 200) throw new Error(`resync for ${user.username}: ${res.status} ${JSON.stringify(res.body)}`);
      for (const n of res.body.notifications as NotificationRow[]) {
        if (!client.notifications.has(n.seq)) client.resynced.add(n.seq);
        client.notifications.set(n.seq, n);
      }
      const page = res.body.notifications as NotificationRow[];
      before = page.length > 0 && Math.min(...page.map((n) => n.seq)) > known + 1 ? res.body.nextBefore : null;
    } while (before);
  }).catch(() => {
    // Like a failed refetch in the console: the next open or gap tries again.
  }));

  return new Promise((resolve, reject) => {
    const connect = () => {
      const ws = new WebSocket(wsUrl, { headers: { cookie: user.cookie } });
      socket = ws;
      // A refused connection or upgrade also closes (1006), handled there; why it failed is kept.
      ws.on('error', (err) => client.failures.push(err.message));
      ws.on('open', () => {
        attempt = 0;
        client.opens++;
        void resync();
        if (client.opens === 1) resolve(client);
      });
      ws.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as SocketMessage;
        if (message.type !== 'notification') return;
        const gap = message.position > highest() + 1;
        client.pushed.add(message.position);
        client.notifications.set(message.position, message.notification as NotificationRow);
        if (gap) void resync();
      });
      ws.on('close', (code) => {
        if (socket !== ws) return;
        socket = null;
        if (client.opens === 0) reject(new Error(`${user.username}: the first connection closed (${code})`));
        if (closedByUs || code === 1000 || code === 4401) return;
        if (attempt >= MAX_RECONNECT_ATTEMPTS) {
          client.gaveUp = true;
          return;
        }
        attempt += 1;
        client.mostAttempts = Math.max(client.mostAttempts, attempt);
        const delay = reconnectDelay(attempt);
        client.delays.push(delay);
        retry = setTimeout(connect, delay);
      });
    };
    connect();
  });
}
