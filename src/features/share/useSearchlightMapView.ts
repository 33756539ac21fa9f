import { useMemo } from 'react';
import { useAppSelector } from '../../store/hooks';
import {
  selectSearchlight,
  selectSearchlightVisible,
} from '../../store/searchlight/searchlightSlice';
import type { MapPosition } from '../../ui/map/layers/positionLayers';

/**
 * The searchlight on the share map (spec policy §2 "a searchlight map mode"; docs/share-viewing.md
 * "Searchlight on the map"): where the viewer is (`viewer`: their own position, its accuracy radius
 * and their heading) and the wearer they look for (`target`), degrees.
 */
export interface SearchlightMapView {
  readonly viewer: MapPosition;
  readonly target: { readonly lon: number; readonly lat: number };
}

/**
 * What the share map shows of the searchlight (docs/share-viewing.md "Searchlight on the map"): while
 * the searchlight shows (on, and this device's position known; spec app §4) and `active` (not an
 * incident replay), the viewer's position — degrees, its accuracy radius in m, their heading in
 * degrees from north or null — and the wearer's; null otherwise. A new object only when one of those
 * values changes.
 */
export function useSearchlightMapView(active: boolean): SearchlightMapView | null {
  const visible = useAppSelector(selectSearchlightVisible);
  const { position, heading, target } = useAppSelector(selectSearchlight);
  const shown = active && visible && position !== null && target !== null;
  const lon = position?.lon ?? 0;
  const lat = position?.lat ?? 0;
  const accuracyM = position?.accuracy ?? null;
  const headingDeg = heading?.degrees ?? null;
  const targetLon = target?.lon ?? 0;
  const targetLat = target?.lat ?? 0;
  return useMemo(
    () =>
      shown
        ? {
            viewer: { lon, lat, accuracyM, headingDeg },
            target: { lon: targetLon, lat: targetLat },
          }
        : null,
    [shown, lon, lat, accuracyM, headingDeg, targetLon, targetLat],
  );
}
