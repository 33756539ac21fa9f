import type { FastifyInstance } from 'fastify';

/** Runs of one job, one at a time ({@link serialRuns}, {@link startPeriodic}). */
export interface SerialRuns {
  /**
   * Asks for a run: it starts at once, or once the run in progress ends (all the asks made during a
   * run make one more run). Never waits and never throws; ignored once stopped.
   */
  readonly runNow: () => void;
  /** Stops taking asks (and the timer, if any) and waits for the run in progress, if any. */
  readonly stop: () => Promise<void>;
}

/**
 * Runs `job` when asked ({@link SerialRuns.runNow}), one run at a time: asks made while one is in
 * progress (a slow database, a mail server that does not answer) make one more run when it ends, not
 * a queue that grows as long as the job stays slower than the asks, and no second run beside it. A
 * failed run goes to `onError`; the next ask runs it again.
 */
export function serialRuns(
  job: () => Promise<unknown>,
  onError: (error: unknown) => void,
): SerialRuns {
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
  return {
    runNow: () => {
      if (stopped) return;
      if (running) again = true;
      else running = loop();
    },
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

/**
 * Runs `job` every `intervalMs` (ms) on an unref'd timer, so it never keeps the process alive, as
 * {@link serialRuns}: one at a time, and a failed run goes to `onError` while the next runs as
 * planned (one failure never stops the job).
 */
export function startPeriodic(
  job: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): SerialRuns {
  return onInterval(serialRuns(job, onError), intervalMs);
}

/** Asks `runs` for a run every `intervalMs` (ms) on an unref'd timer until they are stopped. */
export function onInterval(runs: SerialRuns, intervalMs: number): SerialRuns {
  const timer = setInterval(runs.runNow, intervalMs);
  timer.unref();
  return {
    runNow: runs.runNow,
    stop: async () => {
      clearInterval(timer);
      await runs.stop();
    },
  };
}

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
 * Runs `job` every `intervalMs` while `app` is up ({@link startPeriodic}). A failed run is logged
 * (`${name} failed`). Closing the server stops the timer and waits for the run in progress, so none is
 * cut off by the database closing under it.
 */
export function registerPeriodicJob(app: FastifyInstance, options: PeriodicJobOptions): void {
  let periodic: SerialRuns | undefined;
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
