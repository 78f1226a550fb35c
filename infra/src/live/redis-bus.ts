import { Redis } from 'ioredis';

export const LIVE_CHANNEL = 'leadfloor:live';
type Envelope<M> = { userId: number | null; message: M };

/**
 * The distributed form's fan-out: the one notifier publishes each live message once, and every
 * gateway replica's subscriber delivers it to its own sockets. Messages lost while a replica is
 * away are not replayed: clients detect the gap by their position cursor and refetch.
 */
export function createLivePublisher<M>(redisUrl: string, channel = LIVE_CHANNEL) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
  redis.on('error', () => {});
  return {
    publish(userId: number | null, message: M) {
      void redis.publish(channel, JSON.stringify({ userId, message } satisfies Envelope<M>)).catch(() => {});
    },
    close: () => redis.quit().then(() => undefined, () => undefined),
  };
}

/**
 * Subscribes in the background: a gateway started while Redis is down still listens (alive, and
 * its /readyz names Redis as failing) instead of waiting for it. ioredis keeps reconnecting,
 * subscribes once connected, and again after every reconnect.
 */
export function subscribeLive<M>(redisUrl: string, deliver: (userId: number | null, message: M) => void, channel = LIVE_CHANNEL) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  redis.on('error', () => {});
  redis.on('message', (_channel: string, raw: string) => {
    try {
      const { userId, message } = JSON.parse(raw) as Envelope<M>;
      deliver(userId, message);
    } catch {
      // a malformed message is dropped; the next one still arrives
    }
  });
  const subscribed = redis.subscribe(channel).then(() => undefined);
  subscribed.catch(() => {}); // closed before Redis came back: nothing to report
  return {
    /** Resolves once the first subscription is in place. */
    subscribed,
    close: () => redis.quit().then(() => undefined, () => undefined),
  };
}
