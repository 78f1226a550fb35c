import { Queue, Worker, createPostgresBackend } from 'bullmq';
import type { PostgresPoolConfig } from 'bullmq';
import type { BullBackend } from './bull-backend';

/**
 * BullMQ on its PostgreSQL backend (the embedded form): same Queue and Worker classes, with
 * `createPostgresBackend` as their last constructor argument.
 *
 * - `migrate: true`: BullMQ keeps its own tables and SQL functions in `schema` and only
 *   checks them by default; a fresh database would otherwise fail readiness with
 *   SchemaMigrationRequiredError and the worker would retry forever. Migrating is
 *   idempotent and serialised by an advisory lock, so every Queue and Worker may ask.
 * - `schema` is only honoured in this config-object form (not for a bare connection string
 *   or a shared pg.Pool), and plays the role Redis's key prefix plays.
 * - Each Queue and Worker builds its own pool; a worker adds one standalone LISTEN
 *   connection to be woken by new jobs. Pools are kept small because the embedded Postgres
 *   also serves the event store and the read models.
 */
export function postgresBackend(connectionString: string, schema: string): BullBackend {
  const connection = (max: number): PostgresPoolConfig => ({
    connectionString,
    schema,
    migrate: true,
    max,
    application_name: 'leadfloor-jobs',
    // Fail a checkout instead of waiting forever when the database is down.
    connectionTimeoutMillis: 5_000,
  });
  return {
    kind: 'postgres',
    queue: (name) => new Queue(name, { connection: connection(2) }, createPostgresBackend),
    worker: (name, processor, concurrency) =>
      new Worker(name, processor, { connection: connection(Math.min(concurrency + 1, 5)), concurrency, autorun: false }, createPostgresBackend),
  };
}
