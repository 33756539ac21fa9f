import { Observable } from 'rxjs';

/**
 * The searchlight's position options (spec application-behaviour §9 "Location and searchlight": high
 * accuracy, maximum age 5 min, timeout 30 s), the defaults of {@link geolocation$}.
 */
export const SEARCHLIGHT_POSITION_OPTIONS: Readonly<Required<PositionOptions>> = Object.freeze({
  enableHighAccuracy: true,
  maximumAge: 5 * 60_000,
  timeout: 30_000,
});

/** Decimals kept of a coordinate (spec §9 "Coordinates are rounded to 5 decimals", about 1 m). */
export const COORDINATE_DECIMALS = 5;

/**
 * One position fix of this device: `lat`/`lon` in degrees (WGS 84) rounded to
 * {@link COORDINATE_DECIMALS} decimals, `accuracyM` the 95 % radius in m as the browser reports it,
 * `timeMs` when it was taken (epoch ms).
 */
export interface GeoFix {
  readonly lat: number;
  readonly lon: number;
  readonly accuracyM: number;
  readonly timeMs: number;
}

/**
 * What a watch of this device's position reports: a {@link GeoFix}, or a passing failure (TIMEOUT: no
 * fix within the timeout; POSITION_UNAVAILABLE) after which the browser keeps watching and the next
 * fix may come at any moment.
 */
export type GeoReading = GeoFix | GeolocationError;

/** Why no position comes (spec §4 Searchlight "Location error codes"). */
export type GeolocationErrorCode = 'PERMISSION_DENIED' | 'POSITION_UNAVAILABLE' | 'TIMEOUT';

/**
 * A failure of this device's location, with one of the spec's three location error codes:
 * {@link geolocation$} fails with it when the permission is denied (or there is no geolocation at
 * all) and reports it as a {@link GeoReading} when the browser goes on watching.
 */
export class GeolocationError extends Error {
  override readonly name = 'GeolocationError';

  constructor(
    readonly code: GeolocationErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The part of `navigator.geolocation` this stream uses (a fake in tests). */
export type GeolocationApi = Pick<Geolocation, 'watchPosition' | 'clearWatch'>;

/** The W3C `GeolocationPositionError.code` values, by their names in the spec's error codes. */
const ERROR_CODES: Readonly<Record<number, GeolocationErrorCode>> = {
  1: 'PERMISSION_DENIED',
  2: 'POSITION_UNAVAILABLE',
  3: 'TIMEOUT',
};

/**
 * `degrees` rounded to {@link COORDINATE_DECIMALS} decimals, half away from zero (so a position and its
 * mirror round alike), never -0.
 */
export function roundCoordinate(degrees: number): number {
  const scale = 10 ** COORDINATE_DECIMALS;
  const rounded = (Math.sign(degrees) * Math.round(Math.abs(degrees) * scale)) / scale;
  return rounded === 0 ? 0 : rounded;
}

function defaultGeolocation(): GeolocationApi | null {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return null;
  return navigator.geolocation;
}

/**
 * This device's position as it changes (issue 6 item 1; spec §9 "Location and searchlight"), from
 * `navigator.geolocation.watchPosition` with `options` over {@link SEARCHLIGHT_POSITION_OPTIONS}.
 * Emits a {@link GeoFix} per position; a fix with a non-finite coordinate is dropped (validated at the
 * edge). A timeout or an unavailable position is emitted as a {@link GeolocationError} (the
 * browser's error code mapped to the spec's name; an unknown code as POSITION_UNAVAILABLE) and the
 * watch goes on, as the browser's does: a phone that had no fix for 30 s in a forest reports again
 * the moment it has one. Fails with a GeolocationError when the permission is denied
 * (PERMISSION_DENIED, which clears the watch) or the browser has no geolocation
 * (POSITION_UNAVAILABLE). Unsubscribing clears the watch. Not throttled: the searchlight's 8 s
 * throttle is the consumer's rule.
 */
export function geolocation$(
  options: PositionOptions = {},
  geolocation: GeolocationApi | null = defaultGeolocation(),
): Observable<GeoReading> {
  return new Observable<GeoReading>((subscriber) => {
    if (!geolocation) {
      subscriber.error(
        new GeolocationError('POSITION_UNAVAILABLE', 'This browser has no geolocation'),
      );
      return undefined;
    }
    const watchId = geolocation.watchPosition(
      ({ coords, timestamp }) => {
        if (!Number.isFinite(coords.latitude) || !Number.isFinite(coords.longitude)) return;
        subscriber.next({
          lat: roundCoordinate(coords.latitude),
          lon: roundCoordinate(coords.longitude),
          accuracyM: coords.accuracy,
          timeMs: timestamp,
        });
      },
      (error) => {
        const failure = new GeolocationError(
          ERROR_CODES[error.code] ?? 'POSITION_UNAVAILABLE',
          error.message,
        );
        if (failure.code === 'PERMISSION_DENIED') subscriber.error(failure);
        else subscriber.next(failure);
      },
      { ...SEARCHLIGHT_POSITION_OPTIONS, ...options },
    );
    return () => {
      geolocation.clearWatch(watchId);
    };
  });
}
