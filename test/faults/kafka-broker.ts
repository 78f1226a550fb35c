import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, isRunning, spawnChild } from '../child-process';
import { waitFor } from '../wait-for';

// A Kafka broker of a test's own, started by infra/kafka/start.sh in a run dir of its own on
// free ports, so a test can take it down without touching the broker other tests share
// (KAFKA_BROKERS). It restarts on the same data (KAFKA_KEEP_DATA=1): same cluster, same topics,
// same messages.

export type DedicatedKafka = {
  brokers: string[];
  /** The first start (a fresh cluster); resolves once the broker answers metadata. */
  start(): Promise<void>;
  /** SIGKILL to the broker's JVM, as in a crash; resolves once it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same ports and data, and waits until it answers metadata. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

const script = (name: string) => path.join('infra', 'kafka', name);

function runScript(name: string, env: NodeJS.ProcessEnv) {
  const child = spawnChild(`kafka ${name}`, 'bash', [script(name)], { env });
  return child.exited.then((exit) => {
    if (exit.code !== 0) throw new Error(`${name} failed (${JSON.stringify(exit)}):\n${child.output()}`);
  });
}


/**
 * A broker on free ports and a run dir of its own, not yet started (its address is known at
 * once, so the parts that need it can be started beside it). Needs Java 17+ and the broker jars
 * (fetched once by Maven into infra/kafka/.cache).
 */
export async function dedicatedKafka(): Promise<DedicatedKafka> {
  const runDir = await mkdtemp(path.join(tmpdir(), 'leadfloor-kafka-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env, KAFKA_RUN_DIR: runDir, KAFKA_PORT: String(port), KAFKA_CONTROLLER_PORT: String(await freePort()),
    // A small heap, and the quick JIT only: a test broker lives a minute and must start fast.
    KAFKA_HEAP_OPTS: '-Xmx384m -Xms128m -XX:TieredStopAtLevel=1', KAFKA_READY_TIMEOUT: '90',
  };
  const pid = async () => Number((await readFile(path.join(runDir, 'kafka.pid'), 'utf8')).trim());
  return {
    brokers: [`127.0.0.1:${port}`],
    start: () => runScript('start.sh', env),
    async kill() {
      const p = await pid();
      if (isRunning(p)) process.kill(p, 'SIGKILL');
      await waitFor(() => !isRunning(p), { timeoutMs: 10_000, what: `the broker (pid ${p}) to be gone` });
    },
    restart: () => runScript('start.sh', { ...env, KAFKA_KEEP_DATA: '1' }),
    async stop() {
      await runScript('stop.sh', env).catch(() => {});
      await rm(runDir, { recursive: true, force: true });
    },
  };
}
