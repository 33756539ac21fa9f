import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M, haversineMeters } from '../../../src/api/geo/haversine';

const position = fc.record({
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  lon: fc.double({ min: -180, max: 180, noNaN: true }),
});

describe('haversineMeters (app §9: earth radius 6372.8 km)', () => {
  it('uses R = 6372.8 km', () => {
    expect(EARTH_RADIUS_M).toBe(6_372_800);
  });

  it.each([
    // One degree of arc on R = 6372.8 km: 6 372 800 × π / 180.
    ['one degree along the equator', { lat: 0, lon: 0 }, { lat: 0, lon: 1 }, 111_226.342_571],
    ['one degree along a meridian', { lat: 10, lon: 20 }, { lat: 11, lon: 20 }, 111_226.342_571],
    // The classic check value computed with R = 6372.8 km: BNA (36.12, -86.67) to LAX (33.94, -118.40).
    [
      'Nashville to Los Angeles',
      { lat: 36.12, lon: -86.67 },
      { lat: 33.94, lon: -118.4 },
      2_887_259.950_607,
    ],
    ['pole to pole', { lat: 90, lon: 0 }, { lat: -90, lon: 0 }, Math.PI * 6_372_800],
    ['across the antimeridian', { lat: 0, lon: 179.5 }, { lat: 0, lon: -179.5 }, 111_226.342_571],
  ])('%s', (_name, from, to, metres) => {
    expect(haversineMeters(from, to)).toBeCloseTo(metres, 3);
  });

  it('is zero for one position, symmetric, and at most half the circumference', () => {
    fc.assert(
      fc.property(position, position, (a, b) => {
        expect(haversineMeters(a, a)).toBe(0);
        expect(haversineMeters(a, b)).toBeCloseTo(haversineMeters(b, a), 6);
        const d = haversineMeters(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(Math.PI * EARTH_RADIUS_M + 1e-6);
      }),
    );
  });

  it('obeys the triangle inequality', () => {
    fc.assert(
      fc.property(position, position, position, (a, b, c) => {
        const around = haversineMeters(a, b) + haversineMeters(b, c);
        // Floating point near antipodes is good to about 1e-9 of the distance (≈ 2 cm at 20,000 km).
        expect(haversineMeters(a, c)).toBeLessThanOrEqual(around + 1e-6 + around * 1e-8);
      }),
    );
  });
});
