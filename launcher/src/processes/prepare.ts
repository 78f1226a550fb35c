// One-shot step of the distributed form (docker-compose's `prepare` service): migrate the schema
// and create the Kafka topic, then exit 0. `tsx launcher/src/processes/prepare.ts`
import { loadConfig, requireConfig } from '@leadfloor/infra/config';
import { prepareDistributed } from '../prepare-distributed';
import { exitOnStartupFailure } from '../startup-error';

try {
  await prepareDistributed(requireConfig(loadConfig(), ['DATABASE_URL', 'KAFKA_BROKERS'], 'the prepare step'));
  process.stdout.write('leadfloor: schema migrated, topic ready\n');
  process.exit(0);
} catch (err) {
  exitOnStartupFailure(err);
}
