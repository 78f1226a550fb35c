import { afterAll, beforeAll } from 'vitest';
import { createLogNotifier, type LogNotifier } from '../infra/src/event-store/log-notifier';
import { createPostgresEventStore } from '../infra/src/event-store/postgres-event-store';
import type { EventStore } from '../infra/src/event-store/types';
import { createPool, type Pool } from '../infra/src/postgres/pool';
import { createTestDatabase } from './db';

export type LogDatabase = { url: string; pool: Pool; store: EventStore; notifier: LogNotifier };

/**
 * A spec file's own database with what readers of the log need: a pool, the event store and a
 * log notifier on it. Filled before the file's tests (read its fields inside them), closed after.
 */
export function useLogDatabase({ maxConnections = 20 } = {}): LogDatabase {
  const log = {} as LogDatabase;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    log.url = db.url;
    log.pool = createPool(db.url, { max: maxConnections });
    log.store = createPostgresEventStore(log.pool);
    log.notifier = createLogNotifier(db.url);
  });
  afterAll(async () => {
    await log.notifier?.close();
    await log.pool?.end();
    await drop?.();
  });
  return log;
}
