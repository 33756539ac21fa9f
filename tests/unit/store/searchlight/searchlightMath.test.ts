import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARDINAL_DIRECTIONS,
  HEADING_CHANGE_MIN_DEGREES,
  MAX_ACCURACY_M,
  MOVEMENT_HEADING_MIN_DISTANCE_M,
  arrowRotation,
  bearingDegrees,
  cardinalDirection,
  distanceMeters,
  headingDifference,
  isAccuracyTooPoor,
  isHeadingChange,
  movementHeading,
  roundHeading,
  roundPosition,
} from '../../../../src/store/searchlight/searchlightMath';

/** City centres, WGS 84 degrees. */
const OSLO = { lat: 59.91273, lon: 10.74609 };
const BERGEN = { lat: 60.39299, lon: 5.32415 };
const LONDON = { lat: 51.50735, lon: -0.12776 };
const PARIS = { lat: 48.85661, lon: 2.35222 };
const VALENCIA = { lat: 39.46975, lon: -0.37739 };
const PALMA = { lat: 39.56964, lon: 2.65016 };
const SYDNEY = { lat: -33.86882, lon: 151.20929 };
const AUCKLAND = { lat: -36.84846, lon: 174.76334 };

/*
 * Reference distances (m) and initial bearings (degrees) on a sphere of R = 6372.8 km, computed
 * independently of the code under test with 3-D unit vectors (distance R·atan2(|a×b|, a·b); bearing
 * atan2(b·east, b·north) in the tangent plane at the start) and rounded to 0.1 m and 0.001°.
 * Tolerance: 0.1 m and 0.001°.
 */
const DISTANCE_TOLERANCE_M = 0.1;
const BEARING_TOLERANCE_DEG = 0.001;

describe('distance and bearing between real places (R = 6372.8 km)', () => {
  it.each([
    ['Oslo → Bergen', OSLO, BERGEN, 304_761.6, 282.436],
    ['Bergen → Oslo', BERGEN, OSLO, 304_761.6, 97.732],
    ['London → Paris', LONDON, PARIS, 343_646.7, 148.115],
    ['Paris → London', PARIS, LONDON, 343_646.7, 330.021],
    ['Valencia → Palma', VALENCIA, PALMA, 259_990.9, 86.588],
    ['Palma → Valencia', PALMA, VALENCIA, 259_990.9, 268.515],
    ['Sydney → Auckland', SYDNEY, AUCKLAND, 2_156_511.1, 105.575],
    // Across the antimeridian: 1° of the equator eastwards, the short way.
    [
      '179.5 E → 179.5 W on the equator',
      { lat: 0, lon: 179.5 },
      { lat: 0, lon: -179.5 },
      111_226.3,
      90,
    ],
    [
      '179.9 W → 179.9 E, 0.1° north',
      { lat: 10, lon: -179.9 },
      { lat: 10.1, lon: 179.9 },
      24_566.1,
      296.939,
    ],
  ])('%s', (_name, from, to, metres, degrees) => {
    expect(Math.abs(distanceMeters(from, to) - metres)).toBeLessThan(DISTANCE_TOLERANCE_M);
    expect(Math.abs((bearingDegrees(from, to) ?? Number.NaN) - degrees)).toBeLessThan(
      BEARING_TOLERANCE_DEG,
    );
  });

  it('has no bearing between coinciding positions (the same point, or a pole under two longitudes)', () => {
    expect(distanceMeters(OSLO, OSLO)).toBe(0);
    expect(bearingDegrees(OSLO, OSLO)).toBeNull();
    expect(bearingDegrees({ lat: 90, lon: 0 }, { lat: 90, lon: 120 })).toBeNull();
  });

  it.each([
    ['to the North Pole is north', OSLO, { lat: 90, lon: 0 }, 0],
    ['to the South Pole is south', SYDNEY, { lat: -90, lon: 0 }, 180],
    ['from the North Pole along meridian 0 is south', { lat: 90, lon: 0 }, { lat: 0, lon: 0 }, 180],
    ['from the South Pole along meridian 0 is north', { lat: -90, lon: 0 }, { lat: 0, lon: 0 }, 0],
  ])('at the poles: %s', (_name, from, to, degrees) => {
    expect(Math.abs((bearingDegrees(from, to) ?? Number.NaN) - degrees)).toBeLessThan(
      BEARING_TOLERANCE_DEG,
    );
  });

  it('a quarter meridian from pole to equator is R·π/2', () => {
    expect(distanceMeters({ lat: 90, lon: 0 }, { lat: 0, lon: 0 })).toBeCloseTo(
      (6_372_800 * Math.PI) / 2,
      3,
    );
  });

  it('bearings are in [0, 360) and the way back differs by 180° on the equator', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.double({ min: 0.01, max: 90, noNaN: true }),
        (lon, delta) => {
          const a = { lat: 0, lon };
          const b = { lat: 0, lon: lon + delta };
          const there = bearingDegrees(a, b) ?? Number.NaN;
          const back = bearingDegrees(b, a) ?? Number.NaN;
          expect(there).toBeCloseTo(90, 9);
          expect(back).toBeCloseTo(270, 9);
        },
      ),
    );
  });
});

describe('cardinal directions (22.5° sectors centred on the 16 points)', () => {
  it.each([
    [0, 'N'],
    [11.249, 'N'],
    [11.25, 'NNE'],
    [22.5, 'NNE'],
    [33.75, 'NE'],
    [45, 'NE'],
    [90, 'E'],
    [148.115, 'SSE'],
    [180, 'S'],
    [191.25, 'SSW'],
    [270, 'W'],
    [282.436, 'WNW'],
    [337.5, 'NNW'],
    [348.749, 'NNW'],
    [348.75, 'N'],
    [359.99, 'N'],
    [360, 'N'],
    [-11.25, 'N'],
    [-11.26, 'NNW'],
    [720 + 90, 'E'],
  ])('%s° → %s', (bearing, sector) => {
    expect(cardinalDirection(bearing)).toBe(sector);
  });

  it('puts each point in its own sector and every boundary in the sector clockwise of it', () => {
    CARDINAL_DIRECTIONS.forEach((point, index) => {
      expect(cardinalDirection(index * 22.5)).toBe(point);
      const next = CARDINAL_DIRECTIONS[(index + 1) % 16];
      expect(cardinalDirection(index * 22.5 + 11.25)).toBe(next);
      expect(cardinalDirection(index * 22.5 + 11.2499)).toBe(point);
    });
  });
});

describe('rounding', () => {
  it.each([
    [
      { lat: 59.912734, lon: 10.746095 },
      { lat: 59.91273, lon: 10.7461 },
    ],
    [
      { lat: -33.868825, lon: -0.000004 },
      { lat: -33.86883, lon: 0 },
    ],
  ])('rounds coordinates to 5 decimals: %o', (position, rounded) => {
    expect(roundPosition(position)).toEqual(rounded);
  });

  it.each([
    [100.09, 100],
    [100.11, 100.2],
    [100.13, 100.2],
    [100.3, 100.4],
    [45.5, 45.6], // a tie rounds up
    [45.49, 45.4],
    [359.9, 0],
    [359.89, 359.8],
    [-0.3, 359.8],
    [360.3, 0.4],
  ])('rounds a heading to 0.2°: %s → %s', (heading, rounded) => {
    expect(roundHeading(heading)).toBe(rounded);
  });

  it('rounds every heading onto the 0.2° grid in [0, 360)', () => {
    fc.assert(
      fc.property(fc.double({ min: -720, max: 720, noNaN: true }), (heading) => {
        const rounded = roundHeading(heading);
        expect(rounded).toBeGreaterThanOrEqual(0);
        expect(rounded).toBeLessThan(360);
        expect(Math.abs(rounded * 5 - Math.round(rounded * 5))).toBeLessThan(1e-9);
        expect(headingDifference(rounded, heading)).toBeLessThanOrEqual(0.1 + 1e-9);
      }),
    );
  });
});

describe('heading changes over 10°', () => {
  it('is 10', () => {
    expect(HEADING_CHANGE_MIN_DEGREES).toBe(10);
  });

  it.each([
    [null, 123, true],
    [100, 110, false],
    [100, 110.2, true],
    [100, 89.8, true],
    [100, 90, false],
    [355, 5, false],
    [355, 5.2, true],
    [5, 354.8, true],
    [0, 180, true],
    // Headings on the 0.2° grid exactly 10° apart, whose subtraction is not exactly 10.
    [6.6, 16.6, false],
    [16.6, 6.6, false],
    [355.2, 5.2, false],
  ])('after %s, %s is a change: %s', (last, next, change) => {
    expect(isHeadingChange(last, next)).toBe(change);
  });
});

describe('arrow rotation (bearing − heading in [0, 360))', () => {
  it.each([
    [90, 0, 90],
    [90, 90, 0],
    [10, 350, 20],
    [350, 10, 340],
    [0, 0.2, 359.8],
    [148.115, null, 148.115],
  ])('bearing %s, heading %s → %s', (bearing, heading, rotation) => {
    expect(arrowRotation(bearing, heading)).toBeCloseTo(rotation, 9);
  });
});

describe('heading from movement', () => {
  const start = { lat: 59.9, lon: 10.7, accuracy: 5 };

  it('takes the bearing between positions at least 10 m apart, rounded to 0.2°', () => {
    expect(MOVEMENT_HEADING_MIN_DISTANCE_M).toBe(10);
    // 0.0001° of latitude is 11.1 m: due north.
    expect(movementHeading(start, { ...start, lat: 59.9001 })).toBe(0);
    const east = movementHeading(start, { ...start, lon: 10.7002 }); // 11.2 m east
    expect(east).not.toBeNull();
    expect(Math.abs((east ?? 0) - 90)).toBeLessThan(0.2);
    expect(((east ?? 0) * 5) % 1).toBeCloseTo(0, 9);
  });

  it('gives none for a move under 10 m', () => {
    expect(movementHeading(start, { ...start, lat: 59.90008 })).toBeNull(); // 8.9 m
  });

  it('gives none for a move inside the poorer accuracy of the two positions', () => {
    const later = { lat: 59.9002, lon: 10.7, accuracy: 30 }; // 22.2 m north, ± 30 m
    expect(movementHeading(start, later)).toBeNull();
    expect(movementHeading(start, { ...later, accuracy: 20 })).toBe(0);
  });
});

describe('accuracy', () => {
  it.each([
    [5, false],
    [MAX_ACCURACY_M, false],
    [1_000_000.5, true],
    [Number.POSITIVE_INFINITY, true],
    [Number.NaN, true],
  ])('%s m is too poor: %s', (accuracy, poor) => {
    expect(MAX_ACCURACY_M).toBe(1_000_000);
    expect(isAccuracyTooPoor(accuracy)).toBe(poor);
  });
});
