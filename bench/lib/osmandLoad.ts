import type { IngestPoint } from '../../src/api/ingest';
import { runTsWorker } from './tsWorker';

/** What the OsmAnd load thread sends: each device's key and points, in sending order. */
export interface OsmAndLoad {
  readonly origin: string;
  readonly devices: readonly { readonly key: string; readonly points: readonly IngestPoint[] }[];
  /** Answers each phone gets before the sustained window can start (sustainedRate.ts). */
  readonly warmupAnswers: number;
}

/** What it measured: distinct points acknowledged, GETs answered, and the wall time in s. */
export interface OsmAndLoadMeasure {
  readonly accepted: number;
  readonly requests: number;
  readonly seconds: number;
}

/**
 * The whole run's measure, and the sustained window's (sustainedRate.ts; null when the run had
 * none: too few requests a phone).
 */
export interface OsmAndLoadResult extends OsmAndLoadMeasure {
  readonly sustained: OsmAndLoadMeasure | null;
}

/**
 * Runs the OsmAnd phones (osmandLoad.worker.ts) on a worker thread against `origin` — one GET per
 * point, each device in order, all devices at once — so the client's own HTTP work is not charged
 * to the server's event loop (a real phone is not in the server's process). Rejects on any non-200.
 */
export function runOsmAndLoad(load: OsmAndLoad): Promise<OsmAndLoadResult> {
  return runTsWorker(new URL('./osmandLoad.worker.ts', import.meta.url), load);
}
