import { memo, useCallback, useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectMonitorCards } from '../../../store/monitor/monitorCards';
import {
  monitorClosed,
  monitorCueDismissed,
  monitorMuteToggled,
  monitorOpened,
  monitorShareAddRequested,
  monitorShareRemoved,
  selectMonitor,
} from '../../../store/monitor/monitorSlice';
import { playAlertBeep } from '../../../ui/sound/alertBeep';
import { useNow } from '../../../ui/time/useNow';
import { AddShareForm } from '../components/AddShareForm';
import { MonitorCardView } from '../components/MonitorCardView';
import { NewAlertBanner } from '../components/NewAlertBanner';
import '../monitor.css';

/** How often the cards' data ages are measured again, ms. */
const AGE_TICK_MS = 1_000;

/**
 * A card drawn again only when its card object changes: selectMonitorCards keeps the object of a card
 * that shows the same, so a frame of telemetry draws the one or two cards it moved (docs/monitor.md).
 */
const Card = memo(MonitorCardView);

/** Where the card maps' coastline comes from (ODbL 1.0 asks for the credit where the map is shown). */
const OSM_COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright';

/**
 * /monitor (issue 8 item 6; docs/monitor.md): the operator's screen of several shared activities at
 * once, no member login (an operator holds share links). Opening it restores the watched shares of
 * this browser and follows them over one socket; leaving it stops that. Cards are sorted by the store
 * (`selectMonitorCards`: severity, time unacknowledged, data age). A new alert highlights its card,
 * shows a banner and beeps unless muted.
 */
export function MonitorPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const now = useNow(AGE_TICK_MS);
  const monitor = useAppSelector(selectMonitor);
  const cards = useAppSelector((state) => selectMonitorCards(state, now));
  const cuedCard = cards.find((card) => card.ShareToken === monitor.lastCue?.ShareToken) ?? null;

  useEffect(() => {
    dispatch(monitorOpened());
    return () => {
      dispatch(monitorClosed());
    };
  }, [dispatch]);

  const cueAlertId = monitor.lastCue?.AlertID ?? null;
  // Only a new cue sounds; toggling the sound does not replay it (an effect event reads the latest
  // choice without being a dependency).
  const sound = useEffectEvent(() => {
    if (!monitor.muted) playAlertBeep();
  });
  useEffect(() => {
    if (cueAlertId !== null) sound();
  }, [cueAlertId]);

  // Stable callbacks: the memoized cards compare them.
  const dismiss = useCallback(
    (ShareToken: string) => dispatch(monitorCueDismissed({ ShareToken })),
    [dispatch],
  );
  const remove = useCallback(
    (ShareToken: string) => dispatch(monitorShareRemoved({ ShareToken })),
    [dispatch],
  );
  return (
    <article className="ll-monitor">
      <header className="ll-monitor-header">
        <h1>{t('Monitor.Heading')}</h1>
        <p className="ll-muted">{t('Monitor.Intro')}</p>
        <button
          type="button"
          aria-pressed={monitor.muted}
          onClick={() => dispatch(monitorMuteToggled())}
        >
          {monitor.muted ? t('Monitor.Unmute') : t('Monitor.Mute')}
        </button>
      </header>
      <NewAlertBanner card={cuedCard} onDismiss={dismiss} />
      <AddShareForm
        error={monitor.addError}
        onAdd={(link) => dispatch(monitorShareAddRequested({ link }))}
      />
      <p className="ll-muted">
        {cards.length === 0 ? t('Monitor.Empty') : t('Monitor.Count', { count: cards.length })}
      </p>
      <ul className="ll-monitor-grid" aria-label={t('Monitor.Cards')}>
        {cards.map((card) => (
          <Card key={card.ShareToken} card={card} onOpen={dismiss} onRemove={remove} />
        ))}
      </ul>
      {cards.length === 0 ? null : (
        <p className="ll-muted ll-monitor-credit">
          {t('Monitor.MapCredit')}{' '}
          <a href={OSM_COPYRIGHT_URL} target="_blank" rel="noopener noreferrer">
            © OpenStreetMap contributors
          </a>
        </p>
      )}
    </article>
  );
}
