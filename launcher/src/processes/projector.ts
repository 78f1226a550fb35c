// The projector, for the distributed form: every projection reads Kafka in its own consumer
// group, offsets kept in Postgres with the read models (`tsx launcher/src/processes/projector.ts`).
import { requireConfig } from '@leadfloor/infra/config';
import { createKafkaSource } from '@leadfloor/infra/kafka/kafka-source';
import { watchKafkaLag } from '@leadfloor/infra/metrics/kafka-lag';
import { watchProjections } from '@leadfloor/infra/metrics/watch-background';
import { createPool } from '@leadfloor/infra/postgres/pool';
import { startProjections } from '@leadfloor/projector/run-projections';
import type { SocketMessage } from '@leadfloor/contracts';
import { createLivePublisher } from '@leadfloor/infra/live/redis-bus';
import { createLiveFeed } from '@leadfloor/projector/notifications/live-feed';
import { runProcess } from './run-process';

await runProcess('projector', async ({ config, logger }) => {
  const { DATABASE_URL, KAFKA_BROKERS, KAFKA_TOPIC, REDIS_URL } = requireConfig(config, ['DATABASE_URL', 'KAFKA_BROKERS', 'REDIS_URL']);
  const pool = createPool(DATABASE_URL, { applicationName: 'projector' });
  // The one notifier: live messages go to Redis, and every gateway replica delivers its share.
  const live = createLivePublisher<SocketMessage>(REDIS_URL);
  const feed = createLiveFeed({ pool, publish: live.publish });
  const projections = startProjections({
    pool,
    logger,
    onApplied: (name, events) => {
      feed(name, events).catch((err) => logger.warn({ err, projection: name }, 'live update not sent'));
    },
    sourceFor: (projection) => createKafkaSource({ pool, brokers: KAFKA_BROKERS, topic: KAFKA_TOPIC, name: projection.name, logger }),
  });
  const unwatch = watchProjections({ pool, status: projections.status, source: { kind: 'kafka', topic: KAFKA_TOPIC } });
  const kafkaLag = watchKafkaLag({ pool, brokers: KAFKA_BROKERS, topic: KAFKA_TOPIC, projections: projections.status().map((s) => s.projection) });
  return {
    failed: projections.failed,
    close: async () => {
      unwatch();
      await kafkaLag.close();
      await projections.stop();
      await live.close();
      await pool.end();
    },
  };
});
