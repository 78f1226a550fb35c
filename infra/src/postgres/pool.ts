import pg from 'pg';

// bigint (int8) columns come back as strings by default; positions stay strings in the
// envelope, counts are parsed where they are read.
export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

export type PoolOptions = { max?: number; applicationName?: string };

/**
 * One pool per process role. Idle-in-transaction sessions are cut after 30 s: an open writing
 * transaction holds back pg_snapshot_xmin for every tailing reader in the cluster.
 */
export function createPool(connectionString: string, { max = 10, applicationName = 'leadfloor' }: PoolOptions = {}): Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    idle_in_transaction_session_timeout: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // A dropped idle connection (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may one that drops while checked out, between two of its holder's queries: pg-pool
  // listens for errors only on idle clients, and PostgreSQL tells every connection when it goes
  // down. The holder's next query then fails (503 at the HTTP edge), and the pool discards the
  // broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export async function withTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
