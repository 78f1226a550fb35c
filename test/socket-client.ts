import { WebSocket } from 'ws';
import type { SocketMessage } from '../contracts/src/socket-messages';

/**
 * A /ws client of the gateway at `base` (host:port) that records what it receives. `opened`
 * resolves once open, or rejects with the HTTP refusal; `closed` resolves with the close code.
 */
export function connectSocket(base: string, cookie: string | null, opts: { origin?: string; query?: string } = {}) {
  const received: SocketMessage[] = [];
  const ws = new WebSocket(`ws://${base}/ws${opts.query ?? ''}`, {
    headers: { ...(cookie ? { cookie } : {}), ...(opts.origin ? { origin: opts.origin } : {}) },
  });
  ws.on('message', (d) => received.push(JSON.parse(String(d))));
  const closed = new Promise<{ code: number }>((resolve) => ws.on('close', (code) => resolve({ code })));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  return { ws, received, opened, closed };
}
