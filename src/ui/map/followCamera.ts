/** A screen point of the map's canvas, CSS px. */
interface ScreenPoint {
  readonly x: number;
  readonly y: number;
}

/** What {@link followTo} needs of a MapLibre map (maplibregl.Map has all of it). */
export interface FollowedCamera {
  getCenter(): { readonly lng: number; readonly lat: number };
  project(lngLat: [number, number]): ScreenPoint;
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
 * Centres `camera` on `target` ([lon, lat], degrees) for follow mode (MapView's `follow`): a jump for a
 * small move (one frame), an ease of {@link FOLLOW_EASE_MS} for a larger one so the viewer sees where
 * the view went. Returns which it did.
 */
export function followTo(
  camera: FollowedCamera,
  target: readonly [number, number],
): 'jump' | 'ease' {
  const center = camera.getCenter();
  const from = camera.project([center.lng, center.lat]);
  const to = camera.project([target[0], target[1]]);
  if (Math.hypot(to.x - from.x, to.y - from.y) <= FOLLOW_JUMP_MAX_PX) {
    camera.jumpTo({ center: [target[0], target[1]] });
    return 'jump';
  }
  camera.easeTo({ center: [target[0], target[1]], duration: FOLLOW_EASE_MS });
  return 'ease';
}
