import type { TFunction } from 'i18next';
import type { Alert } from '../../api/entities/alert';

/** Who looks at an alert: the member's own pages, a guardian's share view, or an operator's. */
export type AlertViewer = 'member' | 'guardian' | 'operator';

/**
 * Whether a closed alert's close state is shown to `viewer` (app §4 "Alert close states": Open,
 * Closed, Closed by User, Closed by Operator — "hidden in the operator view" —, Closed by System). An
 * open alert has no close state to show.
 */
export function alertClosureShown(alert: Pick<Alert, 'CloseState'>, viewer: AlertViewer): boolean {
  if (alert.CloseState === 'OPEN') return false;
  return !(viewer === 'operator' && alert.CloseState === 'CLOSED_BY_OPERATOR');
}

/**
 * How a closed alert ended, in the viewer's language (app §4 "Alert close states", "Alert closure
 * reasons"): the close state ("Closed by user"), then who closed it — their name and role, "Anna
 * (guardian)" — and the system's reason ("Metric back to normal"), e.g. "Closed by system: Metric
 * back to normal". The resolver's own words (`ResolveText`) are not part of it. Null for an open
 * alert, and for a close state hidden from `viewer` ({@link alertClosureShown}).
 */
export function alertClosureText(
  t: TFunction,
  alert: Pick<Alert, 'CloseState' | 'ClosureReason' | 'ClosedByActorType' | 'ClosedByName'>,
  viewer: AlertViewer,
): string | null {
  if (!alertClosureShown(alert, viewer)) return null;
  const state = t(`Alerts.CloseState.${alert.CloseState}`);
  const role = alert.ClosedByActorType ? t(`Alerts.Actor.${alert.ClosedByActorType}`) : null;
  const name = alert.ClosedByName?.trim() || null;
  const who = name && role ? t('Alerts.ClosedByNameRole', { name, role }) : (name ?? null);
  const details = [
    who,
    alert.ClosureReason ? t(`Alerts.ClosureReason.${alert.ClosureReason}`) : null,
  ]
    .filter((part): part is string => part !== null)
    .join(', ');
  return details ? t('Alerts.ClosedWithDetails', { state, details }) : state;
}
