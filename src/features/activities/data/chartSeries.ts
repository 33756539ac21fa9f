import type { Units } from '../../../api/entities/client';
import type { SpeedUnit } from '../../../api/enums';
import type { TrackColumns } from '../../../store/locationHistory/columnViews';
import {
  KMH_PER_MPS,
  KTS_PER_MPS,
  METRES_PER_FOOT,
  MPH_PER_MPS,
  UNIT_KEYS,
  type UnitKey,
} from '../../../ui/format';
import { pointSpeeds } from '../../../ui/map/trackAttributes';

/**
 * One chart line of the Data tab: `x` epoch ms ascending, `y` the value at that time in the member's
 * unit (see {@link ChartUnit}); both the same length, no NaN (unknown readings are left out). Typed
 * arrays, so uPlot takes them as its `AlignedData` without a copy.
 */
export interface ChartSeries {
  readonly x: Float64Array;
  readonly y: Float64Array;
}

/**
 * How a chart shows a quantity in the member's units: `factor` converts the stored SI value (m/s,
 * m, bpm) to the shown one, `unit` is the unit label's translation key, `decimals` what the
 * formatting module rounds it to (src/ui/format: speed 1 decimal, altitude and heart rate whole).
 */
export interface ChartUnit {
  readonly factor: number;
  readonly unit: UnitKey;
  readonly decimals: number;
}

/** The Data tab's units: speed (from m/s), altitude (from m), heart rate (bpm). */
export interface ChartUnits {
  readonly speed: ChartUnit;
  readonly altitude: ChartUnit;
  readonly heartRate: ChartUnit;
}

/**
 * The Data tab's charts (issue 7 item 3): speed, altitude and heart rate over time from the columnar
 * location history, in the member's units (heart rate from the points' `HeartRate`, Lifeline's
 * extension of spec §3 "Activity detail": docs/activities.md "Data"). A series is null when the track
 * has no known value of it.
 */
export interface ActivityChartData {
  readonly speed: ChartSeries | null;
  readonly altitude: ChartSeries | null;
  readonly heartRate: ChartSeries | null;
  readonly units: ChartUnits;
}

/**
 * Buckets a chart keeps at most: each keeps its lowest and highest reading, so a line holds at most
 * twice this many points — more than the pixels of a chart's width, and uPlot draws it in a frame
 * even for a 600,000-point week (docs/store-performance.md).
 */
export const CHART_MAX_BUCKETS = 2_000;

const SPEED_FACTORS: Readonly<Record<SpeedUnit, { factor: number; unit: UnitKey }>> = {
  'km/h': { factor: KMH_PER_MPS, unit: UNIT_KEYS.kmh },
  mph: { factor: MPH_PER_MPS, unit: UNIT_KEYS.mph },
  kts: { factor: KTS_PER_MPS, unit: UNIT_KEYS.kts },
};

/**
 * The chart units of `units` (app §3 "Units defaults"), with the conversion constants of the one
 * formatting module (src/ui/format) and its rules: speed in km/h, mph or kts with 1 decimal;
 * altitude in whole metres, or whole feet when the height unit is `in` (as `formatAltitude`);
 * heart rate in whole bpm.
 */
export function chartUnits(units: Units): ChartUnits {
  return {
    speed: { ...SPEED_FACTORS[units.Speed], decimals: 1 },
    altitude:
      units.Height === 'in'
        ? { factor: 1 / METRES_PER_FOOT, unit: UNIT_KEYS.ft, decimals: 0 }
        : { factor: 1, unit: UNIT_KEYS.m, decimals: 0 },
    heartRate: { factor: 1, unit: UNIT_KEYS.bpm, decimals: 0 },
  };
}

/**
 * `y` over `x` with NaN readings left out and, when more than `2 × maxBuckets` remain possible,
 * reduced to the lowest and highest reading of each of `maxBuckets` equal index ranges (kept in time
 * order), so peaks and dips survive the reduction; each `y` is multiplied by `factor`. O(n).
 * @param x epoch ms, ascending; @param y readings, NaN for unknown; same length as `x`.
 * @throws RangeError when `maxBuckets` is not a positive integer.
 */
export function downsampleMinMax(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  maxBuckets: number,
  factor = 1,
): ChartSeries {
  if (!Number.isSafeInteger(maxBuckets) || maxBuckets < 1) {
    throw new RangeError(`maxBuckets must be a positive integer, got ${maxBuckets}`);
  }
  const n = Math.min(x.length, y.length);
  const bucket = n <= 2 * maxBuckets ? 1 : Math.ceil(n / maxBuckets);
  const outX: number[] = [];
  const outY: number[] = [];
  const keep = (i: number) => {
    outX.push(x[i] ?? 0);
    outY.push((y[i] ?? 0) * factor);
  };
  for (let from = 0; from < n; from += bucket) {
    const to = Math.min(n, from + bucket);
    let low = -1;
    let high = -1;
    for (let i = from; i < to; i += 1) {
      const value = y[i] ?? Number.NaN;
      if (Number.isNaN(value)) continue;
      if (low < 0 || value < (y[low] ?? 0)) low = i;
      if (high < 0 || value > (y[high] ?? 0)) high = i;
    }
    if (low < 0) continue;
    keep(Math.min(low, high));
    if (low !== high) keep(Math.max(low, high));
  }
  return { x: Float64Array.from(outX), y: Float64Array.from(outY) };
}

function seriesOrNull(series: ChartSeries): ChartSeries | null {
  return series.x.length === 0 ? null : series;
}

/**
 * The Data tab's series of a track (issue 7 item 3): speed — the device's speed, or where it gave
 * none the speed between fixes (`pointSpeeds`, haversine R = 6372.8 km) — altitude and heart rate
 * (bpm, the points that have one), each downsampled to at most `2 × maxBuckets` points and converted
 * to the member's `units`. Pure; O(n) in the track's points.
 */
export function activityChartData(
  columns: TrackColumns,
  units: Units,
  maxBuckets = CHART_MAX_BUCKETS,
): ActivityChartData {
  const shown = chartUnits(units);
  return {
    speed: seriesOrNull(
      downsampleMinMax(columns.time, pointSpeeds(columns), maxBuckets, shown.speed.factor),
    ),
    altitude: seriesOrNull(
      downsampleMinMax(columns.time, columns.alt, maxBuckets, shown.altitude.factor),
    ),
    heartRate: seriesOrNull(
      downsampleMinMax(columns.time, columns.heartRate, maxBuckets, shown.heartRate.factor),
    ),
    units: shown,
  };
}
