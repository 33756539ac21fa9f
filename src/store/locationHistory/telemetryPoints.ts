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
