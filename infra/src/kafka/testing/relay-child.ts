// The relay in a process of its own, for the crash test. With RELAY_HANG_AFTER_PRODUCE=1 its
// first batch, once acknowledged by Kafka, prints PRODUCED and blocks before the checkpoint:
// the parent's SIGKILL then lands between produce and checkpoint, every time.
import { createPostgresEventStore } from '../../event-store/postgres-event-store';
import { createPool } from '../../postgres/pool';
import { startRelay } from '../relay';

const pool = createPool(process.env.DATABASE_URL as string);
const relay = startRelay({
  pool,
  store: createPostgresEventStore(pool),
  brokers: (process.env.KAFKA_BROKERS as string).split(','),
  topic: process.env.KAFKA_TOPIC as string,
  async afterProduce(events) {
    if (process.env.RELAY_HANG_AFTER_PRODUCE !== '1') return;
    process.stdout.write(`PRODUCED ${events.length}\n`);
    setInterval(() => {}, 1 << 30); // keeps the process up while it waits for the kill
    await new Promise(() => {});
  },
});
relay.done.catch((err) => {
  console.error('relay failed', err);
  process.exit(1);
});
