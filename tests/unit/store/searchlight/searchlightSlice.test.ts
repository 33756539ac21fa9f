import type { Action } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  searchlightCompassFailed,
  searchlightEnabledChanged,
  searchlightHeadingReceived,
  searchlightLocationFailed,
  searchlightPositionReceived,
  searchlightRequestChanged,
  searchlightSlice,
  searchlightTargetChanged,
  selectSearchlightArrowRotation,
  selectSearchlightBearing,
  selectSearchlightCardinal,
  selectSearchlightDistanceM,
  selectSearchlightHeadingStale,
  selectSearchlightOn,
  selectSearchlightVisible,
  type SearchlightState,
  selectSearchlightState,
} from '../../../../src/store/searchlight/searchlightSlice';

const reduce = (
  actions: readonly Action[],
  from?: SearchlightState,
): { searchlight: SearchlightState } => ({
  searchlight: actions.reduce(searchlightSlice.reducer, from ?? searchlightSlice.getInitialState()),
});

const PARIS = { lat: 48.85661, lon: 2.35222 };
const LONDON = { lat: 51.50735, lon: -0.12776, accuracy: 12, time: 1_000 };

/** Enabled, requested, pointing at Paris. */
const turnedOn = [
  searchlightEnabledChanged(true),
  searchlightRequestChanged(true),
  searchlightTargetChanged(PARIS),
];

describe('searchlight -> on and visible (spec §4)', () => {
  it.each([
    [false, false, null, false],
    [true, false, PARIS, false],
    [false, true, PARIS, false],
    [true, true, null, false],
    [true, true, PARIS, true],
  ])('enabled %s, requested %s, target %o → on %s', (enabled, requested, target, on) => {
    const state = reduce([
      searchlightEnabledChanged(enabled),
      searchlightRequestChanged(requested),
      searchlightTargetChanged(target),
    ]);
    expect(selectSearchlightOn(state)).toBe(on);
    expect(selectSearchlightVisible(state)).toBe(false);
  });

  it('is visible once on and this device’s position is known', () => {
    expect(
      selectSearchlightVisible(reduce([...turnedOn, searchlightPositionReceived(LONDON)])),
    ).toBe(true);
  });

  it('stays visible while the target moves', () => {
    const state = reduce([
      ...turnedOn,
      searchlightPositionReceived(LONDON),
      searchlightTargetChanged({ lat: 48.9, lon: 2.4 }),
    ]);
    expect(selectSearchlightVisible(state)).toBe(true);
  });
});

describe('searchlight -> measurements', () => {
  it('keeps the position, clearing a location error; a later failure keeps the position', () => {
    const failed = reduce([...turnedOn, searchlightLocationFailed('Errors.SearchlightTimeout')]);
    expect(failed.searchlight.error).toBe('Errors.SearchlightTimeout');
    const fixed = reduce([searchlightPositionReceived(LONDON)], failed.searchlight);
    expect(fixed.searchlight).toMatchObject({ position: LONDON, error: null });
    const poor = reduce(
      [searchlightLocationFailed('Errors.SearchlightHaccOverMax')],
      fixed.searchlight,
    );
    expect(poor.searchlight).toMatchObject({
      position: LONDON,
      error: 'Errors.SearchlightHaccOverMax',
    });
  });

  it('keeps the heading and the no-compass warning', () => {
    const heading = { degrees: 90, source: 'movement' as const, time: 5_000 };
    const state = reduce([
      ...turnedOn,
      searchlightCompassFailed(),
      searchlightHeadingReceived(heading),
    ]);
    expect(selectSearchlightState(state)).toMatchObject({
      heading,
      warning: 'Errors.SearchlightNoCompass',
    });
  });

  it('drops the no-compass warning once a compass heading comes after all', () => {
    const compassHeading = { degrees: 135, source: 'compass' as const, time: 9_000 };
    const state = reduce([
      ...turnedOn,
      searchlightCompassFailed(),
      searchlightHeadingReceived({ degrees: 90, source: 'movement', time: 5_000 }),
      searchlightHeadingReceived(compassHeading),
    ]);
    expect(selectSearchlightState(state)).toMatchObject({
      heading: compassHeading,
      warning: null,
    });
  });

  it.each([
    ['not enabled', searchlightEnabledChanged(false)],
    ['not requested', searchlightRequestChanged(false)],
    ['without a target', searchlightTargetChanged(null)],
  ])('forgets what it measured once off (%s)', (_name, off) => {
    const state = reduce([
      ...turnedOn,
      searchlightPositionReceived(LONDON),
      searchlightHeadingReceived({ degrees: 10, source: 'compass', time: 1 }),
      searchlightLocationFailed('Errors.SearchlightTimeout'),
      searchlightCompassFailed(),
      off,
    ]);
    expect(selectSearchlightState(state)).toMatchObject({
      position: null,
      heading: null,
      error: null,
      warning: null,
    });
  });

  it('ignores measurements arriving while off', () => {
    const state = reduce([
      searchlightEnabledChanged(true),
      searchlightPositionReceived(LONDON),
      searchlightHeadingReceived({ degrees: 10, source: 'compass', time: 1 }),
      searchlightLocationFailed('Errors.SearchlightPermissionDenied'),
      searchlightCompassFailed(),
    ]);
    expect(selectSearchlightState(state)).toEqual({
      ...searchlightSlice.getInitialState(),
      enabled: true,
    });
  });
});

describe('searchlight selectors', () => {
  const visible = reduce([...turnedOn, searchlightPositionReceived(LONDON)]);

  it('gives distance, bearing and cardinal direction from this device to the target', () => {
    // London → Paris on R = 6372.8 km (reference values: searchlightMath.test.ts).
    expect(selectSearchlightDistanceM(visible)).toBeCloseTo(343_646.7, 0);
    expect(selectSearchlightBearing(visible)).toBeCloseTo(148.115, 3);
    expect(selectSearchlightCardinal(visible)).toBe('SSE');
  });

  it('gives nothing without this device’s position', () => {
    const state = reduce(turnedOn);
    expect(selectSearchlightDistanceM(state)).toBeNull();
    expect(selectSearchlightBearing(state)).toBeNull();
    expect(selectSearchlightCardinal(state)).toBeNull();
    expect(selectSearchlightArrowRotation(state)).toBeNull();
  });

  it('gives no bearing when standing on the target', () => {
    const state = reduce([
      ...turnedOn,
      searchlightPositionReceived({ ...PARIS, accuracy: 5, time: 1 }),
    ]);
    expect(selectSearchlightDistanceM(state)).toBe(0);
    expect(selectSearchlightBearing(state)).toBeNull();
    expect(selectSearchlightArrowRotation(state)).toBeNull();
  });

  it('turns the arrow by bearing less heading; north-up without a heading', () => {
    expect(selectSearchlightArrowRotation(visible)).toBeCloseTo(148.115, 3);
    const facingSouthEast = reduce(
      [searchlightHeadingReceived({ degrees: 135, source: 'compass', time: 1_000 })],
      visible.searchlight,
    );
    expect(selectSearchlightArrowRotation(facingSouthEast)).toBeCloseTo(13.115, 3);
    const facingEastNorthEast = reduce(
      [searchlightHeadingReceived({ degrees: 200, source: 'compass', time: 1_000 })],
      visible.searchlight,
    );
    expect(selectSearchlightArrowRotation(facingEastNorthEast)).toBeCloseTo(308.115, 3);
  });

  it('calls a heading stale more than 10 s after it was taken (spec §9)', () => {
    const state = reduce(
      [searchlightHeadingReceived({ degrees: 135, source: 'compass', time: 50_000 })],
      visible.searchlight,
    );
    expect(selectSearchlightHeadingStale(state, 50_000)).toBe(false);
    expect(selectSearchlightHeadingStale(state, 60_000)).toBe(false);
    expect(selectSearchlightHeadingStale(state, 60_001)).toBe(true);
    expect(selectSearchlightHeadingStale(visible, 1e12)).toBe(false);
  });

  it('does not recompute distance and bearing when only the heading changes', () => {
    selectSearchlightDistanceM(visible);
    selectSearchlightBearing(visible);
    const distances = selectSearchlightDistanceM.recomputations();
    const bearings = selectSearchlightBearing.recomputations();
    const turned = reduce(
      [searchlightHeadingReceived({ degrees: 10, source: 'compass', time: 1 })],
      visible.searchlight,
    );
    selectSearchlightDistanceM(turned);
    selectSearchlightBearing(turned);
    expect(selectSearchlightDistanceM.recomputations()).toBe(distances);
    expect(selectSearchlightBearing.recomputations()).toBe(bearings);
  });
});
