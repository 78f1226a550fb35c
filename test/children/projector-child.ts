// A projector in a child process whose first batch stops inside its transaction (after the
// read-model writes, before the commit) and waits there to be killed: the parent's SIGKILL
// lands mid-batch, every time.
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import { createLogNotifier } from '../../infra/src/event-store/log-notifier';
import { createPool } from '../../infra/src/postgres/pool';
import { createPostgresTailSource } from '../../infra/src/projections/postgres-tail-source';
import { startProjectionRunner } from '../../infra/src/projections/runner';
import { leadPool } from '../../projector/src/projections/lead-pool';

const url = process.env.DATABASE_URL as string;
const pool = createPool(url);
const store = createPostgresEventStore(pool);
const notifier = createLogNotifier(url);
const hanging = {
  ...leadPool,
  async apply(...args: Parameters<typeof leadPool.apply>) {
    await leadPool.apply(...args);
    process.stdout.write('MID_BATCH\n');
    await new Promise(() => {});
  },
};
startProjectionRunner({
  pool, projection: hanging,
  source: createPostgresTailSource({ pool, store, notifier, name: leadPool.name, batchSize: 40 }),
});
