import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sendProblem } from './problem';

/** A dependency probe: resolves when the dependency answers, throws (or hangs) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;
export type ReadinessChecks = Record<string, ReadinessCheck>;

export type HealthRoutesOptions = {
  checks: ReadinessChecks;
  /** A check that has not answered by then counts as failed: /readyz must never hang. */
  checkTimeoutMs?: number;
};

type CheckOutcome = 'ok' | 'fail' | 'timeout';

const Alive = z.object({ status: z.literal('ok') });
const Ready = z.object({ status: z.literal('ok'), checks: z.record(z.string(), z.enum(['ok', 'fail', 'timeout'])) });

/**
 * `/healthz`: the process is up (liveness; restart me if this fails).
 * `/readyz`: every dependency answers (readiness; send me traffic). Checks run in parallel,
 * each bounded. A failure names the check, but its error stays in the log: the probe is public
 * and connection errors describe the inside of the deployment.
 */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, { checks, checkTimeoutMs = 2_000 }) => {
  app.get('/healthz', { schema: { response: { 200: Alive }, security: [] } }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', {
    schema: {
      response: { 200: Ready }, security: [],
      problems: { 503: 'A dependency does not answer (not_ready): `checks` says ok, fail or timeout for each.' },
    },
  }, async (request, reply) => {
    const entries = await Promise.all(Object.entries(checks).map(async ([name, check]) =>
      [name, await runCheck(check, checkTimeoutMs, (err) => request.log.warn({ err, check: name }, 'readiness check failed'))] as const));
    const results = Object.fromEntries(entries);
    const failing = entries.filter(([, outcome]) => outcome !== 'ok').map(([name]) => name);
    if (failing.length === 0) return { status: 'ok' as const, checks: results };
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
