import type { Logger } from '@leadfloor/infra/logger';

const REPEAT_WINDOW_MS = 1_000;

type Step = { name: string; run: () => Promise<unknown> };

export type Shutdown = {
  /**
   * Registers what to undo, as soon as it exists. Steps run in reverse order of registration:
   * the HTTP server (started last) closes first, the database (started first) stops last.
   */
  add(name: string, run: () => Promise<unknown>): void;
  /** True once a signal (or a fatal error) started the shutdown. */
  readonly started: boolean;
  /** Shuts down as a signal would, then exits with `code`. */
  exit(code: number, reason: string): Promise<never>;
};

/**
 * SIGINT, SIGTERM and SIGHUP start an ordered shutdown bounded by `timeoutMs`; a step that
 * fails is logged and the next one still runs. A second signal (the impatient second Ctrl-C)
 * exits at once; so does running out of time. Either way nothing outlives the process:
 * the embedded PostgreSQL's stop watchdog shuts it down once this process is gone.
 */
export function handleShutdown({ timeoutMs, logger }: { timeoutMs: number; logger: Logger }): Shutdown {
  const steps: Step[] = [];
  let started = false;

  const run = async (code: number, reason: string): Promise<never> => {
    started = true;
    logger.info({ reason }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown took too long; exiting now');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    let failed = false;
    for (const step of steps.reverse()) {
      try {
        await step.run();
        logger.debug({ step: step.name }, 'stopped');
      } catch (err) {
        failed = true;
        logger.error({ err, step: step.name }, 'shutdown step failed');
      }
    }
    clearTimeout(timer);
    if (failed) logger.warn('stopped, with errors');
    else logger.info('stopped cleanly');
    process.exit(failed ? 1 : code);
  };

  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) {
      // One Ctrl-C under `npm start` arrives several times within milliseconds (the terminal
      // signals the whole process group, and npm and tsx each forward it again): only a
      // signal a person sent later is the impatient second one.
      if (Date.now() - firstSignalAt < REPEAT_WINDOW_MS) return;
      logger.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(130);
    }
    firstSignalAt = Date.now();
    void run(0, signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);

  return {
    add: (name, fn) => { steps.push({ name, run: fn }); },
    get started() { return started; },
    exit: (code, reason) => (started ? new Promise<never>(() => {}) : run(code, reason)),
  };
}
