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
 * Start/end and alert, message and note markers (issue 7 item 1) as one pickable ScatterplotLayer of
 * white-rimmed dots, coloured and sized by kind; alerts are drawn last so they stay on top. Null when
 * there are no markers.
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
