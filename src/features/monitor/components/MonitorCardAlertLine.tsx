import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { SeverityName, type AlertType, type Severity } from '../../../api/enums';
import type { Formatter } from '../../../ui/format';
import { alertLabel } from '../../../ui/alerts/alertLabel';

/** Props of {@link MonitorCardAlertLine}: the card's open alert, all null without one. */
export interface MonitorCardAlertLineProps {
  readonly alertType: AlertType | null;
  readonly severity: Severity | null;
  /** When it was raised, epoch ms. */
  readonly since: number | null;
  readonly format: Formatter;
}

/**
 * A monitor card's alert line: the open alert's kind and type (`alertLabel`), severity and since when, or "No open alert".
 * Memoized with plain props, so a card's fixes and clock ticks do not translate it again.
 */
export const MonitorCardAlertLine = memo(function MonitorCardAlertLine({
  alertType,
  severity,
  since,
  format,
}: MonitorCardAlertLineProps) {
  const { t } = useTranslation();
  if (alertType === null || severity === null || since === null) {
    return <p className="ll-muted">{t('Monitor.NoAlert')}</p>;
  }
  return (
    <p className="ll-monitor-alert">
      {t('Monitor.AlertSince', {
        type: alertLabel(t, alertType),
        severity: t(`Alerts.Severity.${SeverityName.options[severity] ?? 'None'}`),
        time: format.time(since),
      })}
    </p>
  );
});
