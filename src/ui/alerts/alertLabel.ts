import type { TFunction } from 'i18next';
import { alertKindOf } from '../../api/entities/alert';
import type { AlertType } from '../../api/enums';

/**
 * An alert's type as a guardian or operator reads it (policy §3 "Alert": "Type shown as alert,
 * assistance or manual emergency"): "Alert: Fall" for the alerts raised by the device or the server
 * (`Alerts.KindWithType`), "Assistance request" and "Manual emergency" for the wearer's own
 * (`Alerts.Kind.*`). `t` is the caller's, so a component that already holds one translates nothing
 * twice.
 */
export function alertLabel(t: TFunction, type: AlertType): string {
  const kind = alertKindOf(type);
  return kind === 'ALERT'
    ? t('Alerts.KindWithType', { kind: t('Alerts.Kind.ALERT'), type: t(`Alerts.Type.${type}`) })
    : t(`Alerts.Kind.${kind}`);
}
