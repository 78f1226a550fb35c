import { Admin } from '@platformatic/kafka';
import { Redis } from 'ioredis';
import type { Pool } from '../postgres/pool';
import type { ReadinessCheck } from './health-routes';

/** A probe that holds a connection of its own, closed with the app. */
export type ClosableCheck = { check: ReadinessCheck; close(): Promise<void> };

export const postgresCheck = (pool: Pool): ReadinessCheck => () => pool.query('select 1');

/**
 * One lazily connecting client per process, reused by every probe. No offline queue and no
 * per-command retries: while Redis is down a ping fails at once instead of queueing, which is
 * what a readiness answer needs; ioredis keeps reconnecting in the background.
 */
export function redisCheck(url: string): ClosableCheck {
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 2_000 });
  redis.on('error', () => {}); // reported through the probe, not as an unhandled 'error' event
  return {
    check: async () => {
      if (redis.status === 'wait') await redis.connect();
      await redis.ping();
    },
    close: async () => { redis.disconnect(); },
  };
}

/**
 * A metadata request, as a client would make, answered by at least one broker. A fresh client
 * per probe: a cached connection to a broker that went away would hide the outage.
 */
export function kafkaCheck(brokers: string[]): ClosableCheck {
  return {
    check: async () => {
      const admin = new Admin({ clientId: 'leadfloor-readyz', bootstrapBrokers: brokers, retries: 0, timeout: 2_000, connectTimeout: 2_000 });
      try {
        const metadata = await admin.metadata({ topics: [], forceUpdate: true });
        if (metadata.brokers.size === 0) throw new Error('metadata listed no broker');
      } finally {
        await admin.close().catch(() => {});
      }
    },
    close: async () => {},
  };
}
