import { useState } from 'react';
import { sameMarkers, type MapMarker } from './layers/markerLayers';
import { settleLiveTrack, type SettledTrack } from './liveTrack';
import type { TrackColumnsLike } from './trackAttributes';

/**
 * The settled part of a live track across renders (liveTrack.settleLiveTrack; docs/share-viewing.md
 * "Map: a fix moves the wearer, not the map"): the same {@link SettledTrack} while `columns` only
 * grows by fewer than LIVE_TAIL_MAX_POINTS, a new one when it settles. Kept in state, set during the
 * render that sees the change, so the render that draws uses it at once.
 */
export function useSettledTrack<C extends TrackColumnsLike>(columns: C): SettledTrack<C> {
  const [settled, setSettled] = useState<SettledTrack<C> | null>(null);
  const next = settleLiveTrack(columns, settled);
  if (next !== settled) setSettled(next);
  return next;
}

/**
 * `markers` as the list the map had while they mark the same events at the same places
 * (markerLayers.sameMarkers): a fix that moves no marker hands the map no new marker layer.
 */
export function useSameMarkers(markers: readonly MapMarker[]): readonly MapMarker[] {
  const [kept, setKept] = useState(markers);
  if (markers !== kept && !sameMarkers(markers, kept)) {
    setKept(markers);
    return markers;
  }
  return kept;
}
