import type { ActivityType } from '../../src/api/enums';

/**
 * Activity types done on or in the water (app §3 activity types): an alert during one of them whose
 * position is unknown counts as an on-water alert for rescue routing (policy §1;
 * server/alerts/rescueRouting.ts). Coasteering and sea hiking move between rock and sea and count as
 * water; fishing may be from a shore or a boat and does not.
 */
export const WATER_ACTIVITY_TYPES: ReadonlySet<ActivityType> = new Set<ActivityType>([
  'BOATING',
  'CANOEING',
  'COASTEERING',
  'JET_SKIING',
  'KAYAKING',
  'KITE_SURFING',
  'ROWING',
  'SAILING',
  'SEA_HIKING',
  'SUP',
  'SURFING',
  'SWIMMING',
  'WAKEBOARDING',
  'WIND_SURFING',
  'WINGFOILING',
]);

/** Whether `activityType` (any string; unknown ones are not) is a {@link WATER_ACTIVITY_TYPES} type. */
export function isWaterActivity(activityType: string | null): boolean {
  return WATER_ACTIVITY_TYPES.has(activityType as ActivityType);
}
