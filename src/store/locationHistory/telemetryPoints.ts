import type { LocationPoint } from '../../api/entities/location';
import type { TelemetryWearerUpdate } from '../../api/socket';

/**
 * The points of `updates` (one animation frame's TelemetryWearerUpdates, spec app §7) grouped by
 * ActivityId: each activity's points concatenated in the order the updates arrived (the track sorts
 * late points in). Updates without an activity or without points contribute nothing. Shape:
 * `{ [ActivityId]: LocationPoint[] }`.
 */
export function mergeByActivity(
  updates: readonly TelemetryWearerUpdate[],
): Record<number, LocationPoint[]> {
  const byActivity: Record<number, LocationPoint[]> = {};
  for (const { ActivityId, Points } of updates) {
    if (ActivityId === null || Points.length === 0) continue;
    const points = (byActivity[ActivityId] ??= []);
    for (const point of Points) points.push(point);
  }
  return byActivity;
}

/** A heart rate a TelemetryWearerUpdate reported for one of its activity's fixes. */
export interface FixHeartRate {
  readonly activityId: number;
  /** The fix's device time, epoch ms (`HeartRateTime`). */
  readonly time: number;
  /** Beats per minute. */
  readonly bpm: number;
}

/**
 * The heart rates `updates` report with their fix's time (`HeartRate` at `HeartRateTime`, spec app §7
 * TelemetryWearerUpdate; docs/decisions.md "Heart rate"), in arrival order. Most name a fix of the
 * same update, whose point already carries them; a reading that came after its fix (a late VITALS)
 * names an earlier one. Updates without an activity, a reading or its time contribute nothing.
 */
export function heartRatesOf(updates: readonly TelemetryWearerUpdate[]): FixHeartRate[] {
  const readings: FixHeartRate[] = [];
  for (const { ActivityId, HeartRate, HeartRateTime } of updates) {
    if (ActivityId === null || HeartRate == null || HeartRateTime == null) continue;
    readings.push({ activityId: ActivityId, time: HeartRateTime, bpm: HeartRate });
  }
  return readings;
}
