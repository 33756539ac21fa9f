import type { Selectable } from 'kysely';
import type { ActivitySummary } from '../../src/api/entities/activity';
import type { LocationPoint } from '../../src/api/entities/location';
import { SplitsSettings } from '../../src/api/entities/splits';
import { ActivityStatus, ActivityType } from '../../src/api/enums';
import type { ActivitiesTable, LocationPointsTable } from '../db/schema';

/** The `activities` columns a summary reads. */
export type ActivityRow = Pick<
  Selectable<ActivitiesTable>,
  | 'activity_id'
  | 'activity_type'
  | 'status'
  | 'timestamp_start_ms'
  | 'timestamp_end_ms'
  | 'distance_m'
  | 'duration_ms'
  | 'speed_avg_mps'
  | 'speed_max_mps'
  | 'heart_rate_sum'
  | 'heart_rate_count'
>;

/** The `activities` columns of {@link ActivityRow}, for `select`. */
export const ACTIVITY_COLUMNS = [
  'activity_id',
  'activity_type',
  'status',
  'timestamp_start_ms',
  'timestamp_end_ms',
  'distance_m',
  'duration_ms',
  'speed_avg_mps',
  'speed_max_mps',
  'heart_rate_sum',
  'heart_rate_count',
] as const;

/** The `location_points` columns a LocationHistory point reads. */
export type PointRow = Pick<
  Selectable<LocationPointsTable>,
  'device_time_ms' | 'lon' | 'lat' | 'hacc' | 'alt' | 'speed_mps' | 'heart_rate_bpm'
>;

/**
 * The average heart rate of an activity in beats per minute: the mean of the heart rates of its
 * fixes that have one (`heart_rate_sum` / `heart_rate_count`, migration 0017), unrounded (the client
 * shows whole beats); null when none has one.
 */
export function heartRateAvgBpm(
  row: Pick<ActivityRow, 'heart_rate_sum' | 'heart_rate_count'>,
): number | null {
  return row.heart_rate_count > 0 ? row.heart_rate_sum / row.heart_rate_count : null;
}

/**
 * An `activities` row as an ActivitySummary (application-behaviour §3): `Distance.Meters` and
 * `Distance.Displayed` are both `distance_m` (metres over the trusted fixes; the table keeps one
 * distance), `Type` 'GNSS'. `HeartRateAvgBPM` ({@link heartRateAvgBpm}, beats per minute) is left out
 * when no fix has a heart rate, like a point's `HeartRate`. A stored type or status outside the
 * contract's enums (a row written by an older build) reads as OTHER and no Status rather than failing
 * the whole list.
 */
export function toActivitySummary(row: ActivityRow): ActivitySummary {
  const type = ActivityType.safeParse(row.activity_type);
  const status = ActivityStatus.safeParse(row.status);
  const heartRate = heartRateAvgBpm(row);
  return {
    ActivityId: row.activity_id,
    ActivityType: type.success ? type.data : 'OTHER',
    TimestampStart: row.timestamp_start_ms,
    TimestampEnd: row.timestamp_end_ms,
    ActivityStats: {
      Distance: { Displayed: row.distance_m, Meters: row.distance_m, Type: 'GNSS' },
      DurationMs: row.duration_ms,
      SpeedAvgMPS: row.speed_avg_mps,
      SpeedMaxMPS: row.speed_max_mps,
      ...(heartRate === null ? {} : { HeartRateAvgBPM: heartRate }),
    },
    ...(status.success ? { Status: status.data } : {}),
  };
}

/**
 * A `location_points` row as a LocationHistory point (application-behaviour §3 "Activity detail"):
 * Time epoch ms (device time), X longitude and Y latitude in degrees, Hacc m, Alt m, Speed m/s, and
 * Lifeline's `HeartRate` in beats per minute — left out when unknown, so a history without heart
 * rate is no larger than before (a 605,000-point week would carry 10 MB of `"HeartRate":null`).
 */
export function toLocationPoint(row: PointRow): LocationPoint {
  const point: LocationPoint = {
    Time: row.device_time_ms,
    X: row.lon,
    Y: row.lat,
    Hacc: row.hacc,
    Alt: row.alt,
    Speed: row.speed_mps,
  };
  if (row.heart_rate_bpm !== null) point.HeartRate = row.heart_rate_bpm;
  return point;
}

/** The stored `splits_settings` as SplitsSettings, or null when never set or unreadable. */
export function toSplitsSettings(stored: unknown): SplitsSettings | null {
  const parsed = SplitsSettings.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
