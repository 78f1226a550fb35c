import { Redis } from 'ioredis';

/**
 * Resolves once Redis at `url` answers PING with PONG; otherwise throws the connection's own
 * error (ECONNREFUSED says more than connect()'s "Connection is closed"). One try, no retries.
 */
export async function pingRedis(url: string): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let connectionError: Error | undefined;
  client.on('error', (err: Error) => { connectionError ??= err; });
  try {
    await client.connect();
    const answer = await client.ping();
    if (answer !== 'PONG') throw new Error(`PING answered ${answer}`);
  } catch (err) {
    throw connectionError ?? err;
  } finally {
    client.disconnect();
  }
}
