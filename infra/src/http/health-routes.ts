import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sendProblem } from './problem';

/** A dependency probe: resolves when the dependency answers, throws (or hangs) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;
export type ReadinessChecks = Record<string, ReadinessCheck>;

export type HealthRoutesOptions = {
  /** What this process cannot serve without: one failing answers 503. */
  checks: ReadinessChecks;
  /**
   * What it can serve without, degraded (the gateway without Redis: no live messages; without
   * Kafka: read models lag): reported, but /readyz still answers 200 with status 'degraded', so a
   * balancer does not take every replica away for a dependency they can all do without.
   */
  degradedWithout?: ReadinessChecks;
  /** A check that has not answered by then counts as failed: /readyz must never hang. */
  checkTimeoutMs?: number;
};

type CheckOutcome = 'ok' | 'fail' | 'timeout';

const Alive = z.object({ status: z.literal('ok') });
const Ready = z.object({ status: z.enum(['ok', 'degraded']), checks: z.record(z.string(), z.enum(['ok', 'fail', 'timeout'])) });

/**
 * `/healthz`: the process is up (liveness; restart me if this fails).
 * `/readyz`: every dependency it needs answers (readiness; send me traffic), 'degraded' when one
 * it can do without does not. Checks run in parallel, each bounded. A failure names the check,
 * but its error stays in the log: the probe is public and connection errors describe the
 * inside of the deployment.
 */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, { checks, degradedWithout = {}, checkTimeoutMs = 2_000 }) => {
  app.get('/healthz', { schema: { response: { 200: Alive }, security: [] } }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', {
    schema: {
      response: { 200: Ready }, security: [],
      problems: { 503: 'A dependency it cannot serve without does not answer (not_ready): `checks` says ok, fail or timeout for each.' },
    },
  }, async (request, reply) => {
    const run = (all: ReadinessChecks) => Promise.all(Object.entries(all).map(async ([name, check]) =>
      [name, await runCheck(check, checkTimeoutMs, (err) => request.log.warn({ err, check: name }, 'readiness check failed'))] as const));
    const [needed, optional] = await Promise.all([run(checks), run(degradedWithout)]);
    const results = Object.fromEntries([...needed, ...optional]);
    const failing = needed.filter(([, outcome]) => outcome !== 'ok').map(([name]) => name);
    if (failing.length === 0) {
      return { status: optional.every(([, outcome]) => outcome === 'ok') ? 'ok' as const : 'degraded' as const, checks: results };
    }
    return sendProblem(reply, { status: 503, code: 'not_ready', title: 'Not ready', detail: `Failing: ${failing.join(', ')}.`, checks: results });
  });
};

async function runCheck(check: ReadinessCheck, timeoutMs: number, onError: (err: unknown) => void): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckOutcome>((resolve) => { timer = setTimeout(() => resolve('timeout'), timeoutMs); });
  try {
    const outcome = await Promise.race([check().then(() => 'ok' as const), timeout]);
    if (outcome === 'timeout') onError(new Error(`no answer within ${timeoutMs} ms`));
    return outcome;
  } catch (err) {
    onError(err);
    return 'fail';
  } finally {
    clearTimeout(timer);
  }
}
