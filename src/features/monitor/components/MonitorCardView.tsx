import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SeverityName } from '../../../api/enums';
import { useAppSelector } from '../../../store/hooks';
import type { MonitorCard } from '../../../store/monitor/monitorCards';
import { selectEffectiveUnits } from '../../../store/units/effectiveUnits';
import { useFormatter } from '../../../ui/format';
import { MonitorCardMap } from './MonitorCardMap';

/** Props of {@link MonitorCardView}. */
export interface MonitorCardViewProps {
  readonly card: MonitorCard;
  /** The operator opens the full share view (the card's cue is dismissed first). */
  readonly onOpen: (token: string) => void;
  readonly onRemove: (token: string) => void;
}

/**
 * One watched share on the monitor (issue 8 item 6; docs/monitor.md): the wearer, the activity status,
 * the open alert (type, severity, since when), the data age in words (live / late / not live with the
 * last fix time), a small map of the recent track over the coastline (MonitorCardMap.tsx), the last
 * position as coordinates, a link to the full share view and a remove button. A card with a new
 * alert is highlighted until opened or dismissed.
 */
export function MonitorCardView({ card, onOpen, onRemove }: MonitorCardViewProps) {
  const { t } = useTranslation();
  const { format, text } = useFormatter(useAppSelector(selectEffectiveUnits));
  const name = card.wearerName ?? t('Monitor.UnknownWearer');
  // In the viewer's location format (app §3 LocationFormat); the contract bounds lat/lon.
  const position = card.lastPosition
    ? format.location(card.lastPosition.lat, card.lastPosition.lon)
    : null;
  const classes = ['ll-monitor-card', `ll-monitor-age-${card.age.freshness}`];
  if (card.alert) classes.push(`ll-monitor-severity-${card.alert.Severity}`);
  if (card.cued) classes.push('ll-monitor-card-cued');
  const problem =
    card.status === 'notFound'
      ? t('Monitor.NotFound')
      : card.status === 'failed'
        ? t('Monitor.Failed')
        : card.status === 'loading'
          ? t('Monitor.Loading')
          : card.ActivityId === null
            ? t('Monitor.NoActivity')
            : null;
  return (
    <li className={classes.join(' ')} data-testid="monitor-card">
      <header className="ll-monitor-card-header">
        <h2>
          <Link
            to={`/share/activity/${card.ShareToken}`}
            aria-label={t('Monitor.Open', { name })}
            onClick={() => {
              onOpen(card.ShareToken);
            }}
          >
            {name}
          </Link>
        </h2>
        {card.activityStatus ? (
          <span className="ll-monitor-status">{t(`Activities.Status.${card.activityStatus}`)}</span>
        ) : null}
      </header>
      {card.ActivityId === null ? null : (
        <MonitorCardMap activityId={card.ActivityId} headingDeg={card.headingDeg} name={name} />
      )}
      {problem ? <p className="ll-muted">{problem}</p> : null}
      <p className={card.alert ? 'll-monitor-alert' : 'll-muted'}>
        {card.alert
          ? t('Monitor.AlertSince', {
              type: t(`Alerts.Type.${card.alert.AlertType}`),
              severity: t(`Alerts.Severity.${SeverityName.options[card.alert.Severity] ?? 'None'}`),
              time: format.time(card.alert.TimestampStart),
            })
          : t('Monitor.NoAlert')}
      </p>
      <p className="ll-monitor-age">
        <strong>{t(`Share.Freshness.${card.age.freshness}`)}</strong>{' '}
        {card.age.ageMs === null
          ? ''
          : card.age.ageMs < 60_000
            ? t('Share.Age.Seconds', { count: Math.round(card.age.ageMs / 1000) })
            : t('Share.Age.Duration', { duration: format.duration(card.age.ageMs) })}
        {card.lastFixTime === null ? null : (
          <span className="ll-muted">
            {' · '}
            {t('Monitor.LastFix', { time: format.dateTime(card.lastFixTime, { seconds: true }) })}
          </span>
        )}
      </p>
      <p className="ll-muted">
        {position
          ? t('Monitor.Position', {
              lat: text(position.latitude),
              lon: text(position.longitude),
            })
          : t('Monitor.NoPosition')}
      </p>
      <button
        type="button"
        className="ll-monitor-remove"
        onClick={() => {
          onRemove(card.ShareToken);
        }}
      >
        {t('Monitor.Remove', { name })}
      </button>
    </li>
  );
}
