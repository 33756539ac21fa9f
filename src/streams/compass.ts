import { Observable, filter, fromEvent, map, merge, throwError } from 'rxjs';

/**
 * The error {@link compass$} fails with when the browser has no device-orientation API (spec §8
 * Searchlight warning `Errors.SearchlightNoCompass`). A browser that has the API but sends no
 * absolute heading (no magnetometer, a desktop, an iOS permission not granted yet, a compass still
 * calibrating) does not fail: its stream stays silent, and the searchlight's rule decides how long
 * to wait (src/store/searchlight/searchlightEpics.ts).
 */
export class NoCompassError extends Error {
  override readonly name = 'NoCompassError';

  constructor() {
    super('This browser has no device-orientation API');
  }
}

/**
 * A device-orientation event as the browsers fire it: `alpha` degrees counter-clockwise about the
 * screen's normal (relative to north when `absolute`, or on `deviceorientationabsolute`); Safari on
 * iOS adds `webkitCompassHeading`, degrees clockwise from north, with `webkitCompassAccuracy` (m;
 * negative when the heading is unreliable).
 */
export interface OrientationEventLike {
  readonly type: string;
  readonly alpha: number | null;
  readonly absolute: boolean;
  readonly webkitCompassHeading?: number;
  readonly webkitCompassAccuracy?: number;
}

/** What {@link compass$} reads: the page's window, or a fake EventTarget in tests. */
export interface CompassTarget extends EventTarget {
  readonly DeviceOrientationEvent?: unknown;
  readonly ondeviceorientation?: unknown;
}

/** `degrees` as a heading in [0, 360). */
export function normalizeHeading(degrees: number): number {
  return ((degrees % 360) + 360) % 360;
}

/**
 * The compass heading of an orientation event, degrees clockwise from north in [0, 360), or null
 * when the event gives none: a relative orientation (not north-referenced), no `alpha`, or an iOS
 * heading flagged unreliable.
 */
export function headingOf(event: OrientationEventLike): number | null {
  const ios = event.webkitCompassHeading;
  if (typeof ios === 'number' && Number.isFinite(ios)) {
    return (event.webkitCompassAccuracy ?? 0) < 0 ? null : normalizeHeading(ios);
  }
  const absolute = event.type === 'deviceorientationabsolute' || event.absolute;
  if (!absolute || event.alpha === null || !Number.isFinite(event.alpha)) return null;
  return normalizeHeading(360 - event.alpha);
}

function hasOrientationApi(target: CompassTarget): boolean {
  return typeof target.DeviceOrientationEvent === 'function' || 'ondeviceorientation' in target;
}

/**
 * This device's compass heading (issue 6 item 1; spec §4 Searchlight "Heading comes from the compass
 * or from movement"): degrees clockwise from north in [0, 360) of the device's top edge, from
 * `deviceorientationabsolute` (Chrome) and `deviceorientation` events (iOS `webkitCompassHeading`, or
 * `alpha` when the event is absolute). The raw stream: the searchlight's throttle (1 s), rounding (0.2
 * degrees), first-heading wait and screen-orientation correction are its consumer's. Fails with a
 * {@link NoCompassError} at once when `target` has no orientation API (or is null: Node); otherwise
 * it listens until unsubscribed, emitting nothing while no absolute heading comes (a heading may
 * start at any moment: the user allowed the compass on iOS, it finished calibrating).
 * Unsubscribing removes the listeners.
 */
export function compass$(
  target: CompassTarget | null = typeof window === 'undefined' ? null : window,
): Observable<number> {
  if (!target || !hasOrientationApi(target)) {
    return throwError(() => new NoCompassError());
  }
  // DeviceOrientationEvent has these fields; the iOS ones are not in the DOM typings.
  const orientation = (type: string) =>
    fromEvent(target, type).pipe(
      map((event) => headingOf(event as unknown as OrientationEventLike)),
    );
  return merge(orientation('deviceorientationabsolute'), orientation('deviceorientation')).pipe(
    filter((heading): heading is number => heading !== null),
  );
}

/**
 * Outcome of asking for compass access: `granted`/`denied` by the user (iOS 13+ asks, and only from
 * a user gesture), `not-required` where no permission is asked (other browsers), `unsupported` where
 * there is no orientation API.
 */
export type CompassPermission = 'granted' | 'denied' | 'not-required' | 'unsupported';

/** iOS's `DeviceOrientationEvent.requestPermission` (absent elsewhere). */
interface PermissionRequestingConstructor {
  readonly requestPermission?: () => Promise<'granted' | 'denied'>;
}

/**
 * Asks for compass access where the browser requires it (spec §8 Searchlight: on iOS "has to be
 * allowed!" or "not supported"). Call it from a user gesture before subscribing to {@link compass$}.
 * A rejected request (not called from a gesture) counts as `denied`.
 */
export async function requestCompassPermission(
  target: CompassTarget | null = typeof window === 'undefined' ? null : window,
): Promise<CompassPermission> {
  if (!target || !hasOrientationApi(target)) return 'unsupported';
  const constructor = target.DeviceOrientationEvent as PermissionRequestingConstructor | undefined;
  if (typeof constructor?.requestPermission !== 'function') return 'not-required';
  try {
    return (await constructor.requestPermission()) === 'granted' ? 'granted' : 'denied';
  } catch {
    return 'denied';
  }
}
