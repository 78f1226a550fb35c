import { SocketMessageSchema, type SocketMessage } from '@leadfloor/contracts';
import { forgetLiveSocket, setActiveLiveSocket, setLiveStatus as setStatus } from './live-status';

// Spec 9's real-time constants.
export const PING_INTERVAL_MS = 30_000;
export const MAX_RECONNECT_ATTEMPTS = 5;
export const RECONNECT_BASE_DELAY_MS = 1_000;
export const RECONNECT_BACKOFF = 1.5;
/**
 * Each delay is spread ±20 % around spec 9's schedule: when a gateway restarts, its thousand
 * clients then come back over a window instead of in one burst, and on average they keep
 * the schedule.
 */
export const RECONNECT_JITTER = 0.2;

/** Close codes: ours on sign-out, and the gateway's for a session that was signed out. */
const NORMAL_CLOSURE = 1000;
const SIGNED_OUT = 4401;
/** WebSocket.CONNECTING and OPEN are 0 and 1: a socket still worth closing. */
const STILL_OPEN = 1;

/** The wait before reconnect attempt `attempt` (1-based): 1000 ms × 1.5^(attempt−1), jittered. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const scheduled = RECONNECT_BASE_DELAY_MS * RECONNECT_BACKOFF ** (attempt - 1);
  return Math.round(scheduled * (1 - RECONNECT_JITTER + 2 * RECONNECT_JITTER * random()));
}

/** Same origin: wss on https, ws otherwise (spec 7). The session cookie says who we are. */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export type LiveSocketOptions = {
  url: string;
  onMessage(message: SocketMessage): void;
  /** Every open; `reconnected` when an earlier socket of this connection had opened before. */
  onOpen?(info: { reconnected: boolean }): void;
  /** Every close, clean or not, before any reconnect is scheduled. */
  onClose?(info: { code: number }): void;
  /** The gateway closed us because this session was signed out: no reconnect. */
  onSignedOut?(): void;
  /** MAX_RECONNECT_ATTEMPTS reconnects failed in a row. */
  onGiveUp?(): void;
  createSocket?(url: string): WebSocket;
  random?(): number;
};

export type LiveSocket = { close(): void };

/**
 * The console's one /ws connection (spec 4, 7, 9): pings every 30 s while open; after an
 * unclean close reconnects up to 5 times with backoff, then gives up; parses every message
 * with the shared contract and ignores (and logs) what does not parse.
 */
export function createLiveSocket(options: LiveSocketOptions): LiveSocket {
  const { createSocket = (url) => new WebSocket(url), random = Math.random } = options;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let everOpened = false;
  let closedByUs = false;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const handleMessage = (data: unknown) => {
    let parsed;
    try {
      parsed = SocketMessageSchema.safeParse(JSON.parse(String(data)));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      console.warn('Ignored a malformed real-time message');
      return;
    }
    options.onMessage(parsed.data);
  };

  const connect = () => {
    setStatus('connecting');
    const ws = createSocket(options.url);
    socket = ws;
    ws.onopen = () => {
      const reconnected = everOpened;
      everOpened = true;
      attempt = 0;
      setStatus('connected');
      pingTimer = setInterval(() => ws.send(JSON.stringify({ type: 'ping', timestamp: Date.now() })), PING_INTERVAL_MS);
      options.onOpen?.({ reconnected });
    };
    ws.onmessage = (event) => handleMessage(event.data);
    ws.onclose = (event) => {
      clearInterval(pingTimer);
      if (socket !== ws) return;
      socket = null;
      setStatus('disconnected');
      options.onClose?.({ code: event.code });
      if (closedByUs || event.code === NORMAL_CLOSURE) return;
      if (event.code === SIGNED_OUT) {
        options.onSignedOut?.();
        return;
      }
      if (attempt >= MAX_RECONNECT_ATTEMPTS) {
        options.onGiveUp?.();
        return;
      }
      attempt += 1;
      setStatus('connecting');
      retryTimer = setTimeout(connect, reconnectDelay(attempt, random));
    };
  };

  const live: LiveSocket = {
    close() {
      if (closedByUs) return;
      closedByUs = true;
      forgetLiveSocket(live.close);
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      const ws = socket;
      socket = null;
      setStatus('disconnected');
      if (ws && ws.readyState <= STILL_OPEN) ws.close(NORMAL_CLOSURE, 'Normal closure');
    },
  };
  setActiveLiveSocket(live.close);
  connect();
  return live;
}
