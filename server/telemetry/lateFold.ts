import {
  accumulateFixes,
  DISTANCE_QUANTUM_M,
  isAcceptedFix,
  TOP_SPEED_WINDOW,
  type StatsFix,
  type StatsState,
} from './activityStats';

/*
 * Late fixes folded into an open activity's totals by reading only the fixes around them (issue 5
 * item 2; docs/decisions.md "Ingest throughput"). A phone that lost signal re-sends what it kept, so
 * fixes arrive out of order all day; folding the whole activity again for each costs its whole
 * timeline — 21,600 fixes six hours into a 1 Hz activity — where a late fix changes only its
 * neighbourhood: the step it splits and the few speed windows that span it. The answer is exactly the
 * totals a fold of the whole activity gives (activityStats.ts `DISTANCE_QUANTUM_M` makes the distance
 * exact), or null when the neighbourhood cannot tell and the caller folds the whole activity.
 */

/**
 * How many of the activity's fixes the neighbourhood holds on each side of the new ones (any accuracy,
 * with or without a speed): enough for the {@link TOP_SPEED_WINDOW} speeds around a new fix, with room
 * for a few untrusted or speedless fixes among them.
 */
export const NEIGHBOURHOOD_FIXES = 16;

/**
 * An open activity's fixes around the late fixes just stored under it:
 * - `fixes`: every fix of the activity from the {@link NEIGHBOURHOOD_FIXES}-th before the first new
 *   one to the {@link NEIGHBOURHOOD_FIXES}-th after the last new one (all between them included), by
 *   increasing `time`;
 * - `newTimes`: the device times (epoch ms) of the fixes just stored, all inside `fixes`;
 * - `reachesStart`, `reachesEnd`: `fixes` begins at the activity's first fix (fewer than
 *   {@link NEIGHBOURHOOD_FIXES} came before the new ones), ends at its last fix.
 */
export interface LateFixNeighbourhood {
  readonly fixes: readonly StatsFix[];
  readonly newTimes: ReadonlySet<number>;
  readonly reachesStart: boolean;
  readonly reachesEnd: boolean;
}

/** A top-speed series as the state keeps it: its maximum, where it is, and its last speeds. */
interface SeriesTotals {
  readonly max: number | null;
  readonly atMs: number | null | undefined;
  readonly recent: readonly number[] | undefined;
}

/**
 * One top-speed series of the neighbourhood: the device times of its old and its new elements (the
 * fix each speed belongs to, by increasing time), and how many elements one window spans back from its
 * last (the fixes a window of {@link TOP_SPEED_WINDOW} speeds covers, minus one).
 */
interface SeriesTimes {
  readonly oldTimes: readonly number[];
  readonly newTimes: readonly number[];
  readonly windowBack: number;
}

/**
 * The series' totals after the new elements, or null when the neighbourhood cannot tell:
 * - the old window with the top speed (ending at `old.atMs`) must still exist — no new element inside
 *   it —, else a lower window may now be the top and only the whole series knows which;
 * - every window with a new element must lie inside the neighbourhood (enough old elements on each
 *   side, or the activity's end), and so must the last {@link TOP_SPEED_WINDOW} speeds when they
 *   change.
 * Then the top is the larger of the old top and the top of the neighbourhood's windows (`near`), the
 * latest window on a tie, as the whole fold keeps it.
 */
function foldSeries(
  old: SeriesTotals,
  near: SeriesTotals,
  series: SeriesTimes,
  around: LateFixNeighbourhood,
): SeriesTotals | null {
  const first = series.newTimes[0];
  const last = series.newTimes.at(-1);
  if (first === undefined || last === undefined) return old;
  const topAtMs = old.atMs;
  if (topAtMs === undefined || topAtMs === null || (old.recent?.length ?? 0) < TOP_SPEED_WINDOW) {
    return null;
  }
  const before = series.oldTimes.filter((time) => time < first).length;
  const after = series.oldTimes.filter((time) => time > last).length;
  const needed = series.windowBack + 1;
  if ((!around.reachesStart && before < needed) || (!around.reachesEnd && after < needed)) {
    return null;
  }
  if (topAtMs > first) {
    const end = series.oldTimes.indexOf(topAtMs);
    if (end === -1) {
      // Past the neighbourhood, the top window starts after every new element (`needed` old ones
      // follow them there); inside it, the window must end at one of its old elements.
      if (around.reachesEnd || topAtMs <= (series.oldTimes.at(-1) ?? -Infinity)) return null;
    } else {
      const start = series.oldTimes[end - series.windowBack] ?? -Infinity;
      if (series.newTimes.some((time) => time > start && time < topAtMs)) return null;
    }
  }
  const recent = around.reachesEnd ? near.recent : old.recent;
  if (near.max === null || (old.max !== null && old.max > near.max)) {
    return { max: old.max, atMs: topAtMs, recent };
  }
  if (old.max === near.max) {
    // The latest window with the top median decides, to the bit (0 and −0 are equal here).
    const nearIsLater = (near.atMs ?? -Infinity) > topAtMs;
    return nearIsLater
      ? { max: near.max, atMs: near.atMs, recent }
      : { max: old.max, atMs: topAtMs, recent };
  }
  return { max: near.max, atMs: near.atMs, recent };
}

/**
 * The totals of an open activity after its late fixes `around.newTimes` were stored: `state`, the
 * totals before them (activityStats.ts), patched from the neighbourhood alone — the distance by the
 * steps that changed, the top speeds by the windows that changed, the count by the new trusted fixes.
 * Answers exactly what {@link accumulateFixes} of all the activity's fixes answers, or null when the
 * neighbourhood cannot tell (the old top-speed window was split, too few fixes on a side, totals
 * stored before the `…AtMs` times or the quantised distance existed): the caller then folds the whole
 * activity. A neighbourhood that is the whole activity is folded as it is. Pure; no I/O.
 */
export function foldLateFixes(state: StatsState, around: LateFixNeighbourhood): StatsState | null {
  const near = accumulateFixes(around.fixes);
  if (around.reachesStart && around.reachesEnd) return near;
  const older = state.maxReportedAtMs === undefined || state.maxSegmentAtMs === undefined;
  const quantised =
    Math.round(state.distanceM / DISTANCE_QUANTUM_M) * DISTANCE_QUANTUM_M === state.distanceM;
  if (older || !quantised) return null;
  const trusted = around.fixes.filter(isAcceptedFix);
  const isNew = (fix: StatsFix) => around.newTimes.has(fix.time);
  const added = trusted.filter(isNew);
  if (added.length === 0) return state;
  const oldTrusted = trusted.filter((fix) => !isNew(fix));
  const times = (fixes: readonly StatsFix[]) => fixes.map((fix) => fix.time);
  const withSpeed = (fixes: readonly StatsFix[]) => fixes.filter((fix) => fix.speed !== null);
  const reported = foldSeries(
    {
      max: state.maxReportedMps,
      atMs: state.maxReportedAtMs,
      recent: state.recentReportedMps,
    },
    { max: near.maxReportedMps, atMs: near.maxReportedAtMs, recent: near.recentReportedMps },
    {
      oldTimes: times(withSpeed(oldTrusted)),
      newTimes: times(withSpeed(added)),
      windowBack: TOP_SPEED_WINDOW - 1,
    },
    around,
  );
  const segments = foldSeries(
    { max: state.maxSegmentMps, atMs: state.maxSegmentAtMs, recent: state.recentSegmentsMps },
    { max: near.maxSegmentMps, atMs: near.maxSegmentAtMs, recent: near.recentSegmentsMps },
    { oldTimes: times(oldTrusted), newTimes: times(added), windowBack: TOP_SPEED_WINDOW },
    around,
  );
  if (reported === null || segments === null) return null;
  const nearBefore = accumulateFixes(oldTrusted);
  const ends = around.reachesEnd ? near : state;
  return {
    firstMs: around.reachesStart ? near.firstMs : state.firstMs,
    lastMs: ends.lastMs,
    lastLat: ends.lastLat,
    lastLon: ends.lastLon,
    distanceM: state.distanceM + (near.distanceM - nearBefore.distanceM),
    maxReportedMps: reported.max,
    maxReportedAtMs: reported.atMs,
    recentReportedMps: reported.recent,
    maxSegmentMps: segments.max ?? 0,
    maxSegmentAtMs: segments.atMs,
    recentSegmentsMps: segments.recent,
    accepted: state.accepted + added.length,
  };
}
