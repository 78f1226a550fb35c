// The Kafka relay, for the distributed form: events table -> Kafka in commit order. Several may
// run; one holds the lock and works, the others wait (`tsx launcher/src/processes/relay.ts`).
import { requireConfig } from '@leadfloor/infra/config';
import { createLogNotifier } from '@leadfloor/infra/event-store/log-notifier';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { RELAY_CHECKPOINT, startRelay } from '@leadfloor/infra/kafka/relay';
import { watchRelay } from '@leadfloor/infra/metrics/watch-background';
import { ensureTopic } from '@leadfloor/infra/kafka/topics';
import { createPool } from '@leadfloor/infra/postgres/pool';
import { runProcess } from './run-process';

await runProcess('relay', async ({ config, logger }) => {
  const { DATABASE_URL, KAFKA_BROKERS, KAFKA_TOPIC, KAFKA_PARTITIONS } = requireConfig(config, ['DATABASE_URL', 'KAFKA_BROKERS']);
  await ensureTopic(KAFKA_BROKERS, KAFKA_TOPIC, KAFKA_PARTITIONS);
  const pool = createPool(DATABASE_URL, { applicationName: 'relay', max: 4 });
  const notifier = createLogNotifier(DATABASE_URL);
  const relay = startRelay({ pool, brokers: KAFKA_BROKERS, topic: KAFKA_TOPIC, store: createPostgresEventStore(pool), notifier, logger });
  const unwatch = watchRelay({ pool, stats: relay.stats, checkpointName: RELAY_CHECKPOINT });
  return {
    failed: relay.done,
    close: async () => {
      unwatch();
      await relay.stop();
      await notifier.close();
      await pool.end();
    },
  };
});
