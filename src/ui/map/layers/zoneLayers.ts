import { PolygonLayer, ScatterplotLayer } from '@deck.gl/layers';
import type { Rgba } from '../trackAttributes';

/** A zone as the map draws it (spec §3 zones: CIRCLE, POLYGON, a BEACON with a position as a circle). */
export interface MapZone {
  readonly id: string;
  /** SAFETY zones are drawn green, DANGER zones red. */
  readonly kind: 'SAFETY' | 'DANGER';
  readonly shape:
    | {
        readonly type: 'circle';
        readonly lon: number;
        readonly lat: number;
        readonly radiusM: number;
      }
    | { readonly type: 'polygon'; readonly ring: readonly (readonly [number, number])[] };
}

const ZONE_COLOURS: Readonly<Record<MapZone['kind'], Rgba>> = {
  SAFETY: [38, 166, 91, 255],
  DANGER: [214, 48, 49, 255],
};

type CircleZone = MapZone & { shape: { type: 'circle' } };
type PolygonZone = MapZone & { shape: { type: 'polygon' } };

/**
 * Zones (issue 7 item 1): circles as ScatterplotLayer discs in metres, polygons as a PolygonLayer,
 * both translucent with a solid outline in the kind's colour. Empty when there are no zones.
 */
export function zoneLayers(
  id: string,
  zones: readonly MapZone[],
): (ScatterplotLayer<CircleZone> | PolygonLayer<PolygonZone>)[] {
  const circles = zones.filter((z): z is CircleZone => z.shape.type === 'circle');
  const polygons = zones.filter((z): z is PolygonZone => z.shape.type === 'polygon');
  const fill = (z: MapZone): Rgba => {
    const c = ZONE_COLOURS[z.kind];
    return [c[0], c[1], c[2], 45];
  };
  const line = (z: MapZone): Rgba => ZONE_COLOURS[z.kind];
  const layers: (ScatterplotLayer<CircleZone> | PolygonLayer<PolygonZone>)[] = [];
  if (circles.length > 0) {
    layers.push(
      new ScatterplotLayer<CircleZone>({
        id: `${id}-circles`,
        data: circles,
        getPosition: (z) => [z.shape.lon, z.shape.lat],
        getRadius: (z) => z.shape.radiusM,
        radiusUnits: 'meters',
        getFillColor: (z) => [...fill(z)],
        getLineColor: (z) => [...line(z)],
        stroked: true,
        lineWidthUnits: 'pixels',
        getLineWidth: 2,
      }),
    );
  }
  if (polygons.length > 0) {
    layers.push(
      new PolygonLayer<PolygonZone>({
        id: `${id}-polygons`,
        data: polygons,
        getPolygon: (z) => z.shape.ring.map(([lon, lat]) => [lon, lat]),
        getFillColor: (z) => [...fill(z)],
        getLineColor: (z) => [...line(z)],
        stroked: true,
        lineWidthUnits: 'pixels',
        getLineWidth: 2,
      }),
    );
  }
  return layers;
}
