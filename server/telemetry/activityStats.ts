import { haversineMeters } from '../../src/api/geo/haversine';

/**
 * Largest horizontal accuracy radius, in metres, of a fix the ActivityStats trust. GNSS fixes are
 * typically 3–30 m; Wi-Fi and cell positions (50 m to kilometres) jump around and would inflate the
 * distance. A fix that reports no accuracy at all (GPX replays, many watches) is trusted: excluding it
 * would leave every such track without a distance. Spec app §9 only says "an accuracy over 1,000,000 is
 * too poor".
 */
export const STATS_MAX_HACC_M = 50;

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
 * - `distanceM`: haversine path length through the accepted fixes, metres;
 * - `maxReportedMps`: the highest speed an accepted fix reported (m/s), null when none reported one;
 * - `maxSegmentMps`: the highest speed between consecutive accepted fixes (m/s);
 * - `accepted`: how many fixes were accepted.
 */
export interface StatsState {
  readonly firstMs: number | null;
  readonly lastMs: number | null;
  readonly lastLat: number;
  readonly lastLon: number;
  readonly distanceM: number;
  readonly maxReportedMps: number | null;
  readonly maxSegmentMps: number;
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
  maxSegmentMps: 0,
  accepted: 0,
};

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
  const maxReportedMps =
    fix.speed === null ? state.maxReportedMps : Math.max(state.maxReportedMps ?? 0, fix.speed);
  if (state.lastMs === null) {
    return {
      ...state,
      firstMs: fix.time,
      lastMs: fix.time,
      lastLat: fix.lat,
      lastLon: fix.lon,
      maxReportedMps,
      accepted: 1,
    };
  }
  const step = haversineMeters({ lat: state.lastLat, lon: state.lastLon }, fix);
  const seconds = (fix.time - state.lastMs) / 1000;
  return {
    firstMs: state.firstMs,
    lastMs: fix.time,
    lastLat: fix.lat,
    lastLon: fix.lon,
    distanceM: state.distanceM + step,
    maxReportedMps,
    maxSegmentMps:
      seconds > 0 ? Math.max(state.maxSegmentMps, step / seconds) : state.maxSegmentMps,
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
 * - `speed_max_mps`: SpeedMaxMPS, the highest reported speed of an accepted fix; when no accepted fix
 *   reported a speed, the highest speed between consecutive accepted fixes. Never below the average:
 *   a device that under-reports its speed (or reports it for a few fixes only) would otherwise show
 *   a maximum slower than the average, which no movement has.
 */
export function statsColumns(state: StatsState): ActivityStatsColumns {
  const durationMs =
    state.firstMs === null || state.lastMs === null ? 0 : state.lastMs - state.firstMs;
  const speedAvgMps = durationMs > 0 ? state.distanceM / (durationMs / 1000) : 0;
  return {
    distance_m: state.distanceM,
    duration_ms: durationMs,
    speed_avg_mps: speedAvgMps,
    speed_max_mps: Math.max(state.maxReportedMps ?? state.maxSegmentMps, speedAvgMps),
  };
}
