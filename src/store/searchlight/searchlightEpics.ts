import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import {
  EMPTY,
  type MonoTypeOperatorFunction,
  type Observable,
  ReplaySubject,
  catchError,
  concat,
  defer,
  distinctUntilChanged,
  filter,
  map,
  merge,
  mergeMap,
  of,
  share,
  switchMap,
  takeUntil,
  throttleTime,
  timeout,
  timer,
} from 'rxjs';
import { GeolocationError, type GeoReading } from '../../streams/geolocation';
import {
  SEARCHLIGHT_COMPASS_FIRST_HEADING_MS,
  SEARCHLIGHT_HEADING_REFRESH_MS,
  SEARCHLIGHT_HEADING_THROTTLE_MS,
  SEARCHLIGHT_LOCATION_RETRY_DELAY_MS,
  SEARCHLIGHT_POSITION_THROTTLE_MS,
} from '../timing';
import {
  isAccuracyTooPoor,
  isHeadingChange,
  movementHeading,
  roundHeading,
  roundPosition,
  type AccuratePosition,
} from './searchlightMath';
import {
  searchlightCompassFailed,
  searchlightHeadingReceived,
  searchlightLocationFailed,
  searchlightPositionReceived,
  selectSearchlightOn,
  type SearchlightErrorKey,
  type SearchlightRootState,
} from './searchlightSlice';

/**
 * What the searchlight reaches outside the store (injected like src/store/dependencies.ts
 * `StoreDependencies`, which is meant to extend this): fakes in tests run the epic in virtual time.
 */
export interface SearchlightDependencies {
  /**
   * This device's positions (src/streams/geolocation.ts `geolocation$()`): one `GeoFix` per fix, a
   * `GeolocationError` per passing failure (the watch goes on), failing with one when the permission
   * is denied or there is no geolocation; subscribed while the searchlight is on.
   */
  readonly watchPosition: () => Observable<GeoReading>;
  /**
   * This device's compass heading, degrees from north (src/streams/compass.ts `compass$()`), failing
   * when the browser has no orientation API, silent while no heading comes; subscribed while the
   * searchlight is on.
   */
  readonly compassHeading: () => Observable<number>;
  /** Clock, epoch ms (the scheduler's clock in virtual-time tests). */
  readonly now: () => number;
}

/** An epic of the searchlight: reads only its part of the state and its dependencies. */
export type SearchlightEpic = Epic<Action, Action, SearchlightRootState, SearchlightDependencies>;

/** The translated error of each location error code (spec §4 codes, §8 keys). */
const LOCATION_ERROR_KEYS: Readonly<Record<GeolocationError['code'], SearchlightErrorKey>> = {
  PERMISSION_DENIED: 'Errors.SearchlightPermissionDenied',
  POSITION_UNAVAILABLE: 'Errors.SearchlightNoLocation',
  TIMEOUT: 'Errors.SearchlightTimeout',
};

/** The translated key of a failure of the position stream (an unknown failure: no location). */
export function locationErrorKey(error: unknown): SearchlightErrorKey {
  return error instanceof GeolocationError
    ? LOCATION_ERROR_KEYS[error.code]
    : 'Errors.SearchlightNoLocation';
}

/** At most one value per `durationMs`, the first at once and the latest at the end of each period. */
const throttleLatest = <T>(durationMs: number): MonoTypeOperatorFunction<T> =>
  throttleTime<T>(durationMs, undefined, { leading: true, trailing: true });

/**
 * Own positions as actions: throttled to 8 s, rounded to 5 decimals, an accuracy over 1,000,000 m
 * reported as `Errors.SearchlightHaccOverMax` (spec §9). A failure is reported by its translated key
 * (the last usable position stays: searchlightSlice). A timeout or an unavailable position passes
 * through the same throttle and the watch goes on, so the next fix clears it; a denied permission
 * ends the watch; a watch that failed otherwise (no geolocation) restarts
 * {@link SEARCHLIGHT_LOCATION_RETRY_DELAY_MS} later.
 */
function positionActions(deps: SearchlightDependencies): Observable<Action> {
  const watch = (): Observable<Action> =>
    defer(() => deps.watchPosition()).pipe(
      throttleLatest(SEARCHLIGHT_POSITION_THROTTLE_MS),
      map((reading) =>
        reading instanceof GeolocationError
          ? searchlightLocationFailed(locationErrorKey(reading))
          : isAccuracyTooPoor(reading.accuracyM)
            ? searchlightLocationFailed('Errors.SearchlightHaccOverMax')
            : searchlightPositionReceived({
                ...roundPosition(reading),
                accuracy: reading.accuracyM,
                time: reading.timeMs,
              }),
      ),
      catchError((error: unknown) => {
        const key = locationErrorKey(error);
        const retry =
          key === 'Errors.SearchlightPermissionDenied'
            ? EMPTY
            : timer(SEARCHLIGHT_LOCATION_RETRY_DELAY_MS).pipe(mergeMap(watch));
        return concat(of(searchlightLocationFailed(key)), retry);
      }),
    );
  return watch();
}

/**
 * Compass headings as actions: throttled to 1 s, rounded to 0.2°, and taken only when they differ by
 * more than 10° from the last one taken (spec §9), or when that one is
 * {@link SEARCHLIGHT_HEADING_REFRESH_MS} old (so a still device's heading does not go stale).
 */
function compassActions(deps: SearchlightDependencies): Observable<Action> {
  return defer(() => {
    let last: { degrees: number; time: number } | null = null;
    return deps.compassHeading().pipe(
      throttleLatest(SEARCHLIGHT_HEADING_THROTTLE_MS),
      map(roundHeading),
      filter((degrees) => {
        const time = deps.now();
        const take =
          last === null ||
          isHeadingChange(last.degrees, degrees) ||
          time - last.time >= SEARCHLIGHT_HEADING_REFRESH_MS;
        if (take) last = { degrees, time };
        return take;
      }),
      map((degrees) =>
        searchlightHeadingReceived({ degrees, source: 'compass', time: deps.now() }),
      ),
    );
  });
}

/**
 * Headings from movement (spec §4): the bearing from the last position a heading was taken at (or the
 * first) to each later position far enough from it ({@link movementHeading}). Each is taken: they come
 * at most every 8 s, already over a distance, so the compass's 1 s throttle and 10° rule do not apply.
 */
function movementActions(positions$: Observable<Action>, now: () => number): Observable<Action> {
  return defer(() => {
    let anchor: AccuratePosition | null = null;
    return positions$.pipe(
      filter(searchlightPositionReceived.match),
      mergeMap(({ payload }) => {
        const degrees = anchor === null ? null : movementHeading(anchor, payload);
        if (anchor === null || degrees !== null) anchor = payload;
        return degrees === null
          ? EMPTY
          : of(searchlightHeadingReceived({ degrees, source: 'movement', time: now() }));
      }),
    );
  });
}

/**
 * Headings while the searchlight is on: the compass's ({@link compassActions}). Without an
 * orientation API, `Errors.SearchlightNoCompass` and headings from movement. With one that gives no
 * heading within {@link SEARCHLIGHT_COMPASS_FIRST_HEADING_MS}, the same, but the compass is still
 * listened to: its first heading, however late (iOS sends none until the user allows the compass in
 * its prompt; a compass calibrating flags its headings unreliable), ends the movement headings and
 * the compass's are taken from then on (the reducer drops the warning with it).
 */
function headingActions(
  deps: SearchlightDependencies,
  positions$: Observable<Action>,
): Observable<Action> {
  const withoutCompass = (fromMovementUntil$: Observable<unknown>) =>
    concat(
      of(searchlightCompassFailed()),
      movementActions(positions$, deps.now).pipe(takeUntil(fromMovementUntil$)),
    );
  return defer(() => {
    const compass$ = compassActions(deps).pipe(share());
    return compass$.pipe(
      timeout({
        first: SEARCHLIGHT_COMPASS_FIRST_HEADING_MS,
        with: () => merge(withoutCompass(compass$), compass$),
      }),
      catchError(() => withoutCompass(EMPTY)),
    );
  });
}

/**
 * While the searchlight is on (enabled, requested, a target set; spec §4), this device's positions and
 * heading reach the store (issue 8 item 5; spec §9 "Location and searchlight"): positions throttled to
 * 8 s, headings from the compass throttled to 1 s; without a compass, `Errors.SearchlightNoCompass`
 * and headings from movement until the compass speaks ({@link headingActions}). Turning it off
 * unsubscribes from both sources; a target changing while on does not restart them.
 */
export const searchlightEpic: SearchlightEpic = (_action$, state$, deps) =>
  state$.pipe(
    map((state) => selectSearchlightOn(state)),
    distinctUntilChanged(),
    switchMap((on) => {
      if (!on) return EMPTY;
      // One position watch feeds the store and, without a compass, the movement headings; the
      // latest position is replayed to the movement headings so they start from it.
      const positions$ = positionActions(deps).pipe(
        share({ connector: () => new ReplaySubject<Action>(1) }),
      );
      return merge(positions$, headingActions(deps, positions$));
    }),
  );

export const searchlightEpics: SearchlightEpic[] = [searchlightEpic];
