import { useTranslation } from 'react-i18next';
import type { LandCell } from '../../../api/basemap';
import type { MonitorCard } from '../../../store/monitor/monitorCards';
import type { Formatter } from '../../../ui/format';
import type { MapTheme } from '../../../ui/map/basemapStyle';
import { useInView } from '../../../ui/visibility/useInView';
import { MonitorCardAlertLine } from './MonitorCardAlertLine';
import { MonitorCardHeader } from './MonitorCardHeader';
import { MonitorCardLive } from './MonitorCardLive';

/** Props of {@link MonitorCardView}. */
export interface MonitorCardViewProps {
  readonly card: MonitorCard;
  /** The colour scheme of the card's map (one for the page, not one matchMedia per card). */
  readonly theme: MapTheme;
  /** The page's formatter (the viewer's units; one store subscription for the page, not per card). */
  readonly format: Formatter;
  /** The loaded land cells (src/store/basemap), for the card's map. */
  readonly landCells: Readonly<Record<string, LandCell>>;
  /** The operator opens the full share view (the card's cue is dismissed first). */
  readonly onOpen: (token: string) => void;
  readonly onRemove: (token: string) => void;
}

/**
 * One watched share on the monitor (issue 8 item 6; docs/monitor.md): the wearer, the activity status,
 * the open alert (type, severity, since when), the data age in words (live / late / not live with the
 * last fix time), a small map of the recent track over the coastline (MonitorCardMap.tsx), the last
 * position as coordinates, a link to the full share view and a remove button. A card with a new
 * alert is highlighted until opened or dismissed. It renders when its card changes (status, alert,
 * freshness, cue), not on every fix: MonitorCardLive follows the fixes (docs/monitor.md "Cost per
 * frame"). Out of sight (useInView), its live part stands still until the card nears the view.
 */
export function MonitorCardView({
  card,
  theme,
  format,
  landCells,
  onOpen,
  onRemove,
}: MonitorCardViewProps) {
  const { t } = useTranslation();
  // A card out of sight does not follow its wearer's fixes; it catches up as it nears the view.
  const [itemRef, inView] = useInView();
  // Before the share answers its wearer is "Loading…"; a link that failed to load says so instead.
  const broken = card.status === 'notFound' || card.status === 'failed';
  const name = card.wearerName ?? t(broken ? 'Monitor.BrokenLinkName' : 'Monitor.UnknownWearer');
  const classes = ['ll-monitor-card', `ll-monitor-age-${card.freshness}`];
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
    <li ref={itemRef} className={classes.join(' ')} data-testid="monitor-card">
      <MonitorCardHeader
        ShareToken={card.ShareToken}
        name={name}
        activityStatus={card.activityStatus}
        onOpen={onOpen}
      />
      {broken ? null : (
        // "No open alert" would claim what a link that does not load cannot tell.
        <MonitorCardAlertLine
          alertType={card.alert?.AlertType ?? null}
          severity={card.alert?.Severity ?? null}
          since={card.alert?.TimestampStart ?? null}
          format={format}
        />
      )}
      {problem ? <p className="ll-muted">{problem}</p> : null}
      {card.ActivityId === null ? null : (
        <MonitorCardLive
          ShareToken={card.ShareToken}
          activityId={card.ActivityId}
          wearerId={card.WearerID}
          name={name}
          theme={theme}
          format={format}
          t={t}
          landCells={landCells}
          inView={inView}
        />
      )}
      <button
        type="button"
        className="ll-button ll-monitor-remove"
        onClick={() => {
          onRemove(card.ShareToken);
        }}
      >
        {t('Monitor.Remove', { name })}
      </button>
    </li>
  );
}
