import type { Config } from '@leadfloor/infra/config';
import { ensureTopic } from '@leadfloor/infra/kafka/topics';
import { migrate } from '@leadfloor/infra/migrations/migrate';

/**
 * What the distributed form needs once, before any part starts: the schema migrated and the
 * event topic created (brokers run with topic auto-creation off). Parts then never race each
 * other for either. Both steps are idempotent, so running this on every deploy is safe.
 */
export async function prepareDistributed(config: Config & { DATABASE_URL: string; KAFKA_BROKERS: string[] }) {
  await migrate(config.DATABASE_URL);
  await ensureTopic(config.KAFKA_BROKERS, config.KAFKA_TOPIC, config.KAFKA_PARTITIONS);
}
