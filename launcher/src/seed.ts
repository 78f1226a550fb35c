// `npm run seed [-- --leads N]`: the demo floor on an empty database, or N more leads with
// histories on a floor that exists (for benchmarks: `--leads 100000`).
import { parseArgs } from 'node:util';
import { addLeadsToFloor, seedDemoFloor } from '@leadfloor/command-service/seed/demo-floor';
import { loadConfig } from '@leadfloor/infra/config';
import { createLogger } from '@leadfloor/infra/logger';
import { createPool } from '@leadfloor/infra/postgres/pool';
import { databaseForCli } from './database-for-cli';
import { seedDeps } from './demo-seed';
import { exitOnStartupFailure } from './startup-error';

const { values } = parseArgs({ options: { leads: { type: 'string' } } });
const leads = values.leads === undefined ? undefined : Number(values.leads);
if (leads !== undefined && (!Number.isInteger(leads) || leads < 1 || leads > 5_000_000)) {
  exitOnStartupFailure(new Error('--leads takes a whole number from 1 to 5000000'));
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  exitOnStartupFailure(err);
}
const logger = createLogger(config);
const db = await databaseForCli(config, logger);
const pool = createPool(db.url, { max: 12, applicationName: 'leadfloor-seed' });
try {
  const deps = seedDeps(pool);
  const first = await seedDemoFloor(deps, leads === undefined ? {} : { leadCount: Math.min(leads, 300) });
  if (first.seeded) console.log(`Seeded the demo floor: ${first.users} users, ${first.teams} teams, ${first.leads} leads, ${first.calls} calls, ${first.sales} sales.`);
  const more = leads === undefined ? 0 : first.seeded ? leads - first.leads : leads;
  if (more > 0) console.log(`Added ${await addLeadsToFloor(deps, more, first.seeded ? first.members : undefined)} leads.`);
  if (!first.seeded && more === 0) console.log('The database already has users: the demo floor is not seeded again.');
} finally {
  await pool.end();
  await db.stop();
}
