import type { ActivityDetail } from '../../api/entities/activity';
import type { LoadedDetail } from './activityEvents';

/**
 * An activity detail as the details slice keeps it (spec §3 "Activity detail", normalized per
 * ARCHITECTURE.md §4): the summary's fields, Timeline and SplitsSettings, with its alerts as ids
 * (`AlertIDs`; the alerts themselves are in the alerts slice) and without `LocationHistory` (kept
 * columnar by the location-history slice, which receives it as `historyLoaded`).
 */
export type ActivityDetailRecord = Omit<ActivityDetail, 'LocationHistory' | 'Alerts'> & {
  readonly AlertIDs: readonly number[];
};

/** The record of a loaded detail (member-wearer-activity-detail `Activity` without its history). */
export function toDetailRecord(detail: LoadedDetail): ActivityDetailRecord {
  const { Alerts: alerts, ...rest } = detail;
  return { ...rest, AlertIDs: (alerts ?? []).map((alert) => alert.AlertID) };
}
