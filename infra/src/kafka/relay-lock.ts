import pg from 'pg';
import type { Pool } from '../postgres/pool';
import { sleep } from './abortable-sleep';

export type HeldLock = {
  /** Aborts when the lock's connection dies: Postgres has then released the lock. */
  lost: AbortSignal;
  release(): Promise<void>;
};

/**
 * Waits for a session advisory lock, held on a connection of its own (same settings as `pool`,
 * outside it, so holding the lock never starves the pool) for as long as the holder works.
 * A session lock, not a transaction one, because the holder's work spans many transactions;
 * it dies with the connection, so a killed holder frees it at once.
 * Resolves null if `signal` aborts first.
 */
export async function acquireSessionLock(pool: Pool, name: string, signal: AbortSignal, retryMs = 1_000): Promise<HeldLock | null> {
  while (!signal.aborted) {
    const client = new pg.Client({ ...pool.options, application_name: `${pool.options.application_name ?? 'leadfloor'}-lock` });
    // Without a listener, an error on this idle connection would crash the process.
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked', [name]);
      if (rows[0]?.locked) return hold(client);
    } catch {
      // Postgres unreachable: keep waiting, like any instance that did not get the lock.
    }
    await client.end().catch(() => {});
    await sleep(retryMs, signal);
  }
  return null;
}

function hold(client: pg.Client, heartbeatMs = 5_000): HeldLock {
  const lost = new AbortController();
  const onGone = () => lost.abort(new Error('advisory lock connection lost'));
  client.on('error', onGone);
  client.on('end', onGone);
  // A half-open connection (network cut) raises nothing until it is used; a quiet holder would
  // keep working while another instance has taken the lock. The heartbeat makes it notice.
  const heartbeat = setInterval(() => void client.query('select 1').catch(onGone), heartbeatMs);
  heartbeat.unref();
  return {
    lost: lost.signal,
    async release() {
      clearInterval(heartbeat);
      client.off('end', onGone);
      // Closing the session releases the lock.
      await client.end().catch(() => {});
    },
  };
}
