import { createSelector, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { LatLon } from '../../api/geo/haversine';
import { SEARCHLIGHT_HEADING_STALE_MS } from '../timing';
import {
  arrowRotation,
  bearingDegrees,
  cardinalDirection,
  distanceMeters,
  type CardinalDirection,
} from './searchlightMath';
import { combinedReducer } from '../rootReducer';

/** The translated location errors of the searchlight (spec application-behaviour §8 Searchlight). */
export type SearchlightErrorKey =
  | 'Errors.SearchlightPermissionDenied'
  | 'Errors.SearchlightNoLocation'
  | 'Errors.SearchlightTimeout'
  | 'Errors.SearchlightHaccOverMax';

/** The searchlight's one warning (spec §8): no compass, the heading comes from movement. */
export type SearchlightWarningKey = 'Errors.SearchlightNoCompass';

/**
 * This device's position: `lat`/`lon` degrees rounded to 5 decimals, `accuracy` m (95 % radius, at
 * most 1,000,000), `time` when it was fixed (epoch ms).
 */
export interface SearchlightPosition extends LatLon {
  readonly accuracy: number;
  readonly time: number;
}

/**
 * The device's heading: `degrees` clockwise from true north in [0, 360), rounded to 0.2; `source`
 * the compass or the bearing between two own positions (spec §4); `time` when it was taken (epoch ms).
 */
export interface SearchlightHeading {
  readonly degrees: number;
  readonly source: 'compass' | 'movement';
  readonly time: number;
}

/**
 * The searchlight (issue 8 item 5; spec §4 Searchlight): `enabled` (the view offers it), `requested`
 * (the viewer asked for it), `target` the wearer's position to point at; while it is on, this
 * device's `position` and `heading`, the location `error` and the compass `warning` (translation keys).
 */
export interface SearchlightState {
  readonly enabled: boolean;
  readonly requested: boolean;
  readonly target: LatLon | null;
  readonly position: SearchlightPosition | null;
  readonly heading: SearchlightHeading | null;
  readonly error: SearchlightErrorKey | null;
  readonly warning: SearchlightWarningKey | null;
}

/** The part of the root state the searchlight reads. */
export interface SearchlightRootState {
  readonly searchlight?: SearchlightState;
}

const initialState: SearchlightState = {
  enabled: false,
  requested: false,
  target: null,
  position: null,
  heading: null,
  error: null,
  warning: null,
};

/** On: enabled, requested and a target set (spec §4). */
const isOn = (state: SearchlightState): boolean =>
  state.enabled && state.requested && state.target !== null;

/** What was measured while on is forgotten once off: a later start begins afresh. */
function forgetWhenOff(state: SearchlightState): SearchlightState {
  return isOn(state)
    ? state
    : { ...state, position: null, heading: null, error: null, warning: null };
}

export const searchlightSlice = createSlice({
  name: 'searchlight',
  initialState,
  reducers: {
    /** The view offers the searchlight (or stops offering it). */
    searchlightEnabledChanged: (state, action: PayloadAction<boolean>) =>
      forgetWhenOff({ ...state, enabled: action.payload }),
    /** The viewer asked for the searchlight, or put it away. */
    searchlightRequestChanged: (state, action: PayloadAction<boolean>) =>
      forgetWhenOff({ ...state, requested: action.payload }),
    /** The position to point at (the wearer's), or none known. */
    searchlightTargetChanged: (state, action: PayloadAction<LatLon | null>) =>
      forgetWhenOff({ ...state, target: action.payload }),
    /** A usable own position (throttled, rounded, accurate enough); clears a location error. */
    searchlightPositionReceived: (state, action: PayloadAction<SearchlightPosition>) =>
      isOn(state) ? { ...state, position: action.payload, error: null } : state,
    /** No usable own position: the location error to show; the last usable position stays. */
    searchlightLocationFailed: (state, action: PayloadAction<SearchlightErrorKey>) =>
      isOn(state) ? { ...state, error: action.payload } : state,
    /**
     * A heading taken (compass: throttled, rounded, changed over 10°; or from movement). A compass
     * heading ends the no-compass warning: the compass spoke after all (searchlightEpics.ts).
     */
    searchlightHeadingReceived: (state, action: PayloadAction<SearchlightHeading>) =>
      isOn(state)
        ? {
            ...state,
            heading: action.payload,
            warning: action.payload.source === 'compass' ? null : state.warning,
          }
        : state,
    /** No compass heading (yet): headings come from movement until one comes (a warning). */
    searchlightCompassFailed: (state) =>
      isOn(state) ? { ...state, warning: 'Errors.SearchlightNoCompass' as const } : state,
  },
});

declare module '../rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof searchlightSlice> {}
}

/**
 * The slice in the store's reducer: it is injected when this module loads, with the part of the app
 * that uses it (src/store/epicRegistry.ts), not in the login route's JS (issue 7).
 */
const injected = searchlightSlice.injectInto(combinedReducer);

/** The slice's state in the root state; its initial state until the slice is in the store. */
export const selectSearchlightState = (state: Parameters<typeof injected.selectSlice>[0]) =>
  injected.selectSlice(state);

export const {
  searchlightEnabledChanged,
  searchlightRequestChanged,
  searchlightTargetChanged,
  searchlightPositionReceived,
  searchlightLocationFailed,
  searchlightHeadingReceived,
  searchlightCompassFailed,
} = searchlightSlice.actions;

/** The searchlight's state. */
export const selectSearchlight = (state: SearchlightRootState): SearchlightState =>
  selectSearchlightState(state);

/** Whether the searchlight is on: enabled, requested and a target set (spec §4). */
export const selectSearchlightOn = createSelector([selectSearchlight], isOn);

/** Whether the searchlight shows: on, and this device's position known (spec §4). */
export const selectSearchlightVisible = createSelector(
  [selectSearchlight],
  (searchlight) => isOn(searchlight) && searchlight.position !== null,
);

/** Own position and target while both are known (null otherwise); kept while only the heading changes. */
const selectEnds = createSelector(
  [
    (state: SearchlightRootState) => selectSearchlightState(state).position,
    (state: SearchlightRootState) => selectSearchlightState(state).target,
  ],
  (position, target) => (position && target ? { position, target } : null),
);

/** Distance from this device to the target, m (haversine, R = 6372.8 km; spec §9), or null. */
export const selectSearchlightDistanceM = createSelector([selectEnds], (ends) =>
  ends ? distanceMeters(ends.position, ends.target) : null,
);

/**
 * Initial great-circle bearing from this device to the target, degrees from true north in [0, 360);
 * null without both positions or when they coincide.
 */
export const selectSearchlightBearing = createSelector([selectEnds], (ends) =>
  ends ? bearingDegrees(ends.position, ends.target) : null,
);

/** The bearing's cardinal direction (16 sectors of 22.5°; spec §9), or null without a bearing. */
export const selectSearchlightCardinal = createSelector(
  [selectSearchlightBearing],
  (bearing): CardinalDirection | null => (bearing === null ? null : cardinalDirection(bearing)),
);

/**
 * The arrow's rotation on screen, degrees clockwise in [0, 360): bearing less heading (a stale heading
 * still counts; see {@link selectSearchlightHeadingStale}); without a heading, the bearing (north-up).
 * Null without a bearing.
 */
export const selectSearchlightArrowRotation = createSelector(
  [
    selectSearchlightBearing,
    (state: SearchlightRootState) => selectSearchlightState(state).heading,
  ],
  (bearing, heading) =>
    bearing === null ? null : arrowRotation(bearing, heading?.degrees ?? null),
);

/**
 * Whether the heading is stale at `now` (epoch ms): taken more than 10 s before (spec §9 "A heading is
 * stale after 10 s"). False when there is no heading at all.
 */
export const selectSearchlightHeadingStale = createSelector(
  [
    (state: SearchlightRootState) => selectSearchlightState(state).heading,
    (_state, now: number) => now,
  ],
  (heading, now) => heading !== null && now - heading.time > SEARCHLIGHT_HEADING_STALE_MS,
);
