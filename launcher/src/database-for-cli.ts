import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '@leadfloor/infra/config';
import type { Logger } from '@leadfloor/infra/logger';
import { migrate } from '@leadfloor/infra/migrations/migrate';
import { startEmbeddedPostgres } from '@leadfloor/infra/postgres/embedded';

/**
 * The database a command-line tool (seed, replay) works on: DATABASE_URL when set; otherwise
 * the embedded PostgreSQL of DATA_DIR — the one a running `npm start` holds (found through its
 * postmaster.pid and password file), or started just for this command and stopped after.
 */
export async function databaseForCli(config: Config, logger: Logger): Promise<{ url: string; stop(): Promise<void> }> {
  if (config.DATABASE_URL) {
    await migrate(config.DATABASE_URL);
    return { url: config.DATABASE_URL, stop: async () => {} };
  }
  const dataDir = path.resolve(config.DATA_DIR);
  const running = await runningEmbedded(dataDir);
  if (running) return { url: running, stop: async () => {} };
  const embedded = await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_PG_PORT, logger });
  try {
    await migrate(embedded.url);
  } catch (err) {
    await embedded.stop();
    throw err;
  }
  return { url: embedded.url, stop: embedded.stop };
}

async function runningEmbedded(dataDir: string): Promise<string | null> {
  const pid = await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => null);
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8').catch(() => '')).trim();
  const port = Number(pid?.split('\n')[3]);
  if (!pid || !password || !Number.isInteger(port)) return null;
  const url = `postgres://leadfloor:${encodeURIComponent(password)}@127.0.0.1:${port}/leadfloor`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}
