import { useTranslation } from 'react-i18next';
import type { TimelineItem } from '../../../api/entities/activity';
import type { Alert } from '../../../api/entities/alert';
import { alertClosureText } from '../../../ui/alerts/alertClosure';
import type { Formatter } from '../../../ui/format';

/**
 * The Timeline tab (policy §3 "Timeline item types"; issue 7 item 3): ACTIVITY_START/END, ALERT_START,
 * ALERT_NOTE, ALERT_CLOSED and BODY_POSITION in time order, alert items named by their alert's type,
 * notes with their text. An ALERT_CLOSED item says how the alert ended (app §4 "Alert close states",
 * "Alert closure reasons": "Closed by user: Anna (guardian)", "Closed by system: Metric back to
 * normal"), then the resolver's words.
 */
export function ActivityTimeline({
  items,
  alerts,
  format,
}: {
  items: readonly TimelineItem[];
  alerts: readonly Alert[];
  format: Formatter;
}) {
  const { t } = useTranslation();
  const alertOf = (id: number | null | undefined) => alerts.find((a) => a.AlertID === id);
  const sorted = [...items].sort((a, b) => a.Timestamp - b.Timestamp);
  return (
    <ol className="ll-timeline">
      {sorted.map((item, i) => {
        const alert = alertOf(item.AlertID);
        const alertType = alert?.AlertType;
        const closure =
          item.TimelineItemType === 'ALERT_CLOSED' && alert
            ? alertClosureText(t, alert, 'member')
            : null;
        return (
          <li
            key={`${String(item.Timestamp)}-${String(i)}`}
            className={`ll-timeline-${item.TimelineItemType.toLowerCase()}`}
          >
            <time dateTime={new Date(item.Timestamp).toISOString()}>
              {format.time(item.Timestamp, { seconds: true })}
            </time>{' '}
            <strong>{t(`Activities.Timeline.${item.TimelineItemType}`)}</strong>
            {alertType ? ` · ${t(`Alerts.Type.${alertType}`)}` : null}
            {item.BodyPosition ? ` · ${t(`Activities.BodyPosition.${item.BodyPosition}`)}` : null}
            {closure ? ` · ${closure}` : null}
            {item.Text ? <p>{item.Text}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
