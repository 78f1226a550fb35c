import knexFactory, { type Knex } from 'knex';
import * as m001 from './001-event-store';
import * as m002 from './002-auth';
import * as m003 from './003-notification-marks';
import * as m004 from './004-unlogged-rate-limits';
import * as m005 from './005-advance-checkpoint';
import * as m006 from './006-account';
import * as m007 from './007-two-factor';
import * as m008 from './008-fair-pool';
import * as m009 from './009-pool-presence';
import * as m010 from './010-closer-files';
import * as m011 from './011-academy';
import * as m013 from './013-integrations';
import * as m014 from './014-analytics';
import * as m015 from './015-funnels';
import * as m012 from './012-imports';
import * as m021 from './021-funnel-attribution';
import * as m021b from './021-analytics-rollup';
import * as m017 from './017-import-jobs';
import * as m019 from './019-pool-history-span-index';
import * as m018 from './018-group-commit';

type Migration = { name: string; up(k: Knex): Promise<void>; down(k: Knex): Promise<void> };

// Listed explicitly (no directory scan): the same list works under tsx, a bundle or a test.
const migrations: Migration[] = [m001, m002, m003, m004, m005, m006, m007, m008, m009, m010, m011, m012, m013, m014, m015, m017, m018, m019, m021, m021b];

const source: Knex.MigrationSource<Migration> = {
  getMigrations: async () => migrations,
  getMigrationName: (m) => m.name,
  getMigration: async (m) => m,
};

/** Brings the schema up to date; safe to run concurrently (knex takes a lock). */
export async function migrate(connectionString: string): Promise<void> {
  const knex = knexFactory({ client: 'pg', connection: connectionString, pool: { min: 0, max: 1 } });
  try {
    await knex.migrate.latest({ migrationSource: source });
  } finally {
    await knex.destroy();
  }
}
