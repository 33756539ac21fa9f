import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../api/entities/message';
import { useAppSelector } from '../../../store/hooks';
import {
  selectLastPoint,
  selectTrackColumns,
} from '../../../store/locationHistory/locationHistorySelectors';
import { selectRuntimeConfig } from '../../../store/slices/runtimeConfigSlice';
import { selectThemePreference } from '../../../store/slices/preferencesSlice';
import { MapView } from '../../../ui/map/MapView';
import { eventMarkerLayer } from '../../../ui/map/layers/markerLayers';
import { liveTail } from '../../../ui/map/liveTrack';
import { useSameMarkers, useSettledTrack } from '../../../ui/map/useLiveTrack';
import type { LiveWearer } from '../../../ui/map/liveWearerGeometry';
import type { Rgba } from '../../../ui/map/trackAttributes';
import { speedTrackLayer } from '../../../ui/map/layers/trackLayers';
import { trackBounds } from '../../../ui/map/trackAttributes';
import { trackEventMarkers, type MarkedAlert } from '../../../ui/map/trackEventMarkers';
import { pointBounds, unionBounds } from '../../../ui/map/lonLatBounds';
import { useColorScheme } from '../../../ui/theme/useColorScheme';
import type { SearchlightMapView } from '../useSearchlightMapView';

/** The wearer's colour on the map: the brand orange, readable on light and dark basemaps. */
const WEARER_COLOUR: Rgba = [255, 121, 0, 255];
/** The searchlight viewer's colour: a blue apart from the wearer's orange and the track's colours. */
const VIEWER_COLOUR: Rgba = [30, 110, 230, 255];

/**
 * How far the followed wearer may drift from the map's centre before it re-centres, as a fraction of
 * the map's shorter side: every re-centre is a full render of the map (docs/share-viewing.md "Map").
 */
const FOLLOW_SLACK = 0.25;

/** Props of {@link ShareMap}. */
export interface ShareMapProps {
  readonly activityId: number;
  /** The wearer's heading now, degrees clockwise from north (live telemetry), null when unknown. */
  readonly headingDeg: number | null;
  /** The activity's alerts: marked where raised, their notes where the wearer was then. */
  readonly alerts: readonly MarkedAlert[];
  /** The messages to the wearer, marked where the wearer was when each was written. */
  readonly messages: readonly Pick<Message, 'MessageID' | 'SentTimestamp'>[];
  /** Keep the wearer in view: centred, or with the searchlight, in view with the viewer. */
  readonly follow: boolean;
  /**
   * The searchlight on the map (docs/share-viewing.md "Searchlight on the map"): the viewer's own
   * position and the line to the wearer while the searchlight shows; null otherwise.
   */
  readonly searchlight?: SearchlightMapView | null;
}

/**
 * The shared activity's map (issue 8 item 2; lazily loaded with MapLibre and deck.gl): the whole track
 * coloured by speed, markers of the start, the alerts, their notes and the messages to the wearer
 * (src/ui/map/trackEventMarkers.ts), and the wearer's current position with heading and
 * accuracy; the view fits the track when it loads and follows the wearer when asked, keeping them in
 * the middle of the map. A fix moves the wearer without drawing the map again: the position and the
 * newest points are drawn as DOM over the map (MapView's `live`), and the map's WebGL track takes
 * them in every `LIVE_TAIL_MAX_POINTS` points (src/ui/map/liveTrack.ts). While the
 * searchlight shows, the viewer's own position (in {@link VIEWER_COLOUR}) and a line from them to the
 * wearer are drawn the same way, and the view fits both once when it comes on; following then keeps
 * both in view rather than the wearer in the middle.
 */
export default function ShareMap({
  activityId,
  headingDeg,
  alerts,
  messages,
  follow,
  searchlight = null,
}: ShareMapProps) {
  const { t } = useTranslation();
  const columns = useAppSelector((state) => selectTrackColumns(state, activityId));
  const last = useAppSelector((state) => selectLastPoint(state, activityId));
  const styleUrl = useAppSelector(selectRuntimeConfig)?.mapStyle ?? null;
  const theme = useColorScheme(useAppSelector(selectThemePreference));
  const bounds = trackBounds(columns);
  // The view fits the track once, when its first points arrive; later points only move the wearer.
  const [fitBounds, setFitBounds] = useState(bounds);
  if (fitBounds === null && bounds !== null) setFitBounds(bounds);
  // When the searchlight comes on, the view fits the viewer and the wearer once (and the track).
  const [searchlightFitted, setSearchlightFitted] = useState(false);
  if (searchlight === null && searchlightFitted) setSearchlightFitted(false);
  if (searchlight !== null && !searchlightFitted) {
    setSearchlightFitted(true);
    const { viewer, target } = searchlight;
    setFitBounds(
      unionBounds([
        bounds,
        pointBounds(viewer.lon, viewer.lat),
        pointBounds(target.lon, target.lat),
      ]),
    );
  }

  // The WebGL track draws the settled columns; the newer points are the live overlay's tail.
  const nextSettled = useSettledTrack(columns);
  // The wearer's own marker shows where the track ends now: no end marker. The same markers as
  // before keep their list, so a fix does not hand the map new layers.
  const newMarkers = useMemo(
    () => trackEventMarkers(columns, alerts, messages).filter((marker) => marker.kind !== 'end'),
    [columns, alerts, messages],
  );
  const markers = useSameMarkers(newMarkers);

  const settledColumns = nextSettled.columns;
  const layers = useMemo(
    () => [speedTrackLayer('track', settledColumns), eventMarkerLayer('events', markers)],
    [settledColumns, markers],
  );
  const viewer = searchlight?.viewer ?? null;
  const live = useMemo(
    (): LiveWearer | null =>
      last
        ? {
            position: { lon: last.X, lat: last.Y, accuracyM: last.Hacc, headingDeg },
            colour: WEARER_COLOUR,
            tail: liveTail(columns, nextSettled),
            searchlight: viewer ? { viewer, colour: VIEWER_COLOUR } : null,
          }
        : null,
    [columns, last, headingDeg, nextSettled, viewer],
  );

  return (
    <MapView
      className="ll-share-map"
      label={t('Share.MapLabel')}
      layers={layers}
      theme={theme}
      styleUrl={styleUrl}
      bounds={fitBounds}
      follow={follow && last && !viewer ? [last.X, last.Y] : null}
      followSlack={FOLLOW_SLACK}
      keepInView={
        follow && last && viewer
          ? [
              [viewer.lon, viewer.lat],
              [last.X, last.Y],
            ]
          : null
      }
      live={live}
      drawnKey={String(columns.length)}
    />
  );
}
