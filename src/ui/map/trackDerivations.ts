import type { TrackColumnsLike } from './trackAttributes';
import { deriveTrack, type TrackDerivationInput, type TrackDerived } from './trackDerivation';
import type { TrackDerivationRequest } from './trackDerivation.worker';

/*
 * Where tracks are derived (issue 7 target journey.7day: no main-thread task over 50 ms). Deriving a
 * day at 1 Hz (86,400 points: speed colours and Douglas–Peucker importance) takes ~100 ms, a week 7×
 * that; on the main thread each arriving track was one long task. Large tracks are derived in a
 * dedicated worker instead, which holds the one it derives and the next, and drawn when their
 * derivation arrives (deck.gl async prop, layers/trackDetailLayer.ts); small ones, cheaper than the
 * trip to a worker, at once. A page that will show long tracks starts the worker and the derivations
 * ahead of its map (useTrackDerivationsAhead.ts).
 */

/** Tracks of at most this many points are derived on the calling thread (a few ms at most). */
export const SYNC_DERIVATION_MAX_POINTS = 8_192;

/** Derives tracks somewhere: answers the derivation of `columns` as they are when it starts. */
export interface TrackDerivationRunner {
  derive(columns: TrackColumnsLike): Promise<TrackDerived>;
  /** Gets ready for a first derivation now (a worker started and loading), if it has one to start. */
  prewarm?(): void;
}

/** The columns' values as a derivation input of its own (copies: the originals stay the store's). */
function snapshot(columns: TrackColumnsLike): TrackDerivationInput {
  return {
    length: columns.length,
    version: columns.version,
    time: columns.time.slice(0, columns.length),
    positions: columns.positions.slice(0, 2 * columns.length),
    speed: columns.speed.slice(0, columns.length),
  };
}

/** A new track worker (trackDerivation.worker.ts; Vite bundles it as a chunk of its own). */
function trackWorker(): Worker {
  return new Worker(new URL('./trackDerivation.worker.ts', import.meta.url), { type: 'module' });
}

interface Job {
  /** The buffer behind the track's `time` column: versions of one growing track share it. */
  readonly lineage: ArrayBufferLike;
  columns: TrackColumnsLike;
  readonly settle: ((result: TrackDerived | Error) => void)[];
}

/** Workers a runner may use: one per core beside the page's own, at least 1, at most 2. */
function defaultPoolSize(): number {
  const cores = typeof navigator === 'undefined' ? 2 : navigator.hardwareConcurrency || 2;
  return Math.max(1, Math.min(2, cores - 1));
}

/**
 * Derivations a worker holds at once: the one it runs and one queued behind it in its message
 * queue. With one, a worker that finished waited for the page's main thread (often busy drawing the
 * track just derived) to take the answer and post the next request, idle all that while.
 */
export const DERIVATIONS_PER_WORKER = 2;

/**
 * A runner over a pool of `poolSize` dedicated workers (`createWorker`, default {@link trackWorker};
 * {@link defaultPoolSize}), each created when first needed and holding up to
 * {@link DERIVATIONS_PER_WORKER} derivations (an idle or new worker is preferred, then the least
 * busy). A waiting request (not yet posted) for an older version of the same growing track (a live
 * activity gaining a point a second) is replaced by the newer one, and both callers get the newer
 * result. Where workers cannot run (no `Worker`, or one failed to load), tracks are derived on the
 * main thread in a task of their own.
 */
export function workerRunner(
  createWorker: (() => Worker) | null = typeof Worker === 'undefined' ? null : trackWorker,
  poolSize: number = defaultPoolSize(),
): TrackDerivationRunner {
  let broken = createWorker === null;
  /** Each started worker's posted derivations, oldest (the one running) first. */
  const held = new Map<Worker, { id: number; job: Job }[]>();
  const waiting: Job[] = [];
  let nextId = 1;

  const finish = (job: Job, result: TrackDerived | Error) => {
    for (const settle of job.settle) settle(result);
  };
  const deriveHere = (job: Job) => {
    setTimeout(() => {
      let result: TrackDerived | Error;
      try {
        result = deriveTrack(snapshot(job.columns));
      } catch (error) {
        result = error instanceof Error ? error : new Error(String(error));
      }
      finish(job, result);
      pump();
    }, 0);
  };
  const fail = () => {
    broken = true;
    const lost = [...held.values()].flat();
    for (const worker of held.keys()) worker.terminate();
    held.clear();
    for (const { job } of lost) deriveHere(job);
    pump();
  };
  const start = (create: () => Worker): Worker => {
    const worker = create();
    const posted: { id: number; job: Job }[] = [];
    held.set(worker, posted);
    worker.onmessage = (event: MessageEvent<{ id: number; derived: TrackDerived }>) => {
      const index = posted.findIndex((entry) => entry.id === event.data.id);
      const done = posted[index];
      if (!done) return;
      posted.splice(index, 1);
      finish(done.job, event.data.derived);
      pump();
    };
    worker.onerror = fail;
    worker.onmessageerror = fail;
    return worker;
  };
  /**
   * A worker to post a derivation to: an idle one, else a new one while the pool has room, else the
   * least busy one with room; null when every worker holds {@link DERIVATIONS_PER_WORKER}.
   */
  const freeWorker = (): Worker | null => {
    let best: Worker | null = null;
    let fewest = DERIVATIONS_PER_WORKER;
    for (const [worker, posted] of held) {
      if (posted.length < fewest) {
        best = worker;
        fewest = posted.length;
      }
    }
    if (fewest === 0 || !createWorker || held.size >= poolSize) return best;
    return start(createWorker);
  };
  function pump(): void {
    while (waiting.length > 0) {
      if (broken) {
        const job = waiting.shift();
        if (job) deriveHere(job);
        continue;
      }
      let worker: Worker | null;
      try {
        worker = freeWorker();
      } catch {
        broken = true;
        continue;
      }
      if (!worker) return;
      const job = waiting.shift();
      if (!job) return;
      const input = snapshot(job.columns);
      const id = nextId++;
      held.get(worker)?.push({ id, job });
      const request: TrackDerivationRequest = { id, input };
      // The snapshot's buffers move to the worker (no second copy); a fallback snapshots again.
      worker.postMessage(request, [input.time.buffer, input.positions.buffer, input.speed.buffer]);
    }
  }

  return {
    prewarm() {
      if (broken || !createWorker || held.size > 0) return;
      try {
        start(createWorker);
      } catch {
        broken = true;
      }
    },
    derive: (columns) =>
      new Promise<TrackDerived>((resolve, reject) => {
        const settle = (result: TrackDerived | Error) => {
          if (result instanceof Error) reject(result);
          else resolve(result);
        };
        const lineage = columns.time.buffer;
        const older = waiting.find((job) => job.lineage === lineage);
        if (older && older.columns.version < columns.version) {
          older.columns = columns;
          older.settle.push(settle);
          return;
        }
        waiting.push({ lineage, columns, settle: [settle] });
        pump();
      }),
  };
}

let sharedRunner: TrackDerivationRunner | null = null;

/**
 * Starts the shared runner's first track worker now, so that it has loaded by the time a large track
 * arrives: a page that will show long tracks (a journey) calls it when it opens. Starting a worker
 * took 0.6–1.1 s in `journey.7day` on this machine's busy two cores, all of it on the way to the
 * first drawn track when the worker started with that track.
 */
export function prewarmTrackDerivations(): void {
  (sharedRunner ??= workerRunner()).prewarm?.();
}

const derivations = new WeakMap<
  TrackColumnsLike,
  { version: number; value: TrackDerived | Promise<TrackDerived> }
>();

/**
 * The drawing of `columns` ({@link TrackDerived}): at once for a track of up to
 * {@link SYNC_DERIVATION_MAX_POINTS} points or one already derived, else a promise from `runner`
 * (default: the shared worker runner), settled in a later task. Cached per columns object and
 * version: asking again gives the same value or the same promise, and once settled the value itself.
 */
export function derivedTrackOf(
  columns: TrackColumnsLike,
  runner?: TrackDerivationRunner,
): TrackDerived | Promise<TrackDerived> {
  const hit = derivations.get(columns);
  if (hit && hit.version === columns.version) return hit.value;
  const { version } = columns;
  if (columns.length <= SYNC_DERIVATION_MAX_POINTS) {
    const derived = deriveTrack(columns);
    derivations.set(columns, { version, value: derived });
    return derived;
  }
  const promise = (runner ?? (sharedRunner ??= workerRunner())).derive(columns).then((derived) => {
    if (derivations.get(columns)?.value === promise) {
      derivations.set(columns, { version, value: derived });
    }
    return derived;
  });
  derivations.set(columns, { version, value: promise });
  return promise;
}
