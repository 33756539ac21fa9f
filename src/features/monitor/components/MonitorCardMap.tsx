import type { TFunction } from 'i18next';
import { memo, useEffect, useMemo, useState } from 'react';
import { landCellKey, landCellOfKey, type LandCell } from '../../../api/basemap';
import { landCellsRequested } from '../../../store/basemap/landCellsSlice';
import { useAppDispatch } from '../../../store/hooks';
import type { TrackColumns } from '../../../store/locationHistory/columnViews';
import type { MapTheme } from '../../../ui/map/basemapStyle';
import { CardMap } from '../../../ui/map/CardMap';
import { cardView, landCellsForView, recentSpan, sameCardView } from '../../../ui/map/cardMapView';

/** How much of the track a card map shows: about the last 15 minutes up to the newest fix, ms. */
export const CARD_MAP_RECENT_MS = 15 * 60_000;
/**
 * The card map's track moves its start and its long settled line in steps of a minute, so a fix
 * redraws only the newest minute's line (cardMapView.ts `recentSpan`), ms.
 */
export const CARD_MAP_STEP_MS = 60_000;

/** Props of {@link MonitorCardMap}. */
export interface MonitorCardMapProps {
  /** The activity's track (the store's columns; a new object exactly when points arrive). */
  readonly columns: TrackColumns;
  /** The live heading, degrees clockwise from north; null when not reported. */
  readonly headingDeg: number | null;
  /** The wearer's name, for the map's accessible name. */
  readonly name: string;
  readonly theme: MapTheme;
  /** The loaded land cells (the page selects them once for every card). */
  readonly landCells: Readonly<Record<string, LandCell>>;
  /**
   * The card's `t` (passed, not hooked: this renders on every fix, and `useTranslation` checks the
   * loaded namespaces on every render).
   */
  readonly t: TFunction;
}

/**
 * A monitor card's small map (docs/monitor.md "Card maps"): the activity's last
 * {@link CARD_MAP_RECENT_MS} of track and the current position over the coastline, drawn as SVG by
 * src/ui/map/CardMap.tsx (no WebGL: a page holds ~16 WebGL contexts, the monitor up to 200 cards).
 * It asks for the land cells its view needs. Nothing before the first fix. Memoized: it draws again
 * when the track, the heading, the theme or a land cell changes.
 */
export const MonitorCardMap = memo(function MonitorCardMap({
  columns,
  headingDeg,
  name,
  theme,
  landCells,
  t,
}: MonitorCardMapProps) {
  const dispatch = useAppDispatch();
  const track = useMemo(
    () =>
      recentSpan(
        columns.time,
        columns.positions,
        columns.length,
        CARD_MAP_RECENT_MS,
        CARD_MAP_STEP_MS,
      ),
    [columns],
  );
  const fresh = useMemo(() => cardView(track), [track]);
  // The view by value: a fix that keeps it keeps its object, so what is drawn from the view alone
  // (the land, the settled line: CardMap's backdrop) does not render again.
  const [kept, setKept] = useState(fresh);
  const view = fresh !== null && kept !== null && sameCardView(kept, fresh) ? kept : fresh;
  if (view !== kept) setKept(view);
  // Keyed by the cells' names, so a new view over the same cells neither asks nor selects anew.
  const cellKeys = useMemo(
    () => (view ? landCellsForView(view).map(landCellKey).join(' ') : ''),
    [view],
  );
  const cellIds = useMemo(
    () => (cellKeys === '' ? [] : cellKeys.split(' ').map(landCellOfKey)),
    [cellKeys],
  );
  useEffect(() => {
    if (cellIds.length > 0) dispatch(landCellsRequested({ cells: cellIds }));
  }, [dispatch, cellIds]);
  const land = useMemo(
    () => cellIds.map((id) => landCells[landCellKey(id)]).filter((cell) => cell !== undefined),
    [cellIds, landCells],
  );
  const label = useMemo(() => t('Monitor.MapLabel', { name }), [t, name]);
  if (view === null) return null;
  return (
    <CardMap
      view={view}
      track={track}
      headingDeg={headingDeg}
      land={land}
      theme={theme}
      label={label}
    />
  );
});
