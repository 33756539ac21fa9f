import { ScatterplotLayer } from '@deck.gl/layers';
import type { Rgba } from '../trackAttributes';

/** Kinds of event a map marks along a track. */
export type MapMarkerKind = 'start' | 'end' | 'alert' | 'message' | 'note';

/** One marked event: where (degrees), what, and a stable id for picking. */
export interface MapMarker {
  readonly id: string;
  readonly kind: MapMarkerKind;
  readonly lon: number;
  readonly lat: number;
}

/** Fill colours per kind: start green, end dark, alerts red, messages blue, notes violet. */
export const MARKER_COLOURS: Readonly<Record<MapMarkerKind, Rgba>> = {
  start: [38, 166, 91, 255],
  end: [40, 44, 52, 255],
  alert: [214, 48, 49, 255],
  message: [49, 104, 196, 255],
  note: [136, 84, 208, 255],
};

const RADIUS_PX: Readonly<Record<MapMarkerKind, number>> = {
  start: 7,
  end: 7,
  alert: 9,
  message: 6,
  note: 6,
};

/**
 * Whether two marker lists mark the same events at the same places (ids, kinds and positions in
 * order): deck.gl's `dataComparator` for {@link eventMarkerLayer}. A live map builds its markers
 * anew with every fix, and their layer's attributes and buffers were rebuilt each time though the
 * markers rarely move (docs/share-viewing.md "Map").
 */
export function sameMarkers(next: readonly MapMarker[], previous?: readonly MapMarker[]): boolean {
  if (previous === undefined || next.length !== previous.length) return false;
  return next.every((marker, i) => {
    const other = previous[i];
    return (
      other !== undefined &&
      marker.id === other.id &&
      marker.kind === other.kind &&
      marker.lon === other.lon &&
      marker.lat === other.lat
    );
  });
}

/**
 * Start/end and alert, message and note markers (issue 7 item 1) as one pickable ScatterplotLayer of
 * white-rimmed dots, coloured and sized by kind; alerts are drawn last so they stay on top. Null when
 * there are no markers. A new list of the same markers ({@link sameMarkers}) updates nothing.
 */
export function eventMarkerLayer(
  id: string,
  markers: readonly MapMarker[],
): ScatterplotLayer<MapMarker> | null {
  if (markers.length === 0) return null;
  const order: readonly MapMarkerKind[] = ['start', 'end', 'message', 'note', 'alert'];
  const data = [...markers].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  return new ScatterplotLayer<MapMarker>({
    id,
    data,
    // Unchanged markers (the usual case when a fix arrives) keep their attributes and buffers.
    dataComparator: (next, previous) =>
      sameMarkers(next as readonly MapMarker[], previous as readonly MapMarker[] | undefined),
    pickable: true,
    getPosition: (m) => [m.lon, m.lat],
    getRadius: (m) => RADIUS_PX[m.kind],
    radiusUnits: 'pixels',
    getFillColor: (m) => [...MARKER_COLOURS[m.kind]],
    getLineColor: [255, 255, 255, 255],
    stroked: true,
    lineWidthUnits: 'pixels',
    getLineWidth: 2,
  });
}
