import type { MapPosition } from './layers/positionLayers';
import type { LiveTail } from './liveTrack';
import type { Rgba } from './trackAttributes';

/**
 * The searchlight on the live overlay (policy §2 "a searchlight map mode"; docs/share-viewing.md
 * "Searchlight on the map"): the viewer's own position, drawn as the wearer's in `colour`, and a
 * straight line from it to the wearer.
 */
export interface LiveSearchlight {
  /** Where the viewer is, with the accuracy radius (m) and their heading (degrees from north). */
  readonly viewer: MapPosition;
  readonly colour: Rgba;
}

/** What the live overlay draws of a wearer (MapView's `live`): position, colour and tail. */
export interface LiveWearer {
  /** Where the wearer is now, with the accuracy radius (m) and heading (degrees from north). */
  readonly position: MapPosition;
  /** The wearer's marker colour. */
  readonly colour: Rgba;
  /** The newest points of the track, which the map's WebGL layers do not draw yet (liveTrack.ts). */
  readonly tail: LiveTail;
  /** The searchlight's viewer and their line to the wearer; absent or null: none. */
  readonly searchlight?: LiveSearchlight | null;
}

/** A screen point of the map's container, CSS px from its top left. */
export interface ScreenPoint {
  readonly x: number;
  readonly y: number;
}

/** Projects [lon, lat] degrees onto the map's container (maplibregl.Map.project). */
export type Project = (lonLat: [number, number]) => ScreenPoint;

/** One segment of the tail on screen, CSS px, with its CSS colour. */
export interface ScreenSegment {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly colour: string;
}

/** A position's marker on screen, in the map container's CSS px. */
export interface MarkerGeometry {
  /** The marker's centre. */
  readonly x: number;
  readonly y: number;
  /** The accuracy circle's radius, px; null without an accuracy. */
  readonly accuracyPx: number | null;
  /** The arrow's turn on screen, degrees clockwise from up; null without a heading (a dot). */
  readonly arrowDeg: number | null;
}

/** The live overlay's drawing of a {@link LiveWearer}, in the map container's CSS px. */
export interface LiveWearerGeometry extends MarkerGeometry {
  readonly tail: readonly ScreenSegment[];
  /** The searchlight viewer's marker (its line runs from there to the wearer's); null: none. */
  readonly viewer: MarkerGeometry | null;
}

/** Metres per degree of latitude (mean, WGS 84), for the accuracy radius on screen. */
const METRES_PER_DEGREE_LAT = 111_320;

/** An {@link Rgba} as a CSS colour. */
export function cssColour(colour: Rgba): string {
  return `rgba(${String(colour[0])},${String(colour[1])},${String(colour[2])},${String(colour[3] / 255)})`;
}

/**
 * Where a position's marker goes on a map whose `project` and `bearingDeg` (degrees the map is turned
 * clockwise from north) are given: its centre, the accuracy circle's radius (the screen distance to a
 * point `accuracyM` m north of the position; null for an unknown or zero accuracy) and the arrow
 * turned by heading minus bearing (null without a heading).
 */
export function markerGeometry(
  position: MapPosition,
  project: Project,
  bearingDeg: number,
): MarkerGeometry {
  const { lon, lat, accuracyM, headingDeg } = position;
  const centre = project([lon, lat]);
  let accuracyPx: number | null = null;
  if (accuracyM !== null && accuracyM > 0) {
    const edge = project([lon, lat + accuracyM / METRES_PER_DEGREE_LAT]);
    accuracyPx = Math.hypot(edge.x - centre.x, edge.y - centre.y);
  }
  return {
    x: centre.x,
    y: centre.y,
    accuracyPx,
    arrowDeg: headingDeg === null ? null : (((headingDeg - bearingDeg) % 360) + 360) % 360,
  };
}

/**
 * Where the live overlay draws `live` on a map whose `project` and `bearingDeg` are given: the
 * wearer's marker ({@link markerGeometry}), the tail's segments, and the searchlight viewer's marker
 * when there is one.
 */
export function liveWearerGeometry(
  live: LiveWearer,
  project: Project,
  bearingDeg: number,
): LiveWearerGeometry {
  const tail: ScreenSegment[] = [];
  const { positions, colours } = live.tail;
  let from: ScreenPoint | null = null;
  for (let i = 0; 2 * i + 1 < positions.length; i += 1) {
    const to = project([positions[2 * i] ?? 0, positions[2 * i + 1] ?? 0]);
    if (from) {
      const colour = colours[i - 1];
      tail.push({
        x1: from.x,
        y1: from.y,
        x2: to.x,
        y2: to.y,
        colour: colour ? cssColour(colour) : cssColour(live.colour),
      });
    }
    from = to;
  }
  return {
    ...markerGeometry(live.position, project, bearingDeg),
    tail,
    viewer: live.searchlight ? markerGeometry(live.searchlight.viewer, project, bearingDeg) : null,
  };
}
