import { createPasswordHasher } from '@leadfloor/command-service/auth/password-hasher';
import type { SeedDeps } from '@leadfloor/command-service/seed/demo-floor';
import { createCommandHandler } from '@leadfloor/command-service/shared/handle-command';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { progressReporter } from './progress';

/** What the seed needs, wired to the real store and command handler: it seeds through commands. */
export function seedDeps(pool: Pool): SeedDeps {
  const store = createPostgresEventStore(pool);
  return {
    pool, store, handle: createCommandHandler(store), hashPassword: createPasswordHasher().hash, now: new Date(),
    onProgress: progressReporter('seeding leads'),
  };
}

/**
 * The demo floor belongs to the embedded default and to DEMO=true; a configuration that names
 * its own database (production) never gets it unless it asks.
 */
export const wantsDemoFloor = (config: { DEMO?: boolean; DATABASE_URL?: string }) => config.DEMO ?? !config.DATABASE_URL;
