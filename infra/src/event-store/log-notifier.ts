import pg from 'pg';
import { EVENTS_CHANNEL } from './postgres-event-store';

/**
 * Wakes log readers when events are committed (LISTEN/NOTIFY on one dedicated connection per
 * process). Notifications can be lost (connection drop) or never come (the commit that unblocks
 * the xmin horizon may not append), so every wait also ends after `fallbackMs`: polling is the
 * safety net, NOTIFY only makes it fast.
 */
export type LogNotifier = {
  /** Resolves at the next commit notification, after `fallbackMs`, or when `signal` aborts. */
  wait(signal: AbortSignal, fallbackMs?: number): Promise<void>;
  close(): Promise<void>;
};

export function createLogNotifier(connectionString: string, { defaultFallbackMs = 250 } = {}): LogNotifier {
  let waiters = new Set<() => void>();
  let client: pg.Client | null = null;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | null = null;

  const wakeAll = () => {
    const current = waiters;
    waiters = new Set();
    for (const w of current) w();
  };

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString, application_name: 'leadfloor-notifier' });
    c.on('notification', wakeAll);
    c.on('error', () => scheduleReconnect(c));
    c.on('end', () => scheduleReconnect(c));
    try {
      await c.connect();
      await c.query(`listen ${EVENTS_CHANNEL}`);
      client = c;
      wakeAll(); // anything committed while we were away is picked up by the readers' next poll
    } catch {
      scheduleReconnect(c);
    }
  };

  const scheduleReconnect = (c: pg.Client) => {
    if (client === c) client = null;
    c.removeAllListeners('end');
    c.end().catch(() => {});
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, 500);
  };

  void connect();

  return {
    wait(signal, fallbackMs = defaultFallbackMs) {
      if (signal.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, fallbackMs);
        signal.addEventListener('abort', done, { once: true });
        waiters.add(done);
      });
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      wakeAll();
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => {});
      }
    },
  };
}
