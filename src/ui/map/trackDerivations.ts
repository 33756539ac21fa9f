import type { TrackColumnsLike } from './trackAttributes';
import { deriveTrack, type TrackDerivationInput, type TrackDerived } from './trackDerivation';
import type { TrackDerivationRequest } from './trackDerivation.worker';

/*
 * Where tracks are derived (issue 7 target journey.7day: no main-thread task over 50 ms). Deriving a
 * day at 1 Hz (86,400 points: speed colours and Douglas–Peucker importance) takes ~100 ms, a week 7×
 * that; on the main thread each arriving track was one long task. Large tracks are derived in a
 * dedicated worker instead, one at a time, and drawn when their derivation arrives (deck.gl async
 * prop, layers/trackDetailLayer.ts); small ones, cheaper than the trip to a worker, at once.
 */

/** Tracks of at most this many points are derived on the calling thread (a few ms at most). */
export const SYNC_DERIVATION_MAX_POINTS = 8_192;

/** Derives tracks somewhere: answers the derivation of `columns` as they are when it starts. */
export interface TrackDerivationRunner {
  derive(columns: TrackColumnsLike): Promise<TrackDerived>;
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
 * A runner over a pool of `poolSize` dedicated workers (`createWorker`, default {@link trackWorker};
 * {@link defaultPoolSize}), each created when first needed. Each worker holds one derivation at a
 * time; a waiting request for an older version of the same growing track (a live activity gaining a
 * point a second) is replaced by the newer one, and both callers get the newer result. Where workers
 * cannot run (no `Worker`, or one failed to load), tracks are derived on the main thread in a task
 * of their own.
 */
export function workerRunner(
  createWorker: (() => Worker) | null = typeof Worker === 'undefined' ? null : trackWorker,
  poolSize: number = defaultPoolSize(),
): TrackDerivationRunner {
  let broken = createWorker === null;
  const idle: Worker[] = [];
  const busy = new Map<Worker, { id: number; job: Job }>();
  let created = 0;
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
    for (const worker of [...idle, ...busy.keys()]) worker.terminate();
    idle.length = 0;
    const lost = [...busy.values()];
    busy.clear();
    for (const { job } of lost) deriveHere(job);
    pump();
  };
  const start = (create: () => Worker): Worker => {
    const worker = create();
    created += 1;
    worker.onmessage = (event: MessageEvent<{ id: number; derived: TrackDerived }>) => {
      const done = busy.get(worker);
      if (!done || done.id !== event.data.id) return;
      busy.delete(worker);
      idle.push(worker);
      finish(done.job, event.data.derived);
      pump();
    };
    worker.onerror = fail;
    worker.onmessageerror = fail;
    return worker;
  };
  /** A worker free to take a job, started if the pool has room; null when all are busy. */
  const freeWorker = (): Worker | null => {
    const worker = idle.pop();
    if (worker) return worker;
    if (!createWorker || created >= poolSize) return null;
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
      if (!job) {
        idle.push(worker);
        return;
      }
      const input = snapshot(job.columns);
      const id = nextId++;
      busy.set(worker, { id, job });
      const request: TrackDerivationRequest = { id, input };
      // The snapshot's buffers move to the worker (no second copy); a fallback snapshots again.
      worker.postMessage(request, [input.time.buffer, input.positions.buffer, input.speed.buffer]);
    }
  }

  return {
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
