import { memo, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { landCellKey, landCellOfKey, type LandCell } from '../../../api/basemap';
import { landCellsRequested, selectLandCell } from '../../../store/basemap/landCellsSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectTrackColumns } from '../../../store/locationHistory/locationHistorySelectors';
import { selectThemePreference } from '../../../store/slices/preferencesSlice';
import { CardMap } from '../../../ui/map/CardMap';
import {
  cardView,
  landCellsForView,
  recentStart,
  type TrackSpan,
} from '../../../ui/map/cardMapView';
import { useColorScheme } from '../../../ui/theme/useColorScheme';

/** How much of the track a card map shows: the last 15 minutes up to the newest fix, ms. */
export const CARD_MAP_RECENT_MS = 15 * 60_000;

/** Props of {@link MonitorCardMap}. */
export interface MonitorCardMapProps {
  readonly activityId: number;
  /** The live heading, degrees clockwise from north; null when not reported. */
  readonly headingDeg: number | null;
  /** The wearer's name, for the map's accessible name. */
  readonly name: string;
}

const sameCells = (a: readonly LandCell[], b: readonly LandCell[]) =>
  a.length === b.length && a.every((cell, i) => cell === b[i]);

/**
 * A monitor card's small map (docs/monitor.md "Card maps"): the activity's last
 * {@link CARD_MAP_RECENT_MS} of track and the current position over the coastline, drawn as SVG by
 * src/ui/map/CardMap.tsx (no WebGL: a page holds ~16 WebGL contexts, the monitor up to 200 cards).
 * It reads the track from the store and asks for the land cells its view needs. Nothing before the
 * first fix. Memoized: a card's other changes (its data age each second) do not draw it again.
 */
export const MonitorCardMap = memo(function MonitorCardMap({
  activityId,
  headingDeg,
  name,
}: MonitorCardMapProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const columns = useAppSelector((state) => selectTrackColumns(state, activityId));
  const theme = useColorScheme(useAppSelector(selectThemePreference));
  const track = useMemo(
    (): TrackSpan => ({
      positions: columns.positions,
      start: recentStart(columns.time, columns.length, CARD_MAP_RECENT_MS),
      end: columns.length,
    }),
    [columns],
  );
  const view = useMemo(() => cardView(track), [track]);
  // Keyed by the cells' names, so a new view over the same cells neither asks nor selects anew.
  const cellKeys = view ? landCellsForView(view).map(landCellKey).join(' ') : '';
  const cellIds = useMemo(
    () => (cellKeys === '' ? [] : cellKeys.split(' ').map(landCellOfKey)),
    [cellKeys],
  );
  useEffect(() => {
    if (cellIds.length > 0) dispatch(landCellsRequested({ cells: cellIds }));
  }, [dispatch, cellIds]);
  const land = useAppSelector(
    (state) => cellIds.map((id) => selectLandCell(state, id)).filter((cell) => cell !== undefined),
    sameCells,
  );
  if (view === null) return null;
  return (
    <CardMap
      view={view}
      track={track}
      headingDeg={headingDeg}
      land={land}
      theme={theme}
      label={t('Monitor.MapLabel', { name })}
    />
  );
});
