import { randomUUID } from 'node:crypto';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsync } from 'fastify';
import type { SocketHub } from '../live/socket-hub';

/**
 * A connected console counts as present for offers. Each gateway replica writes a row per user
 * it holds sockets for into `agent_presence` (migration 009), under an id of its own, expiring
 * after `ttlMs` unless its heartbeat (every `everyMs`) renews it. A user's first socket or last
 * close writes at once; a replica that dies without closing leaves rows that simply expire.
 * Replicas never coordinate: a user is present while any replica's row for them lives.
 */
export const socketPresence: FastifyPluginAsync<{ pool: Pool; hub: SocketHub; everyMs?: number; ttlMs?: number }> = async (app, opts) => {
  const { pool, hub, everyMs = 15_000, ttlMs = 45_000 } = opts;
  const gatewayId = randomUUID();
  let writing: Promise<void> = Promise.resolve();
  let again = false;
  let closed = false;

  const write = async () => {
    const ids = hub.userIds();
    await pool.query(
      `insert into agent_presence (user_id, gateway_id, expires_at)
       select u, $2, now() + make_interval(secs => $3::float8 / 1000) from unnest($1::int[]) u
       on conflict (user_id, gateway_id) do update set expires_at = excluded.expires_at`, [ids, gatewayId, ttlMs]);
    await pool.query('delete from agent_presence where gateway_id = $1 and not (user_id = any($2::int[]))', [gatewayId, ids]);
  };
  // One write at a time; changes during a write are folded into one more.
  const beat = () => {
    if (closed) return;
    if (again) return;
    again = true;
    writing = writing.then(async () => {
      again = false;
      await write().catch((err: unknown) => app.log.warn({ err }, 'presence not written; the next heartbeat tries again'));
    });
  };

  const unsubscribe = hub.onPresenceChange(beat);
  const timer = setInterval(beat, everyMs);
  timer.unref();
  app.addHook('onReady', async () => beat());
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    unsubscribe();
    await writing;
    await pool.query('delete from agent_presence where gateway_id = $1', [gatewayId]).catch(() => undefined);
  });
};
