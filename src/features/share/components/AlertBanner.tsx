import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alert } from '../../../api/entities/alert';
import { alertLabel } from '../../../ui/alerts/alertLabel';
import type { Formatter } from '../../../ui/format';

/** Severity names by wire value (app §3 "Alert configuration"). */
const SEVERITY_NAMES = ['None', 'Informational', 'Low', 'Warning', 'Critical'] as const;

/**
 * The open alert of a shared activity (issue 8 item 2): its kind — an alert, an assistance request or
 * a manual emergency (policy §3 "Alert", `alertLabel`) — with the type of an alert (fall, no motion …),
 * severity, when it was raised, and the rescue organisations notified (policy §1) — or that only the
 * emergency contacts were. Announced to screen readers as an alert. Nothing when there is no open
 * alert.
 */
export const AlertBanner = memo(function AlertBanner({
  alert,
  format,
}: {
  alert: Alert | null;
  format: Formatter;
}) {
  const { t } = useTranslation();
  if (!alert) return null;
  const severity = SEVERITY_NAMES[alert.Severity];
  return (
    <section
      className={`ll-share-alert ll-share-alert-${severity.toLowerCase()}`}
      role="alert"
      aria-labelledby="share-alert-title"
    >
      <h2 id="share-alert-title">
        {alertLabel(t, alert.AlertType)}
        <span className="ll-share-alert-severity">{t(`Alerts.Severity.${severity}`)}</span>
      </h2>
      <p>{t('Share.AlertRaisedAt', { time: format.dateTime(alert.TimestampStart) })}</p>
      <p>
        {alert.RescueOrgsNotified.length > 0
          ? t('Share.RescueOrgsNotified', {
              names: alert.RescueOrgsNotified.map((org) => org.Name).join(', '),
            })
          : t('Share.ContactsNotifiedOnly')}
      </p>
    </section>
  );
});
