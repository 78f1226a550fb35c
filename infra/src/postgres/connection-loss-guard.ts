import pg from 'pg';
import type { Logger } from '../logger';

// The server went away under a connection: shut down, crashed, or the socket dropped.
const CONNECTION_LOST = new Set(['57P01', '57P02', '57P03', '08006']);

const isConnectionLoss = (err: unknown) =>
  (err instanceof pg.DatabaseError && err.code !== undefined && CONNECTION_LOST.has(err.code))
  || (err instanceof Error && err.message === 'Connection terminated unexpectedly');

/**
 * PostgreSQL tells every open connection when it goes down. Our own pools listen on each client
 * (postgres/pool.ts), but BullMQ's PostgreSQL backend builds pools of its own whose checked-out
 * clients have no listener, and node-postgres then raises the error as an unhandled 'error'
 * event: the process would die with the database instead of answering 503 and resuming. Only
 * that error is caught here, logged, and survived (the client is already dead, its next query
 * fails and its pool replaces it); anything else still ends the process as before.
 */
export function surviveConnectionLoss(logger: Logger) {
  process.on('uncaughtException', (err) => {
    if (!isConnectionLoss(err)) {
      // What Node does without this handler: the error on stderr, exit code 1.
      console.error(err);
      process.exit(1);
    }
    logger.warn({ err }, 'a PostgreSQL connection was lost outside a query; its pool replaces it');
  });
}
