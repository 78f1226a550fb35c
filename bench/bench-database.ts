import pg from 'pg';
import { migrate } from '@leadfloor/infra/migrations/migrate';

// Every database a bench run creates is named lf_bench_<pid>_<part>: runs side by side never
// touch each other's, and leftovers of a run that died are recognised (by the dead pid) and
// dropped by the next run.
const PREFIX = 'lf_bench_';

/** The admin connection: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server. */
export const adminUrl = () =>
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string) {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export type BenchDatabases = {
  /** Creates (and migrates, unless `bare`) a fresh database for one part of the run. */
  create(part: string, opts?: { bare?: boolean }): Promise<string>;
  drop(part: string): Promise<void>;
  dropAll(): Promise<void>;
  serverVersion(): Promise<string>;
};

export function benchDatabases(): BenchDatabases {
  const created = new Set<string>();
  const nameOf = (part: string) => `${PREFIX}${process.pid}_${part}`;
  const drop = (name: string) => withAdmin((c) => c.query(`drop database if exists "${name}" with (force)`));
  return {
    async create(part, { bare = false } = {}) {
      if (!/^[a-z0-9_]+$/.test(part)) throw new Error(`bad database part name: ${part}`);
      const name = nameOf(part);
      await withAdmin(async (c) => {
        const { rows } = await c.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${PREFIX}%`]);
        for (const { datname } of rows) {
          const pid = Number(/^lf_bench_(\d+)_/.exec(datname)?.[1]);
          if (Number.isFinite(pid) && pid !== process.pid && !alive(pid)) await c.query(`drop database if exists "${datname}" with (force)`);
        }
        await c.query(`drop database if exists "${name}" with (force)`);
        await c.query(`create database "${name}"`);
      });
      created.add(name);
      const url = databaseUrl(name);
      if (!bare) await migrate(url);
      return url;
    },
    async drop(part) {
      const name = nameOf(part);
      await drop(name);
      created.delete(name);
    },
    async dropAll() {
      for (const name of [...created]) {
        await drop(name).catch((err) => console.error(`could not drop ${name}: ${String(err)}`));
        created.delete(name);
      }
    },
    serverVersion: () => withAdmin(async (c) => (await c.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v),
  };
}
