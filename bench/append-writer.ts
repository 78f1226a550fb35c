// One append measurement in a process of its own: `tsx bench/append-writer.ts <store> <writers>
// <seconds> <database url> <tag> <streams per writer> <warm-up ms>` prints {"rate":…,"clientCpu":…}. Emmett's Postgres driver
// layer sets process-wide pg type parsers (int8 as BigInt, its own JSON parsing); a process per
// measurement keeps that from touching LeadFloor's figures or the rest of the bench.
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { createPool } from '@leadfloor/infra/postgres/pool';
import pg from 'pg';
import { sampleData, sampleMetadata, SAMPLE_TYPE } from './sample-event';

type Append = (streamId: string, expectedVersion: number, leadId: number) => Promise<void>;

/**
 * `writers` concurrent loops, each appending one event at a time to its own streams in turn
 * with the expected version it holds; counts the appends that finish inside the window.
 */
async function measure(append: Append, writers: number, seconds: number, tag: string, streams: number, warmupMs: number) {
  const started = Date.now();
  const windowStart = started + warmupMs;
  const end = windowStart + seconds * 1000;
  let counted = 0;
  const writer = async (w: number) => {
    const versions = new Array<number>(streams).fill(0);
    for (let i = 0; i < 10_000_000; i++) {
      const k = i % streams;
      await append(`${tag}-${w}-${k}`, versions[k]!, w * 1_000_000 + i);
      versions[k]!++;
      const now = Date.now();
      if (now >= end) return;
      if (now >= windowStart) counted++;
    }
  };
  const cpu = process.cpuUsage();
  await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
  const used = process.cpuUsage(cpu);
  // how busy this process (the clients) was: near 100 % means the client, not Postgres, limits
  return { rate: counted / seconds, clientCpu: (used.user + used.system) / 1000 / (Date.now() - started) };
}

function leadfloor(url: string, writers: number) {
  const pool = createPool(url, { max: writers, applicationName: 'lf-bench-leadfloor' });
  const store = createPostgresEventStore(pool);
  const { actorId, correlationId, causationId } = sampleMetadata;
  const append: Append = async (streamId, expectedVersion, leadId) => {
    await store.append({
      streamId, streamType: 'lead', expectedVersion,
      events: [{ type: SAMPLE_TYPE, data: sampleData(leadId) }],
      metadata: { actorId, correlationId, causationId },
    });
  };
  return { append, close: () => pool.end() };
}

function emmett(url: string, writers: number) {
  const pool = new pg.Pool({ connectionString: url, max: writers, application_name: 'lf-bench-emmett' });
  pool.on('error', () => {});
  const store = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
  const append: Append = async (streamId, expectedVersion, leadId) => {
    await store.appendToStream(streamId, [{ type: SAMPLE_TYPE, data: sampleData(leadId), metadata: sampleMetadata }],
      { expectedStreamVersion: BigInt(expectedVersion) });
  };
  return { append, close: async () => { await store.close(); await pool.end(); } };
}

async function main() {
  const [name, writers, seconds, url, tag, streams, warmupMs] = process.argv.slice(2);
  if ((name !== 'leadfloor' && name !== 'emmett') || !url || !tag || !streams || !warmupMs) {
    throw new Error('usage: append-writer.ts <leadfloor|emmett> <writers> <seconds> <url> <tag> <streams per writer> <warm-up ms>');
  }
  const appender = (name === 'leadfloor' ? leadfloor : emmett)(url, Number(writers));
  try {
    // first use: Emmett creates its schema, both warm their pools; not timed
    await appender.append(`${tag}-warmup`, 0, 0);
    const result = await measure(appender.append, Number(writers), Number(seconds), tag, Number(streams), Number(warmupMs));
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await appender.close();
  }
}

const guard = setTimeout(() => {
  console.error('append-writer: no result within 5 minutes');
  process.exit(1);
}, 300_000);
guard.unref();
main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
