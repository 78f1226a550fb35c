import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe } from 'vitest';
import { adminUrl } from '../../../test/db';
import { describeJobBehaviour } from './job-behaviour-suite';
import { createJobs } from './job-queue';
import { describeJobRecovery } from './job-recovery-suite';
import { pingRedis } from '../live/ping-redis';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Keys of this file only, so parallel files and earlier runs never meet.
const prefix = `lf_t_${randomBytes(6).toString('hex')}`;
if (!(await pingRedis(redisUrl).then(() => true, () => false))) {
  throw new Error(`Redis not reachable at ${redisUrl} (REDIS_URL): run \`npm test\`, which starts it, `
    + 'or start one yourself (redis-server) and point REDIS_URL at it');
}

describe('Redis backend', () => {
  afterAll(async () => {
    await deleteKeys(redisUrl, `${prefix}:*`);
  });
  // databaseUrl is required by createJobs but unused once redisUrl is set.
  describeJobBehaviour('jobs on Redis', (logger) => createJobs({ redisUrl, databaseUrl: adminUrl(), prefix, logger }));
  describeJobRecovery('jobs on Redis, store unreachable at start', () => redisUrl,
    (url, logger) => createJobs({ redisUrl: url, databaseUrl: adminUrl(), prefix, logger }));
});


async function deleteKeys(url: string, pattern: string) {
  const client = new Redis(url);
  try {
    for await (const keys of client.scanStream({ match: pattern, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length) await client.unlink(...keys);
    }
  } finally {
    client.disconnect();
  }
}
