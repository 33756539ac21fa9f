import { useMemo, useState } from 'react';
import type { MapTheme } from './basemapStyle';
import { MapView, type LonLatBounds } from './MapView';
import { eventMarkerLayer, type MapMarker } from './layers/markerLayers';
import { speedTrackLayer } from './layers/trackLayers';
import { trackBounds, type TrackColumnsLike } from './trackAttributes';
import { unionBounds } from './lonLatBounds';

/** The start and end markers of one track (none for an empty one). */
function ends(columns: TrackColumnsLike, id: number): MapMarker[] {
  if (columns.length === 0) return [];
  return [
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
}

/** Props of {@link JourneyTracksMap}. */
export interface JourneyTracksMapProps {
  /** The shown activities' ids, one per track (layer ids and marker ids). */
  readonly activityIds: readonly number[];
  /** Their columnar tracks, in the order of `activityIds` (empty columns while one loads). */
  readonly tracks: readonly TrackColumnsLike[];
  /** The view is refitted when this changes (the journey or day shown), once a track is known. */
  readonly fitKey: number | string;
  readonly label: string;
  readonly theme: MapTheme;
  readonly styleUrl: string | null;
  readonly className?: string;
}

/**
 * The map of a journey's day (or of its complete timeline; issue 7 item 4, issue 8 item 2): each
 * track coloured by speed with its start and end, the view fitted to all of them and refitted when
 * the day changes (`fitKey`); `data-drawn` on the map says how many points it has drawn. Props in (the callers select the tracks from the store); import it
 * lazily, it pulls in MapLibre and deck.gl.
 */
export function JourneyTracksMap({
  activityIds,
  tracks,
  fitKey,
  label,
  theme,
  styleUrl,
  className,
}: JourneyTracksMapProps) {
  const bounds = unionBounds(tracks.map((columns) => trackBounds(columns)));
  // Fit once per day shown, when its first track arrives.
  const [fit, setFit] = useState<{ key: number | string; bounds: LonLatBounds | null }>({
    key: fitKey,
    bounds,
  });
  if (fit.key !== fitKey || (fit.bounds === null && bounds !== null))
    setFit({ key: fitKey, bounds });

  const layers = useMemo(
    () => [
      ...tracks.map((columns, i) => speedTrackLayer(`track-${String(activityIds[i])}`, columns)),
      eventMarkerLayer(
        'ends',
        tracks.flatMap((columns, i) => ends(columns, activityIds[i] ?? i)),
      ),
    ],
    [tracks, activityIds],
  );

  return (
    <MapView
      className={className}
      label={label}
      layers={layers}
      theme={theme}
      styleUrl={styleUrl}
      bounds={fit.bounds}
      drawnKey={String(tracks.reduce((points, columns) => points + columns.length, 0))}
    />
  );
}
