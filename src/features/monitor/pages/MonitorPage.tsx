import { useCallback, useEffect, useEffectEvent, useMemo } from 'react';
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
import { selectLandCells } from '../../../store/basemap/landCellsSlice';
import { selectThemePreference } from '../../../store/slices/preferencesSlice';
import { selectEffectiveUnits } from '../../../store/units/effectiveUnits';
import { selectMonitorSocketStatus } from '../../../store/realtime/realtimeSlice';
import { useFormatter } from '../../../ui/format';
import { ConnectionNotice } from '../../../ui/realtime/ConnectionNotice';
import { playAlertBeep } from '../../../ui/sound/alertBeep';
import { useColorScheme } from '../../../ui/theme/useColorScheme';
import { useServerClockOffset } from '../../../ui/time/serverClock';
import { useNow } from '../../../ui/time/useNow';
import { AddShareForm } from '../components/AddShareForm';
import { CARDS_PER_CHUNK, MonitorCardChunk } from '../components/MonitorCardChunk';
import { MonitorHeader } from '../components/MonitorHeader';
import { NewAlertBanner } from '../components/NewAlertBanner';
import '../monitor.css';

/** How often the cards' data ages are measured again, ms. */
const AGE_TICK_MS = 1_000;

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
  // On the server's clock, like the fixes' device times the cards' freshness is judged by.
  const now = useNow(AGE_TICK_MS) + useServerClockOffset();
  const monitor = useAppSelector(selectMonitor);
  const cards = useAppSelector((state) => selectMonitorCards(state, now));
  const theme = useColorScheme(useAppSelector(selectThemePreference));
  // Once for the page, handed to every card: a store subscription per card costs on every frame.
  const { format } = useFormatter(useAppSelector(selectEffectiveUnits));
  const landCells = useAppSelector(selectLandCells);
  const socket = useAppSelector(selectMonitorSocketStatus);
  const connection = socket?.connection ?? 'idle';
  const attempt = socket?.attempt ?? null;
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

  // The page renders on every frame of live telemetry (its cards change): its own texts and the
  // callbacks its memoized parts compare are made only when their inputs change.
  const count = useMemo(
    () => (cards.length === 0 ? t('Monitor.Empty') : t('Monitor.Count', { count: cards.length })),
    [t, cards.length],
  );
  const gridLabel = useMemo(() => t('Monitor.Cards'), [t]);
  const chunks = useMemo(() => {
    const runs: (typeof cards)[] = [];
    for (let i = 0; i < cards.length; i += CARDS_PER_CHUNK) {
      runs.push(cards.slice(i, i + CARDS_PER_CHUNK));
    }
    return runs;
  }, [cards]);
  const mapCredit = useMemo(() => t('Monitor.MapCredit'), [t]);
  const toggleMute = useCallback(() => dispatch(monitorMuteToggled()), [dispatch]);
  const add = useCallback(
    (link: string) => dispatch(monitorShareAddRequested({ link })),
    [dispatch],
  );
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
      <MonitorHeader muted={monitor.muted} onToggleMute={toggleMute} />
      <ConnectionNotice connection={connection} attempt={attempt} />
      <NewAlertBanner card={cuedCard} onDismiss={dismiss} />
      <AddShareForm error={monitor.addError} onAdd={add} />
      <p className="ll-muted">{count}</p>
      <ul className="ll-monitor-grid" aria-label={gridLabel}>
        {chunks.map((chunk, i) => (
          <MonitorCardChunk
            // By position: a card changes chunk only when the order changes.
            key={i}
            cards={chunk}
            theme={theme}
            format={format}
            landCells={landCells}
            onOpen={dismiss}
            onRemove={remove}
          />
        ))}
      </ul>
      {cards.length === 0 ? null : (
        <p className="ll-muted ll-monitor-credit">
          {mapCredit}{' '}
          <a href={OSM_COPYRIGHT_URL} target="_blank" rel="noopener noreferrer">
            © OpenStreetMap contributors
          </a>
        </p>
      )}
    </article>
  );
}
