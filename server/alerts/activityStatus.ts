import type { ActivityStatus, AlertCloseState, AlertType, Severity } from '../../src/api/enums';

/*
 * The activity status follows its alerts (issue 5 item 3; app §4 "Activity statuses", policy §3).
 */

/** An alert of the activity as the status rule sees it. */
export interface StatusAlert {
  readonly type: AlertType;
  readonly severity: Severity;
  readonly closeState: AlertCloseState;
}

/** Severity from which an open alert puts the activity in ALERT (Warning, app §3). */
export const ALERT_STATUS_SEVERITY = 3;

/**
 * The status of an activity from whether it is still open and its alerts:
 * - an open ASSISTANCE alert → ASSISTANCE; else an open MANUAL → MANUAL; else any open alert of
 *   severity Warning or above → ALERT — whether or not the activity has ended, so a wearer who went
 *   silent after pressing SOS still shows ASSISTANCE;
 * - else, while open: RESOLVED when a person (the wearer, a guardian or an operator) closed an alert
 *   of severity Warning or above, ACTIVE otherwise;
 * - else COMPLETE.
 */
export function activityStatus(open: boolean, alerts: readonly StatusAlert[]): ActivityStatus {
  const openAlerts = alerts.filter((alert) => alert.closeState === 'OPEN');
  if (openAlerts.some((alert) => alert.type === 'ASSISTANCE')) return 'ASSISTANCE';
  if (openAlerts.some((alert) => alert.type === 'MANUAL')) return 'MANUAL';
  if (openAlerts.some((alert) => alert.severity >= ALERT_STATUS_SEVERITY)) return 'ALERT';
  if (!open) return 'COMPLETE';
  const resolvedByPerson = alerts.some(
    (alert) =>
      alert.severity >= ALERT_STATUS_SEVERITY &&
      (alert.closeState === 'CLOSED_BY_USER' || alert.closeState === 'CLOSED_BY_OPERATOR'),
  );
  return resolvedByPerson ? 'RESOLVED' : 'ACTIVE';
}
