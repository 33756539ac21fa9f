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

/** A job running on its interval ({@link startPeriodic}). */
export interface PeriodicRun {
  /** Runs the job once now, or once more after the run in progress, if any. */
  readonly runNow: () => void;
  /** Stops the timer and waits for the run in progress, if any. */
  readonly stop: () => Promise<void>;
}

/**
 * Runs `job` every `intervalMs` (ms) on an unref'd timer, so it never keeps the process alive, one
 * run at a time: runs due while one is in progress (a slow database) make one more run when it ends,
 * not a queue that grows as long as the job stays slower than its interval. A failed run goes to
 * `onError` and the next runs as planned: one failure never stops the job.
 */
export function startPeriodic(
  job: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): PeriodicRun {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  // Read through a call: a run's `await` may set them (TypeScript narrows a plain read to false).
  const runAgain = () => again && !stopped;
  const loop = async () => {
    do {
      again = false;
      try {
        await job();
      } catch (error) {
        onError(error);
      }
    } while (runAgain());
    running = null;
  };
  const runNow = () => {
    if (stopped) return;
    if (running) again = true;
    else running = loop();
  };
  const timer = setInterval(runNow, intervalMs);
  timer.unref();
  return {
    runNow,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Runs `job` every `intervalMs` while `app` is up ({@link startPeriodic}). A failed run is logged
 * (`${name} failed`). Closing the server stops the timer and waits for the run in progress, so none is
 * cut off by the database closing under it.
 */
export function registerPeriodicJob(app: FastifyInstance, options: PeriodicJobOptions): void {
  let periodic: PeriodicRun | undefined;
  app.addHook('onReady', (hookDone) => {
    periodic = startPeriodic(options.job, options.intervalMs, (error) => {
      app.log.error({ err: error }, `${options.name} failed`);
    });
    if (options.atReady === true) periodic.runNow();
    hookDone();
  });
  app.addHook('onClose', async () => {
    await periodic?.stop();
  });
}
