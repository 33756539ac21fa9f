import type { TrackPoint } from '../tracks';
import { distanceM, fixMotions } from './motion';

/** How a track is replayed; see {@link replaySteps}. */
export interface ReplayOptions {
  /** Replay rate: 10 sends a fix recorded 10 s after the previous one 1 s after it. Finite, > 0. */
  readonly speed: number;
  /**
   * Replay forever: a round trip (ending within {@link LOOP_CLOSED_WITHIN_M} of its start) starts
   * again from its first point; any other track is replayed back to its start, then out again, so no
   * loop jumps across the map.
   */
  readonly loop: boolean;
  /** Fraction of each loop's points (0 … 1) after which an SOS is raised; null for none. */
  readonly sosAt: number | null;
  /**
   * Fraction of the first loop's points (0 … 1) skipped: the replay begins at the point at index
   * round(`startAt` × (n − 1)), as if the wearer started there; later loops are whole. Null or 0
   * (or absent) begins at the first point.
   */
  readonly startAt?: number | null;
  /** Device time of the first point sent, epoch ms (the simulation's "now"). */
  readonly startMs: number;
}

/** One fix to send. */
export interface ReplayStep {
  /** Loop number, from 0. */
  readonly loop: number;
  /** Position of the point in its loop, from 0 (on a return leg, the track's points backwards). */
  readonly index: number;
  /** Time after the previous step, ms (0 for the first). */
  readonly delayMs: number;
  /** Device time of the fix, epoch ms: when it is due, strictly increasing over all loops. */
  readonly deviceTimeMs: number;
  readonly point: TrackPoint;
  /** Ground speed, m/s: recorded, else derived from the positions (motion.ts); null if unknown. */
  readonly speedMps: number | null;
  /** Course over ground, degrees [0, 360); null if unknown. */
  readonly bearingDeg: number | null;
  /** Whether this fix carries the loop's SOS. */
  readonly sos: boolean;
}

/**
 * How close, in metres, a track's last point must be to its first for a loop to start again from the
 * first point; a track ending farther away is replayed back to its start instead. 500 m: a round trip
 * recorded with a few minutes' delay at the start or end still counts as one.
 */
export const LOOP_CLOSED_WITHIN_M = 500;

/** The gap before a loop's first point when a looping track starts again, for a one-point track. */
const SINGLE_POINT_LOOP_GAP_MS = 1_000;

/** The median time between consecutive points, ms (the track's cadence). */
function medianIntervalMs(points: readonly TrackPoint[]): number {
  const gaps = points
    .slice(1)
    .map((point, i) => point.timeMs - (points[i]?.timeMs ?? point.timeMs))
    .sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)] ?? SINGLE_POINT_LOOP_GAP_MS;
}

/**
 * The track backwards, as if walked from its end to its start with the same spacing: point times are
 * `first + (last − t)`, so they still increase.
 */
function backwards(points: readonly TrackPoint[]): TrackPoint[] {
  const firstMs = points[0]?.timeMs ?? 0;
  const lastMs = points[points.length - 1]?.timeMs ?? firstMs;
  return [...points]
    .reverse()
    .map((point) => ({ ...point, timeMs: firstMs + (lastMs - point.timeMs) }));
}

/**
 * Throws a RangeError when `points` is empty or `options` are out of range (`speed` finite and > 0,
 * `sosAt` and `startAt` null or within 0 … 1, `startMs` finite).
 */
export function checkReplayOptions(points: readonly TrackPoint[], options: ReplayOptions): void {
  if (points.length === 0) throw new RangeError('The track has no points to replay');
  if (!Number.isFinite(options.speed) || options.speed <= 0) {
    throw new RangeError(`speed must be a number above 0, not ${options.speed}`);
  }
  if (options.sosAt !== null && !(options.sosAt >= 0 && options.sosAt <= 1)) {
    throw new RangeError(`sosAt must be within 0 … 1, not ${options.sosAt}`);
  }
  if (options.startAt != null && !(options.startAt >= 0 && options.startAt <= 1)) {
    throw new RangeError(`startAt must be within 0 … 1, not ${options.startAt}`);
  }
  if (!Number.isFinite(options.startMs)) throw new RangeError('startMs must be epoch ms');
}

/**
 * The fixes a replay of `points` (a track: times strictly increasing) sends, in order (issue 5 item 6):
 * - cadence: the track's own spacing divided by `speed`; device times are rebased so the first point
 *   is `startMs` and keep the scaled spacing, rounded to the ms (and at least 1 ms apart);
 * - looping: each loop starts one median point interval (the track's cadence, scaled) after the
 *   previous loop's last point, so device times keep increasing and never repeat; without `loop` the
 *   sequence ends after the last point, with it it never ends. A round trip starts each loop from its
 *   first point; a track ending away from its start (over {@link LOOP_CLOSED_WITHIN_M}) goes back and
 *   forth — odd loops replay it backwards — so the wearer never jumps from the end to the start (a
 *   straight line across the map, and a distance that never happened);
 * - SOS: once per loop, on the point at index round(`sosAt` × (n − 1)) — 0 the first point, 1 the last;
 * - start: the first loop begins at index round(`startAt` × (n − 1)), that point at `startMs` (its
 *   SOS only if it is at or after there); the loops after it are whole, on the same schedule.
 * Speed and course come from motion.ts (recorded speed kept as recorded, not scaled: what the device
 * measured, and within the server's limits at any replay speed). Throws a RangeError as
 * {@link checkReplayOptions} does, on the first step.
 */
export function* replaySteps(
  points: readonly TrackPoint[],
  options: ReplayOptions,
): Generator<ReplayStep, void, undefined> {
  checkReplayOptions(points, options);
  const { speed, loop, sosAt, startMs } = options;
  const firstMs = points[0]?.timeMs ?? 0;
  const lastMs = points[points.length - 1]?.timeMs ?? firstMs;
  const startIndex = Math.round((options.startAt ?? 0) * (points.length - 1));
  const skippedMs = (points[startIndex]?.timeMs ?? firstMs) - firstMs;
  const loopPeriodMs = lastMs - firstMs + medianIntervalMs(points);
  const sosIndex = sosAt === null ? -1 : Math.round(sosAt * (points.length - 1));
  const out = { points, motions: fixMotions(points) };
  const first = points[0] as TrackPoint;
  const last = points[points.length - 1] as TrackPoint;
  const returns = distanceM(first, last) > LOOP_CLOSED_WITHIN_M;
  const back = returns ? backwards(points) : points;
  const home = { points: back, motions: returns ? fixMotions(back) : out.motions };
  let previousMs: number | null = null;
  for (let round = 0; round === 0 || loop; round += 1) {
    const leg = round % 2 === 1 ? home : out;
    for (let index = round === 0 ? startIndex : 0; index < leg.points.length; index += 1) {
      const point = leg.points[index] as TrackPoint;
      const motion = leg.motions[index];
      const offsetMs = (round * loopPeriodMs + (point.timeMs - firstMs) - skippedMs) / speed;
      const scheduled = startMs + Math.round(offsetMs);
      const deviceTimeMs: number =
        previousMs === null ? scheduled : Math.max(scheduled, previousMs + 1);
      yield {
        loop: round,
        index,
        delayMs: previousMs === null ? 0 : deviceTimeMs - previousMs,
        deviceTimeMs,
        point,
        speedMps: motion?.speedMps ?? null,
        bearingDeg: motion?.bearingDeg ?? null,
        sos: index === sosIndex,
      };
      previousMs = deviceTimeMs;
    }
  }
}
