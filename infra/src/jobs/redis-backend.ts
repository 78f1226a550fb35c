import { Queue, Worker } from 'bullmq';
import type { BullBackend } from './bull-backend';

/**
 * BullMQ on Redis (the distributed form). BullMQ 6 takes the URL itself (`{ url }`) and owns
 * its connections: each Queue opens one, each Worker two (commands, and a blocking one it
 * sets to `maxRetriesPerRequest: null`), so a forced close drops a worker's sockets without
 * touching the others.
 */
export function redisBackend(url: string, prefix: string): BullBackend {
  if (!/^rediss?:\/\//.test(url)) throw new Error('the Redis URL must start with redis:// or rediss://');
  const connection = { url };
  return {
    kind: 'redis',
    queue: (name) => new Queue(name, { connection, prefix }),
    worker: (name, processor, concurrency) => new Worker(name, processor, { connection, prefix, concurrency, autorun: false }),
  };
}
