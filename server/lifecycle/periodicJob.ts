import type { FastifyInstance } from 'fastify';

/** Options of {@link registerPeriodicJob}. */
export interface PeriodicJobOptions {
  /** What the job is, for the log line of a failed run ("alert sweep"). */
  readonly name: string;
  /** Time between the starts of two runs, ms. */
  readonly intervalMs: number;
  /** Also run once as the server becomes ready (default false: the first run one interval later). */
  readonly atReady?: boolean;
  /** One run. */
  readonly job: () => Promise<unknown>;
}

/**
 * Runs `job` every `intervalMs` while `app` is up, on an unref'd timer, one run at a time (a run due
 * while one is in progress starts when it ends). A failed run is logged (`${name} failed`) and the
 * next runs as planned: one failure never stops the job. Closing the server stops the timer and waits
 * for the run in progress, so none is cut off by the database closing under it.
 */
export function registerPeriodicJob(app: FastifyInstance, options: PeriodicJobOptions): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(options.job).then(
      () => undefined,
      (error: unknown) => {
        app.log.error({ err: error }, `${options.name} failed`);
      },
    );
  };
  app.addHook('onReady', (hookDone) => {
    if (options.atReady === true) run();
    timer = setInterval(run, options.intervalMs);
    timer.unref();
    hookDone();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
