// Does a service answer, as the tests would talk to it? Used by with-test-services.sh before it
// decides to reuse, start or give up on a service.
//
//   tsx scripts/probe-service.ts <postgres|redis|kafka> <url or host:port[,…]> <timeoutSeconds>
//
// PostgreSQL: connects and runs `select 1` (so a wrong role or password shows here, not in the
// middle of a test run). Redis: PING answers PONG. Kafka: a metadata request lists a broker.
// Tries until the service answers or the bound passes (0: one try). Exit 0 when it answers;
// otherwise exit 1 with the last error on stderr.

// Each client library is imported only by its own probe: the Kafka client alone takes seconds
// to load on a busy machine. (The file imports nothing statically; the export makes it a module.)
export {};

const [kind, target, timeoutArg = '0'] = process.argv.slice(2);

const probes: Record<string, (target: string) => Promise<void>> = {
  async postgres(url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
    client.on('error', () => {}); // a connection lost after connect(): reported by query()
    try {
      await client.connect();
      await client.query('select 1');
    } finally {
      await client.end().catch(() => {});
    }
  },
  async redis(url) {
    const { pingRedis } = await import('../infra/src/live/ping-redis');
    await pingRedis(url);
  },
  async kafka(brokers) {
    const { listedBrokers } = await import('../infra/src/kafka/listed-brokers');
    const bootstrapBrokers = brokers.split(',').map((b) => b.trim()).filter(Boolean);
    if ((await listedBrokers(bootstrapBrokers, { clientId: 'leadfloor-probe' })) === 0) throw new Error('metadata listed no broker');
  },
};

const probe = kind ? probes[kind] : undefined;
if (!probe || !target) {
  console.error('usage: tsx scripts/probe-service.ts <postgres|redis|kafka> <url or host:port[,…]> [timeoutSeconds]');
  process.exit(2);
}

const deadline = Date.now() + Number(timeoutArg) * 1000;
for (;;) {
  try {
    await probe(target);
    process.exit(0);
  } catch (err) {
    if (Date.now() >= deadline) {
      const message = err instanceof Error ? err.message || err.name : String(err);
      console.error(message.split('\n')[0]);
      process.exit(1);
    }
  }
  await new Promise((r) => setTimeout(r, 250)); // between tries of a service that is starting
}
