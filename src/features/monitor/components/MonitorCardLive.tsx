import type { TFunction } from 'i18next';
import { memo, useCallback, useMemo } from 'react';
import type { LandCell } from '../../../api/basemap';
import type { RootState } from '../../../store/rootReducer';
import { useSelectorWhile } from '../../../store/useSelectorWhile';
import { trackColumns } from '../../../store/locationHistory/trackEntry';
import { cardFix } from '../../../store/monitor/monitorCards';
import type { Formatter } from '../../../ui/format';
import type { MapTheme } from '../../../ui/map/basemapStyle';
import { MonitorCardAge } from './MonitorCardAge';
import { MonitorCardMap } from './MonitorCardMap';
import { MonitorCardPosition } from './MonitorCardPosition';
import { selectLocationHistoryState } from '../../../store/locationHistory/locationHistorySlice';

const samePair = (a: readonly [unknown, unknown], b: readonly [unknown, unknown]) =>
  a[0] === b[0] && a[1] === b[1];

/** Props of {@link MonitorCardLive}. */
export interface MonitorCardLiveProps {
  readonly ShareToken: string;
  readonly activityId: number;
  /** The share's wearer, null until the share loaded. */
  readonly wearerId: number | null;
  /** The wearer's name, for the map's accessible name. */
  readonly name: string;
  readonly theme: MapTheme;
  readonly format: Formatter;
  readonly t: TFunction;
  readonly landCells: Readonly<Record<string, LandCell>>;
  /**
   * Whether the card is in or near the view. While not, the part stands still: a fix renders
   * nothing and the data age does not count; coming into view renders the store's current state.
   */
  readonly inView: boolean;
}

/**
 * What every fix of a monitor card's wearer changes: the small map of the recent track, the data age
 * and the last position. It reads the wearer's live state and the activity's track from the store
 * itself, so a fix renders this part of one card and nothing else: not the card, not the list
 * (docs/monitor.md "Cost per frame"). A card out of sight renders no fix at all until it nears the
 * view again.
 */
export const MonitorCardLive = memo(function MonitorCardLive({
  ShareToken,
  activityId,
  wearerId,
  name,
  theme,
  format,
  t,
  landCells,
  inView,
}: MonitorCardLiveProps) {
  // One subscription per card in sight (a page of 100 cards checks them all on every store change);
  // none for a card out of sight.
  // Stable per card: a new selector each render would cost a passive effect per fix.
  const select = useCallback(
    (state: RootState) =>
      [
        wearerId === null ? undefined : state.liveWearers.entities[wearerId],
        selectLocationHistoryState(state).tracks[activityId],
      ] as const,
    [wearerId, activityId],
  );
  const [live, entry] = useSelectorWhile(inView, select, samePair);
  const fix = useMemo(() => cardFix(live, entry), [live, entry]);
  const columns = useMemo(() => trackColumns(entry), [entry]);
  return (
    <>
      <MonitorCardMap
        columns={columns}
        headingDeg={fix.headingDeg}
        name={name}
        theme={theme}
        landCells={landCells}
        t={t}
      />
      <MonitorCardAge
        ShareToken={ShareToken}
        lastFixTime={fix.lastFixTime}
        receivedAt={fix.receivedAt}
        recentIntervalsMs={fix.recentIntervalsMs}
        format={format}
        t={t}
        inView={inView}
      />
      <MonitorCardPosition
        lat={fix.position?.lat ?? null}
        lon={fix.position?.lon ?? null}
        format={format}
        t={t}
      />
    </>
  );
});
