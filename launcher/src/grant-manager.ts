// `npm run grant-manager -- <username or email>`: makes that account a manager. A floor that is
// not the demo starts with agents only (self-registration makes agents); this gives it its
// first manager, who can then change other people's roles from the Team screen.
import { parseArgs } from 'node:util';
import { createCommandHandler } from '@leadfloor/command-service/shared/handle-command';
import { grantManager } from '@leadfloor/command-service/users/grant-manager';
import { loadConfig } from '@leadfloor/infra/config';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { createLogger } from '@leadfloor/infra/logger';
import { createPool } from '@leadfloor/infra/postgres/pool';
import { databaseForCli } from './database-for-cli';
import { exitOnStartupFailure } from './startup-error';

const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) {
  console.error('usage: npm run grant-manager -- <username or email>');
  process.exit(2);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  exitOnStartupFailure(err);
}
const db = await databaseForCli(config, createLogger(config));
const pool = createPool(db.url, { max: 2, applicationName: 'leadfloor-grant-manager' });
try {
  const store = createPostgresEventStore(pool);
  const { userId, changed } = await grantManager({ pool, store, handle: createCommandHandler(store), now: () => new Date() }, positionals[0]!);
  console.log(changed ? `User ${userId} (${positionals[0]}) is now a manager.` : `User ${userId} (${positionals[0]}) is a manager already.`);
} catch (err) {
  process.exitCode = 1;
  console.error((err as Error).message);
} finally {
  await pool.end();
  await db.stop();
}
