import { freePort, spawnChild, waitUntilReady, type Child } from '../child-process';

// A redis-server of a test's own, on a free port, with no persistence: a test may kill it and
// start it again without touching the Redis other tests share (REDIS_URL).

export type DedicatedRedis = {
  url: string;
  port: number;
  /** SIGKILL: Redis is gone at once, as in a crash. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: nothing was persisted). */
  start(): Promise<void>;
  stop(): Promise<void>;
};

export async function startDedicatedRedis(): Promise<DedicatedRedis> {
  const port = await freePort();
  let server: Child | undefined;
  const start = async () => {
    let ready = false;
    server = spawnChild('redis-server', 'redis-server', [
      '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no',
    ], { onOutput: (chunk) => { if (chunk.includes('Ready to accept connections')) ready = true; } });
    server.process.once('error', () => {}); // reported as an exit by waitUntilReady
    await waitUntilReady(server, () => ready, { timeoutMs: 20_000 });
  };
  await start().catch((err: Error) => {
    throw new Error(`this test needs redis-server on the PATH (Debian: apt-get install redis-server): ${err.message}`);
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async kill() {
      await server?.kill('SIGKILL');
    },
    start,
    async stop() {
      await server?.stop(5_000);
    },
  };
}
