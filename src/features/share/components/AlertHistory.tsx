import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alert } from '../../../api/entities/alert';
import { alertClosureText, type AlertViewer } from '../../../ui/alerts/alertClosure';
import { alertLabel } from '../../../ui/alerts/alertLabel';
import type { Formatter } from '../../../ui/format';
import { AlertNotes } from './AlertNotes';

/**
 * The shared activity's closed alerts, the latest first (app §4 "Alert close states", "Alert closure
 * reasons"; issue 8 item 4 "a resolve closes the alert for every viewer"): each with its kind, when it
 * was raised and closed, how it ended ("Closed by user: Anna (guardian)", "Closed by system: Metric
 * back to normal"), the resolver's words, the pause of the wearer's alerts they chose and the notes
 * written while it was open. So a viewer
 * whose banner went away reads why. In the operator view the state "Closed by Operator" is left out
 * (`alertClosureText`); the alert itself stays listed. Nothing while no alert has closed.
 */
export const AlertHistory = memo(function AlertHistory({
  alerts,
  viewer,
  format,
}: {
  alerts: readonly Alert[];
  viewer: Exclude<AlertViewer, 'member'>;
  format: Formatter;
}) {
  const { t } = useTranslation();
  const closed = alerts
    .filter((alert) => alert.TimestampClosed !== null && alert.CloseState !== 'OPEN')
    .sort((a, b) => (b.TimestampClosed ?? 0) - (a.TimestampClosed ?? 0));
  if (closed.length === 0) return null;
  return (
    <section className="ll-share-alert-history" aria-labelledby="share-alert-history-title">
      <h2 id="share-alert-history-title">{t('Alerts.History.Title')}</h2>
      <ul>
        {closed.map((alert) => {
          const closure = alertClosureText(t, alert, viewer);
          return (
            <li key={alert.AlertID}>
              <strong>{alertLabel(t, alert.AlertType)}</strong>{' '}
              <span className="ll-muted">
                {t('Alerts.History.ClosedAt', {
                  start: format.dateTime(alert.TimestampStart),
                  end: format.dateTime(alert.TimestampClosed ?? alert.TimestampStart),
                })}
              </span>
              {closure ? <p>{closure}</p> : null}
              {alert.ResolveText ? <blockquote>{alert.ResolveText}</blockquote> : null}
              {alert.PausedUntilTimestamp !== null ? (
                <p>
                  {t('Alerts.History.PausedUntil', {
                    time: format.dateTime(alert.PausedUntilTimestamp),
                  })}
                </p>
              ) : null}
              <AlertNotes notes={alert.Notes} format={format} />
            </li>
          );
        })}
      </ul>
    </section>
  );
});
