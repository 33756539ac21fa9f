import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { selectTrackColumns } from '../../../store/locationHistory/locationHistorySelectors';
import { selectThemePreference } from '../../../store/slices/preferencesSlice';
import { selectRuntimeConfig } from '../../../store/slices/runtimeConfigSlice';
import { MapView, type LonLatBounds } from '../../../ui/map/MapView';
import { eventMarkerLayer, type MapMarker } from '../../../ui/map/layers/markerLayers';
import { speedTrackLayer } from '../../../ui/map/layers/trackLayers';
import { trackBounds, type TrackColumnsLike } from '../../../ui/map/trackAttributes';
import { useColorScheme } from '../../../ui/theme/useColorScheme';

function union(boxes: readonly (LonLatBounds | null)[]): LonLatBounds | null {
  const known = boxes.filter((b): b is LonLatBounds => b !== null);
  if (known.length === 0) return null;
  return [
    Math.min(...known.map((b) => b[0])),
    Math.min(...known.map((b) => b[1])),
    Math.max(...known.map((b) => b[2])),
    Math.max(...known.map((b) => b[3])),
  ];
}

/**
 * The map of a shared journey's day (issue 8 item 2; lazily loaded): each shown activity's track
 * coloured by speed with its start and end, the view fitted to all of them and refitted when the
 * day changes (`fitKey`).
 */
export default function JourneyMap({
  activityIds,
  fitKey,
}: {
  activityIds: readonly number[];
  fitKey: number;
}) {
  const { t } = useTranslation();
  const tracks = useAppSelector(
    (state) => activityIds.map((id) => selectTrackColumns(state, id)),
    (a, b) => a.length === b.length && a.every((columns, i) => columns === b[i]),
  );
  const styleUrl = useAppSelector(selectRuntimeConfig)?.mapStyle ?? null;
  const theme = useColorScheme(useAppSelector(selectThemePreference));
  const bounds = union(tracks.map((columns) => trackBounds(columns)));
  // Fit once per day shown, when its first track arrives.
  const [fit, setFit] = useState<{ key: number; bounds: LonLatBounds | null }>({
    key: fitKey,
    bounds,
  });
  if (fit.key !== fitKey || (fit.bounds === null && bounds !== null))
    setFit({ key: fitKey, bounds });

  const layers = useMemo(() => {
    const ends = (columns: TrackColumnsLike, id: number): MapMarker[] =>
      columns.length === 0
        ? []
        : [
            {
              id: `start-${String(id)}`,
              kind: 'start',
              lon: columns.positions[0] ?? 0,
              lat: columns.positions[1] ?? 0,
            },
            {
              id: `end-${String(id)}`,
              kind: 'end',
              lon: columns.positions[2 * columns.length - 2] ?? 0,
              lat: columns.positions[2 * columns.length - 1] ?? 0,
            },
          ];
    return [
      ...tracks.map((columns, i) => speedTrackLayer(`track-${String(activityIds[i])}`, columns)),
      eventMarkerLayer(
        'ends',
        tracks.flatMap((columns, i) => ends(columns, activityIds[i] ?? i)),
      ),
    ];
  }, [tracks, activityIds]);

  return (
    <MapView
      className="ll-share-map"
      label={t('Share.Journey.MapLabel')}
      layers={layers}
      theme={theme}
      styleUrl={styleUrl}
      bounds={fit.bounds}
    />
  );
}
