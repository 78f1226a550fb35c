import { randomBytes } from 'node:crypto';
import pg from 'pg';

// Databases of a test run are named after the run's process id, so runs side by side never
// touch each other's, and leftovers of a run that died can be recognised and dropped.
export const TEST_DB_PREFIX = 'lf_t_';
export const runTemplateName = (pid: number) => `${TEST_DB_PREFIX}${pid}_template`;
export const templateDb = () => process.env.LF_TEST_TEMPLATE_DB ?? runTemplateName(process.pid);

export const adminUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string) {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, migrated database of its own for one test file (cloned from the run's template). */
export async function createTestDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const template = templateDb();
  const name = `${template.replace(/_template$/, '')}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(name),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
