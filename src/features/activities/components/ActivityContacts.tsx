import { useTranslation } from 'react-i18next';
import type { Alert } from '../../../api/entities/alert';
import { notificationState, type AlertNotification } from '../../../api/entities/notification';
import type { Formatter } from '../../../ui/format';

/**
 * The Contacts tab of the member's activity detail (docs/activities.md "Contacts"; policy §1 "Alert
 * and rescue routing policy"): for each of the activity's alerts that told someone, who was told — an
 * emergency contact or a rescue organisation, by the name it had then — by e-mail, text message or
 * voice call, to which address or number, and whether it was sent, could not be sent or still waits.
 * Alerts in the order of their first message; messages in the order they were queued.
 */
export function ActivityContacts({
  notifications,
  alerts,
  format,
}: {
  notifications: readonly AlertNotification[];
  alerts: readonly Alert[];
  format: Formatter;
}) {
  const { t } = useTranslation();
  const byAlert = new Map<number, AlertNotification[]>();
  for (const notification of notifications) {
    const told = byAlert.get(notification.AlertID);
    if (told) told.push(notification);
    else byAlert.set(notification.AlertID, [notification]);
  }
  return (
    <div className="ll-activity-contacts">
      <p className="ll-muted">{t('Activities.Contacts.Intro')}</p>
      {[...byAlert].map(([alertId, told]) => {
        const alert = alerts.find((candidate) => candidate.AlertID === alertId);
        const heading = alert
          ? t('Activities.Contacts.Alert', {
              type: t(`Alerts.Type.${alert.AlertType}`),
              time: format.dateTime(alert.TimestampStart),
            })
          : null;
        return (
          <section key={alertId} aria-label={heading ?? undefined}>
            {heading ? <h3>{heading}</h3> : null}
            <ul className="ll-entry-list ll-entry-list-ruled">
              {told.map((notification, i) => {
                const state = notificationState(notification);
                return (
                  <li key={`${String(notification.CreatedTime)}-${String(i)}`}>
                    <strong>{notification.RecipientName}</strong>{' '}
                    {t('Activities.Contacts.To', {
                      channel: t(`Activities.Contacts.Channel.${notification.Channel}`),
                      recipient: notification.Recipient,
                    })}
                    {' · '}
                    <span className={`ll-notification-${state.toLowerCase()}`}>
                      {t(`Activities.Contacts.State.${state}`, {
                        time:
                          notification.DeliveredTime === null
                            ? ''
                            : format.time(notification.DeliveredTime),
                      })}
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
