/**
 * How fresh a wearer's live data is (issue 8 item 2: "the age of the last fix shown plainly and the
 * expected next report, so a guardian never mistakes stale data for live"; docs/share-viewing.md
 * "Data age"). Pure: the caller passes the clock.
 *
 * - `live`: the newest fix is no older than the expected interval plus a grace period;
 * - `late`: a report or two was missed (up to {@link LATE_INTERVALS} intervals plus the grace);
 * - `stale`: longer than that — the map shows where the wearer was, not where they are;
 * - `none`: no fix yet.
 */
export type Freshness = 'live' | 'late' | 'stale' | 'none';

/** The data age as a screen shows it. Times epoch ms, durations ms. */
export interface DataAge {
  readonly freshness: Freshness;
  /** now − device time of the newest fix, ms (never negative: a device clock ahead counts as 0). */
  readonly ageMs: number | null;
  /** The reporting interval the estimate uses, ms. */
  readonly intervalMs: number;
  /** When the next report is due: newest fix + interval, epoch ms; null without a fix. */
  readonly nextReportAt: number | null;
  /**
   * The last moment (epoch ms) at which `freshness` still holds as the clock moves on from `now`
   * (it only ages: live, late, then stale); Infinity when it never changes (stale, or no fix). A
   * screen that judged the freshness at `now` needs to judge it again only past this moment.
   */
  readonly freshnessUntil: number;
}

/**
 * The interval assumed before two fixes were seen, ms: Traccar Client's and our watches' default
 * reporting interval (design decision).
 */
export const DEFAULT_REPORT_INTERVAL_MS = 60_000;
/** Network and processing delay tolerated on top of the interval, ms (at least 15 s or half of it). */
export const MIN_REPORT_GRACE_MS = 15_000;
/** Beyond this many intervals (plus the grace) without a fix the data is stale. */
export const LATE_INTERVALS = 3;

/** The median of the recent gaps between fixes, ms; the default interval without any. */
export function reportingInterval(recentIntervalsMs: readonly number[]): number {
  const gaps = recentIntervalsMs.filter((gap) => gap > 0).sort((a, b) => a - b);
  if (gaps.length === 0) return DEFAULT_REPORT_INTERVAL_MS;
  const middle = gaps.length >> 1;
  return gaps.length % 2 === 1
    ? (gaps[middle] ?? DEFAULT_REPORT_INTERVAL_MS)
    : ((gaps[middle - 1] ?? 0) + (gaps[middle] ?? 0)) / 2;
}

/**
 * The {@link DataAge} of a wearer whose newest fix has device time `lastFixTime` (epoch ms, null
 * without one) at `now` (epoch ms), given the recent gaps between its fixes (ms).
 */
export function dataAge(
  lastFixTime: number | null,
  recentIntervalsMs: readonly number[],
  now: number,
): DataAge {
  const intervalMs = reportingInterval(recentIntervalsMs);
  if (lastFixTime === null) {
    return {
      freshness: 'none',
      ageMs: null,
      intervalMs,
      nextReportAt: null,
      freshnessUntil: Infinity,
    };
  }
  const ageMs = Math.max(0, now - lastFixTime);
  const grace = Math.max(MIN_REPORT_GRACE_MS, intervalMs / 2);
  const liveUntil = lastFixTime + intervalMs + grace;
  const lateUntil = lastFixTime + LATE_INTERVALS * intervalMs + grace;
  // A fix stamped after `now` (a device clock ahead) reads as age 0: live, as `now` is before liveUntil.
  const freshness: Freshness = now <= liveUntil ? 'live' : now <= lateUntil ? 'late' : 'stale';
  return {
    freshness,
    ageMs,
    intervalMs,
    nextReportAt: lastFixTime + intervalMs,
    freshnessUntil: freshness === 'live' ? liveUntil : freshness === 'late' ? lateUntil : Infinity,
  };
}

/**
 * An age under this reads "just now", ms: a wearer reporting every second or two is not shown
 * counting "0 s, 1 s, 0 s ago" (noise to the eye, and a polite live region announcing every second).
 */
export const AGE_JUST_NOW_MS = 5_000;

/**
 * Reporting intervals shorter than this show no countdown to the next report, ms: "next report in
 * 1 s" would change with every fix. The line says how often the wearer reports instead.
 */
export const COUNTDOWN_MIN_INTERVAL_MS = 10_000;

/**
 * Whether a data-age line has nothing that counts: the newest fix is under {@link AGE_JUST_NOW_MS}
 * old and the wearer reports more often than every {@link COUNTDOWN_MIN_INTERVAL_MS}, so the line
 * reads "live, just now, reporting every N s" until a report is missed (docs/share-viewing.md "Data
 * age").
 */
export function isAgeQuiet(age: DataAge): boolean {
  return (
    age.ageMs !== null && age.ageMs < AGE_JUST_NOW_MS && age.intervalMs < COUNTDOWN_MIN_INTERVAL_MS
  );
}

/** How often a counting data-age line re-reads the clock, ms (its texts are in whole seconds). */
export const AGE_TICK_MS = 1_000;

/**
 * When a data-age line shown at `now` (epoch ms) must read the clock again, epoch ms; null when its
 * text can no longer change by itself (no fix yet). A quiet line ({@link isAgeQuiet}) waits until its
 * fix is {@link AGE_JUST_NOW_MS} old — the freshness cannot change before, as its grace is at least
 * {@link MIN_REPORT_GRACE_MS} — so a wearer reporting every second costs the viewer no frame between
 * fixes; a counting line reads it every {@link AGE_TICK_MS}.
 *
 * @param lastFixTime device time of the newest fix, epoch ms; null without one.
 */
export function nextAgeReadAt(
  lastFixTime: number | null,
  age: DataAge,
  now: number,
): number | null {
  if (lastFixTime === null || age.ageMs === null) return null;
  return isAgeQuiet(age) ? lastFixTime + AGE_JUST_NOW_MS : now + AGE_TICK_MS;
}
