/** A screen point of the map's canvas, CSS px. */
interface ScreenPoint {
  readonly x: number;
  readonly y: number;
}

/** What {@link followTo} needs of a MapLibre map (maplibregl.Map has all of it). */
export interface FollowedCamera {
  getCenter(): { readonly lng: number; readonly lat: number };
  project(lngLat: [number, number]): ScreenPoint;
  unproject(point: [number, number]): { readonly lng: number; readonly lat: number };
  jumpTo(options: { center: [number, number] }): unknown;
  easeTo(options: { center: [number, number]; duration: number }): unknown;
}

/**
 * Up to this distance on screen (CSS px) a followed position is re-centred in one frame; farther, the
 * camera eases there. A wearer reporting at 1 Hz moves a few px per report at the zooms a share view
 * shows, and an eased pan would redraw the whole map for its 250 ms (about 15 frames) on every
 * report: a guardian's phone would draw all the time, and 50 viewers on one machine could not keep up
 * (docs/bench-latency.md).
 */
export const FOLLOW_JUMP_MAX_PX = 48;

/** How long the camera eases to a followed position farther than {@link FOLLOW_JUMP_MAX_PX}, ms. */
export const FOLLOW_EASE_MS = 250;

/**
 * Follow mode (MapView's `follow`): keeps `target` ([lon, lat], degrees) within `slackPx` (CSS px) of
 * the view's centre.
 * - Without a slack (0, the default) the camera re-centres on `target` at every change: in one frame
 *   ('jump') for a move of up to {@link FOLLOW_JUMP_MAX_PX}, eased over {@link FOLLOW_EASE_MS} ('ease')
 *   for a larger one, so the viewer sees where the view went.
 * - With a slack the camera stays ('stay') while `target` is within it. Once beyond, it leads: the
 *   new centre lies `slackPx` ahead of `target` in the direction it left the middle, so the wearer
 *   crosses the whole middle before the next move and the map shows more of where they are going
 *   (one full render of the map per 2 × slack of travel, not per slack). That move is one frame
 *   when it is at most 3 × slack (a wearer leaving the slack by one report), else the camera eases
 *   to centre on `target`.
 */
export function followTo(
  camera: FollowedCamera,
  target: readonly [number, number],
  slackPx = 0,
): 'stay' | 'jump' | 'ease' {
  const center = camera.getCenter();
  const from = camera.project([center.lng, center.lat]);
  const to = camera.project([target[0], target[1]]);
  const distance = Math.hypot(to.x - from.x, to.y - from.y);
  if (slackPx > 0) {
    if (distance <= slackPx) return 'stay';
    if (distance + slackPx <= 3 * slackPx) {
      const ahead = camera.unproject([
        to.x + ((to.x - from.x) / distance) * slackPx,
        to.y + ((to.y - from.y) / distance) * slackPx,
      ]);
      camera.jumpTo({ center: [ahead.lng, ahead.lat] });
      return 'jump';
    }
  } else if (distance <= FOLLOW_JUMP_MAX_PX) {
    camera.jumpTo({ center: [target[0], target[1]] });
    return 'jump';
  }
  camera.easeTo({ center: [target[0], target[1]], duration: FOLLOW_EASE_MS });
  return 'ease';
}

/** What {@link keepInView} needs of a MapLibre map (maplibregl.Map has all of it). */
export interface FramingCamera {
  project(lngLat: [number, number]): ScreenPoint;
  fitBounds(
    bounds: [number, number, number, number],
    options: { padding: number; maxZoom: number; duration: number },
  ): unknown;
}

/** How the camera frames several positions (MapView's `keepInView`). */
export interface Framing {
  /** The map's container, CSS px. */
  readonly widthPx: number;
  readonly heightPx: number;
  /** A position closer than this to an edge (CSS px) counts as leaving the view. */
  readonly marginPx: number;
  /** The fit's padding, CSS px: more than `marginPx`, so a small move does not fit again. */
  readonly paddingPx: number;
  /** The fit zooms in no closer than this (two positions a few metres apart). */
  readonly maxZoom: number;
}

/**
 * Keeps every position of `points` ([lon, lat] degrees) in view (the share map while the searchlight
 * shows: the viewer and the wearer; docs/share-viewing.md "Searchlight on the map"): while each lies
 * at least `marginPx` inside the view the camera stays ('stay'); once one does not, the view fits
 * them all in one frame with `paddingPx` ('fit'). Each fit is one full render of the map, so between
 * fits the positions may move by the difference of padding and margin. No points: 'stay'.
 */
export function keepInView(
  camera: FramingCamera,
  points: readonly (readonly [number, number])[],
  framing: Framing,
): 'stay' | 'fit' {
  if (points.length === 0) return 'stay';
  const { widthPx, heightPx, marginPx } = framing;
  const inside = points.every((point) => {
    const { x, y } = camera.project([point[0], point[1]]);
    return x >= marginPx && x <= widthPx - marginPx && y >= marginPx && y <= heightPx - marginPx;
  });
  if (inside) return 'stay';
  const lons = points.map((point) => point[0]);
  const lats = points.map((point) => point[1]);
  camera.fitBounds([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)], {
    padding: framing.paddingPx,
    maxZoom: framing.maxZoom,
    duration: 0,
  });
  return 'fit';
}
