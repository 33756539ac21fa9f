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
    options: { padding: EdgePadding; maxZoom: number; duration: number },
  ): unknown;
}

/** Padding of each edge of the view, CSS px (MapLibre's PaddingOptions). */
export interface EdgePadding {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

/** A box over the map that hides what is under it (a map control), CSS px from the view's top left. */
export interface Obstacle {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** How the camera frames several positions (MapView's `keepInView`). */
export interface Framing {
  /** The map's container, CSS px. */
  readonly widthPx: number;
  readonly heightPx: number;
  /** A position closer than this to an edge or an obstacle (CSS px) counts as leaving the view. */
  readonly marginPx: number;
  /** The fit's padding, CSS px: more than `marginPx`, so a small move does not fit again. */
  readonly paddingPx: number;
  /** The fit zooms in no closer than this (two positions a few metres apart). */
  readonly maxZoom: number;
  /**
   * What covers parts of the map (its zoom buttons, the attribution): a position under one is out
   * of sight as much as one beyond an edge. Default none.
   */
  readonly obstacles?: readonly Obstacle[];
}

/**
 * The fit's padding: `paddingPx` on every edge, and an obstacle moves the edge it stands against
 * (the one it reaches least far from) in by its depth, so after the fit no position lies under it and
 * the positions may move as far towards it as towards a bare edge before the next fit. Where that
 * would leave no room (a map hardly larger than its controls), every edge keeps `paddingPx`.
 */
function fitPadding({
  widthPx,
  heightPx,
  marginPx,
  paddingPx,
  obstacles = [],
}: Framing): EdgePadding {
  const padding = { top: paddingPx, right: paddingPx, bottom: paddingPx, left: paddingPx };
  for (const box of obstacles) {
    const depths: [keyof EdgePadding, number][] = [
      ['top', box.bottom],
      ['right', widthPx - box.left],
      ['bottom', heightPx - box.top],
      ['left', box.right],
    ];
    const [edge, depth] = depths.reduce((least, next) => (next[1] < least[1] ? next : least));
    padding[edge] = Math.max(padding[edge], depth + paddingPx);
  }
  const roomy =
    padding.left + padding.right < widthPx - marginPx &&
    padding.top + padding.bottom < heightPx - marginPx;
  return roomy ? padding : { top: paddingPx, right: paddingPx, bottom: paddingPx, left: paddingPx };
}

/**
 * Keeps every position of `points` ([lon, lat] degrees) in view (the share map while the searchlight
 * shows: the viewer and the wearer; docs/share-viewing.md "Searchlight on the map"): while each lies
 * at least `marginPx` inside the view and away from every obstacle the camera stays ('stay'); once
 * one does not, the view fits them all in one frame, padded by `paddingPx` and clear of the obstacles
 * ('fit'). Each fit is one full render of the map, so between fits the positions may move by the
 * difference of padding and margin. No points: 'stay'.
 */
export function keepInView(
  camera: FramingCamera,
  points: readonly (readonly [number, number])[],
  framing: Framing,
): 'stay' | 'fit' {
  if (points.length === 0) return 'stay';
  const { widthPx, heightPx, marginPx, obstacles = [] } = framing;
  const inside = points.every((point) => {
    const { x, y } = camera.project([point[0], point[1]]);
    const onView =
      x >= marginPx && x <= widthPx - marginPx && y >= marginPx && y <= heightPx - marginPx;
    return (
      onView &&
      obstacles.every(
        (box) =>
          x <= box.left - marginPx ||
          x >= box.right + marginPx ||
          y <= box.top - marginPx ||
          y >= box.bottom + marginPx,
      )
    );
  });
  if (inside) return 'stay';
  const lons = points.map((point) => point[0]);
  const lats = points.map((point) => point[1]);
  camera.fitBounds([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)], {
    padding: fitPadding(framing),
    maxZoom: framing.maxZoom,
    duration: 0,
  });
  return 'fit';
}
