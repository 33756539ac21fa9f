import { IconLayer, ScatterplotLayer } from '@deck.gl/layers';
import type { Rgba } from '../trackAttributes';

/** Where the wearer is now, as the map draws it. */
export interface MapPosition {
  /** Longitude and latitude, degrees. */
  readonly lon: number;
  readonly lat: number;
  /** Horizontal accuracy radius, m; null when unknown. */
  readonly accuracyM: number | null;
  /** Direction of travel, degrees clockwise from north; null when unknown. */
  readonly headingDeg: number | null;
}

/** The wearer's arrow on screen, px (the WebGL layers here and the live overlay, liveWearerOverlay.ts). */
export const ARROW_SIZE_PX = 28;
/** The dot's radius without a heading, px. */
export const DOT_RADIUS_PX = 7;
/** The arrow pointing up (north) in a 64 × 64 box centred on (32, 32), as an SVG path. */
export const ARROW_PATH = 'M32 4 L54 58 L32 46 L10 58 Z';

/** A white-rimmed arrow pointing up (north) as an SVG data URL, for IconLayer (CSP allows data:). */
function arrowIcon(colour: Rgba): string {
  const fill = `rgb(${colour[0]},${colour[1]},${colour[2]})`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><path d="${ARROW_PATH}" fill="${fill}" stroke="white" stroke-width="5" stroke-linejoin="round"/></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The current position (issue 7 item 1, issue 8 item 2): the accuracy circle in metres (translucent),
 * and either an arrow turned to the heading or, without a heading, a dot — all in `colour`. Empty when
 * there is no position.
 *
 * All three layers exist whenever there is a position and all are drawn from the map's first frame:
 * the ones not wanted now (the dot while there is a heading, the arrow without one, the circle
 * without an accuracy, all three with `shown` false) are drawn at opacity 0, which shows nothing.
 * deck.gl links a layer's shader program at its first draw, and releases it when the layer is
 * finalized: a layer toggled through `visible`, or created when wanted, would link it (tens of ms on
 * a software renderer; bench replay.fjord) in the frame it first appears — the frame after Play for
 * a replay's cursor, or a live wearer's first heading. The arrow's icon loads with the map too.
 */
export function currentPositionLayers(
  id: string,
  position: MapPosition | null,
  colour: Rgba,
  shown = true,
): [ScatterplotLayer<MapPosition>, ScatterplotLayer<MapPosition>, IconLayer<MapPosition>] | [] {
  if (!position) return [];
  const data = [position];
  return [
    new ScatterplotLayer<MapPosition>({
      id: `${id}-accuracy`,
      data,
      opacity: shown && position.accuracyM !== null && position.accuracyM > 0 ? 1 : 0,
      getPosition: (p) => [p.lon, p.lat],
      getRadius: (p) => p.accuracyM ?? 0,
      radiusUnits: 'meters',
      getFillColor: [colour[0], colour[1], colour[2], 40],
      getLineColor: [colour[0], colour[1], colour[2], 140],
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 1,
    }),
    new ScatterplotLayer<MapPosition>({
      id: `${id}-dot`,
      data,
      opacity: shown && position.headingDeg === null ? 1 : 0,
      getPosition: (p) => [p.lon, p.lat],
      getRadius: DOT_RADIUS_PX,
      radiusUnits: 'pixels',
      getFillColor: [...colour],
      getLineColor: [255, 255, 255, 255],
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 2,
    }),
    new IconLayer<MapPosition>({
      id: `${id}-arrow`,
      data,
      opacity: shown && position.headingDeg !== null ? 1 : 0,
      getPosition: (p) => [p.lon, p.lat],
      getIcon: () => ({
        url: arrowIcon(colour),
        width: 64,
        height: 64,
        anchorY: 32,
        id: 'arrow',
      }),
      getSize: ARROW_SIZE_PX,
      sizeUnits: 'pixels',
      // IconLayer angles turn counter-clockwise; a heading turns clockwise from north.
      getAngle: (p) => -(p.headingDeg ?? 0),
      billboard: false,
    }),
  ];
}
