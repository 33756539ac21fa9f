import { useEffect } from 'react';
import type { TrackColumnsLike } from './trackAttributes';
import { derivedTrackOf, prewarmTrackDerivations } from './trackDerivations';

/**
 * Derives the drawings of `tracks` (trackDerivations.derivedTrackOf: speed colours, replay times and
 * Douglas–Peucker importance, large tracks in the track worker) as soon as they are in the store, and
 * starts the track worker when the calling page mounts — ahead of the map, whose chunk (MapLibre and
 * deck.gl, about 1.7 MB of script) may still be loading. The map's layers then find each drawing
 * derived or under way (derivations are cached per track and version). For pages that show long
 * tracks on a lazily loaded map (a journey: issue 7 target `journey.7day`).
 */
export function useTrackDerivationsAhead(tracks: readonly TrackColumnsLike[]): void {
  useEffect(() => {
    prewarmTrackDerivations();
  }, []);
  useEffect(() => {
    for (const columns of tracks) {
      if (columns.length === 0) continue;
      const derived = derivedTrackOf(columns);
      // The map's layer takes the same promise and handles a failure; nothing to add here.
      if (derived instanceof Promise) derived.catch(() => undefined);
    }
  }, [tracks]);
}
