import { haversineMeters } from '../../src/api/geo/haversine';

/**
 * Largest horizontal accuracy radius, in metres, of a fix the ActivityStats trust. GNSS fixes are
 * typically 3–30 m; Wi-Fi and cell positions (50 m to kilometres) jump around and would inflate the
 * distance. A fix that reports no accuracy at all (GPX replays, many watches) is trusted: excluding it
 * would leave every such track without a distance. Spec app §9 only says "an accuracy over 1,000,000 is
 * too poor".
 */
export const STATS_MAX_HACC_M = 50;

/**
 * How many consecutive speeds the top speed is judged over: SpeedMaxMPS is the highest median of
 * this many consecutive speeds, so a burst counts once it lasts for three of them, and one or two
 * glitches in a row (a GPS fix that jumps 40 m and back makes two impossible segment speeds) do not.
 */
export const TOP_SPEED_WINDOW = 5;

/** One fix as the stats read it: `time` epoch ms, `lat`/`lon` degrees, `hacc` m, `speed` m/s. */
export interface StatsFix {
  readonly time: number;
  readonly lat: number;
  readonly lon: number;
  readonly hacc: number | null;
  readonly speed: number | null;
}

/**
 * The running totals behind an activity's ActivityStats, folded over its accepted fixes in time order
 * (stored as JSON in `activities.stats_state`, so in-order points extend them without re-reading):
 * - `firstMs`, `lastMs`: device times (epoch ms) of the first and last accepted fix, null before one;
 * - `lastLat`, `lastLon`: degrees of the last accepted fix;
 * - `distanceM`: haversine path length through the accepted fixes, metres, each step rounded to a
 *   multiple of {@link DISTANCE_QUANTUM_M} so that sums and differences of steps are exact (see there);
 * - `maxReportedMps`: the highest median of {@link TOP_SPEED_WINDOW} consecutive speeds the accepted
 *   fixes reported (m/s), null until that many reported one;
 * - `maxReportedAtMs`: the time (epoch ms) of the last fix of the latest such window with that median,
 *   null while there is none;
 * - `recentReportedMps`: the last (up to {@link TOP_SPEED_WINDOW}) reported speeds, m/s, oldest first;
 * - `maxSegmentMps`: the highest median of {@link TOP_SPEED_WINDOW} consecutive speeds between
 *   consecutive accepted fixes (m/s), 0 until there are that many;
 * - `maxSegmentAtMs`: the time (epoch ms) of the fix that ends the latest such window of speeds with
 *   that median, null while there is none;
 * - `recentSegmentsMps`: the last (up to {@link TOP_SPEED_WINDOW}) speeds between fixes, m/s;
 * - `accepted`: how many fixes were accepted.
 * The `recent…` lists are absent from totals stored before they existed (migration 0019 recomputes
 * every activity's totals); absent reads as empty. The `…AtMs` times are absent from totals stored
 * before them: such totals are folded again from the fixes, never patched (lateFold.ts).
 */
export interface StatsState {
  readonly firstMs: number | null;
  readonly lastMs: number | null;
  readonly lastLat: number;
  readonly lastLon: number;
  readonly distanceM: number;
  readonly maxReportedMps: number | null;
  readonly maxReportedAtMs?: number | null;
  readonly recentReportedMps?: readonly number[];
  readonly maxSegmentMps: number;
  readonly maxSegmentAtMs?: number | null;
  readonly recentSegmentsMps?: readonly number[];
  readonly accepted: number;
}

/** The totals of an activity without accepted fixes. */
export const EMPTY_STATS: StatsState = {
  firstMs: null,
  lastMs: null,
  lastLat: 0,
  lastLon: 0,
  distanceM: 0,
  maxReportedMps: null,
  maxReportedAtMs: null,
  recentReportedMps: [],
  maxSegmentMps: 0,
  maxSegmentAtMs: null,
  recentSegmentsMps: [],
  accepted: 0,
};

/**
 * The unit each step of `distanceM` is rounded to: 2⁻²⁰ m (about 1 µm, so a day of 1 Hz fixes drifts
 * by well under a millimetre). Every multiple of it below 2³³ m (8.6 million km) is a float64 exactly,
 * so adding and subtracting steps never rounds: the distance is the same bits whatever order the steps
 * were summed in. That lets a late fix be folded in by patching the distance around it (lateFold.ts)
 * and still agree exactly with a fold of the whole activity.
 */
export const DISTANCE_QUANTUM_M = 2 ** -20;

/** `meters` rounded to the nearest multiple of {@link DISTANCE_QUANTUM_M}. */
function quantisedMeters(meters: number): number {
  return Math.round(meters / DISTANCE_QUANTUM_M) * DISTANCE_QUANTUM_M;
}

/**
 * Scratch space of {@link medianOf}: the stats fold takes a median at every accepted fix, and a sorted
 * copy per fix was a sixth of the ingest's allocations (docs/decisions.md "Ingest throughput").
 */
const medianScratch = new Float64Array(TOP_SPEED_WINDOW);

/**
 * The median of 1 … {@link TOP_SPEED_WINDOW} numbers (the mean of the middle two of an even count),
 * sorted in a scratch array by a stable insertion sort: the same result as a sorted copy's, without
 * allocating.
 */
function medianOf(values: readonly number[]): number {
  const count = values.length;
  for (let index = 0; index < count; index += 1) {
    const value = values[index] ?? 0;
    let at = index;
    for (; at > 0 && (medianScratch[at - 1] ?? 0) > value; at -= 1) {
      medianScratch[at] = medianScratch[at - 1] ?? 0;
    }
    medianScratch[at] = value;
  }
  const middle = count >> 1;
  return count % 2 === 1
    ? (medianScratch[middle] ?? 0)
    : ((medianScratch[middle - 1] ?? 0) + (medianScratch[middle] ?? 0)) / 2;
}

/** The last {@link TOP_SPEED_WINDOW} of `recent` and then `speedMps`, in one new array. */
function windowWith(recent: readonly number[], speedMps: number): number[] {
  const kept = Math.min(recent.length, TOP_SPEED_WINDOW - 1);
  const next = new Array<number>(kept + 1);
  for (let index = 0; index < kept; index += 1) {
    next[index] = recent[recent.length - kept + index] ?? 0;
  }
  next[kept] = speedMps;
  return next;
}

/**
 * One speed, of the fix at `timeMs`, added to a series' window: the last {@link TOP_SPEED_WINDOW}
 * speeds, the highest median of a full window so far (`max`, m/s; the series' starting value — null,
 * or 0 — until the window is first full) and where the latest window with that median ends (`atMs`;
 * undefined, from totals stored before it was kept, stays so until a window sets it).
 */
function pushSpeed<T extends number | null>(
  recent: readonly number[] | undefined,
  max: T,
  atMs: number | null | undefined,
  speedMps: number,
  timeMs: number,
): { recent: readonly number[]; max: number | T; atMs: number | null | undefined } {
  const next = windowWith(recent ?? [], speedMps);
  if (next.length < TOP_SPEED_WINDOW) return { recent: next, max, atMs };
  const median = medianOf(next);
  return max === null || median >= max
    ? { recent: next, max: median, atMs: timeMs }
    : { recent: next, max, atMs };
}

/**
 * A series' top speed, m/s: the highest median of a full window, or the median of all of it while
 * it is shorter than a window; null for no speeds at all.
 */
function topOf(recent: readonly number[] | undefined, max: number | null): number | null {
  if (!recent || recent.length === 0) return max;
  return recent.length < TOP_SPEED_WINDOW ? medianOf(recent) : max;
}

/**
 * Whether a fix counts for the stats: its accuracy is unknown or at most {@link STATS_MAX_HACC_M}.
 * Inaccurate fixes are still stored and shown in the LocationHistory.
 */
export function isAcceptedFix(fix: Pick<StatsFix, 'hacc'>): boolean {
  return fix.hacc === null || fix.hacc <= STATS_MAX_HACC_M;
}

/**
 * Adds one fix to the totals. Fixes must come in increasing `time`, later than `state.lastMs`; a fix that
 * is not accepted leaves the totals unchanged. Folding the same fixes in the same order always gives
 * bit-identical totals, which is what lets in-order extension and full recomputation agree exactly.
 */
export function accumulateFix(state: StatsState, fix: StatsFix): StatsState {
  if (!isAcceptedFix(fix)) return state;
  const reported =
    fix.speed === null
      ? {
          recent: state.recentReportedMps ?? [],
          max: state.maxReportedMps,
          atMs: state.maxReportedAtMs,
        }
      : pushSpeed(
          state.recentReportedMps,
          state.maxReportedMps,
          state.maxReportedAtMs,
          fix.speed,
          fix.time,
        );
  if (state.lastMs === null) {
    return {
      ...state,
      firstMs: fix.time,
      lastMs: fix.time,
      lastLat: fix.lat,
      lastLon: fix.lon,
      maxReportedMps: reported.max,
      maxReportedAtMs: reported.atMs,
      recentReportedMps: reported.recent,
      maxSegmentAtMs: state.maxSegmentAtMs,
      accepted: 1,
    };
  }
  const step = quantisedMeters(haversineMeters({ lat: state.lastLat, lon: state.lastLon }, fix));
  const seconds = (fix.time - state.lastMs) / 1000;
  const segments =
    seconds > 0
      ? pushSpeed(
          state.recentSegmentsMps,
          state.maxSegmentMps,
          state.maxSegmentAtMs,
          step / seconds,
          fix.time,
        )
      : {
          recent: state.recentSegmentsMps ?? [],
          max: state.maxSegmentMps,
          atMs: state.maxSegmentAtMs,
        };
  return {
    firstMs: state.firstMs,
    lastMs: fix.time,
    lastLat: fix.lat,
    lastLon: fix.lon,
    distanceM: state.distanceM + step,
    maxReportedMps: reported.max,
    maxReportedAtMs: reported.atMs,
    recentReportedMps: reported.recent,
    maxSegmentMps: segments.max,
    maxSegmentAtMs: segments.atMs,
    recentSegmentsMps: segments.recent,
    accepted: state.accepted + 1,
  };
}

/** The totals of `fixes` (sorted by time) folded onto `state` (default: none yet). */
export function accumulateFixes(
  fixes: readonly StatsFix[],
  state: StatsState = EMPTY_STATS,
): StatsState {
  let totals = state;
  for (const fix of fixes) totals = accumulateFix(totals, fix);
  return totals;
}

/** The ActivityStats columns of `activities` (metres, milliseconds, m/s). */
export interface ActivityStatsColumns {
  readonly distance_m: number;
  readonly duration_ms: number;
  readonly speed_avg_mps: number;
  readonly speed_max_mps: number;
}

/**
 * The ActivityStats (application-behaviour §3) of the totals:
 * - `distance_m`: Distance in metres (haversine, R = 6372.8 km, app §9) over the accepted fixes;
 * - `duration_ms`: DurationMs, last accepted fix − first accepted fix;
 * - `speed_avg_mps`: SpeedAvgMPS, distance / duration (0 for a zero duration);
 * - `speed_max_mps`: SpeedMaxMPS, the top speed the accepted fixes reported — the highest median of
 *   {@link TOP_SPEED_WINDOW} consecutive reported speeds (the median of them all while fewer) —, or,
 *   when none reported a speed, the same of the speeds between consecutive accepted fixes. Never
 *   below the average: a device that under-reports its speed (or reports it for a few fixes only)
 *   would otherwise show a maximum slower than the average, which no movement has.
 */
export function statsColumns(state: StatsState): ActivityStatsColumns {
  const durationMs =
    state.firstMs === null || state.lastMs === null ? 0 : state.lastMs - state.firstMs;
  const speedAvgMps = durationMs > 0 ? state.distanceM / (durationMs / 1000) : 0;
  return {
    distance_m: state.distanceM,
    duration_ms: durationMs,
    speed_avg_mps: speedAvgMps,
    speed_max_mps: Math.max(
      topOf(state.recentReportedMps, state.maxReportedMps) ??
        topOf(state.recentSegmentsMps, state.maxSegmentMps) ??
        0,
      speedAvgMps,
    ),
  };
}
