import pg from 'pg';
import { migrate } from '../infra/src/migrations/migrate';
import { adminUrl, databaseUrl, runTemplateName, TEST_DB_PREFIX } from './db';

// Integration tests run against the real PostgreSQL given by TEST_DATABASE_URL (the local
// server by default). A migrated template database is built once per run; each test file
// clones it (test/db.ts); the run's databases are dropped at the end, and those of earlier
// runs whose process is gone are dropped at the start.
const template = runTemplateName(process.pid);

export async function setup() {
  process.env.LF_TEST_TEMPLATE_DB = template;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect().catch((err) => {
    throw new Error(`PostgreSQL not reachable at ${adminUrl()} (TEST_DATABASE_URL): ${err.message}. Run \`npm test\`, `
      + 'which starts the local server, or set TEST_DATABASE_URL to a server where you may create databases');
  });
  try {
    await dropDatabases(admin, (pid) => !alive(pid));
    await admin.query(`create database ${template}`);
  } finally {
    await admin.end();
  }
  await migrate(databaseUrl(template));
}

export async function teardown() {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await dropDatabases(admin, (pid) => pid === process.pid);
  } finally {
    await admin.end();
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function dropDatabases(admin: pg.Client, shouldDrop: (pid: number) => boolean) {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like $1`, [`${TEST_DB_PREFIX}%`]);
  for (const { datname } of rows) {
    const pid = Number(/^lf_t_(\d+)_/.exec(datname)?.[1]);
    if (Number.isFinite(pid) && shouldDrop(pid)) await admin.query(`drop database if exists "${datname}" with (force)`);
  }
}
