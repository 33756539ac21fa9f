import { describe, expect, it } from 'vitest';
import {
  GeolocationError,
  SEARCHLIGHT_POSITION_OPTIONS,
  geolocation$,
  roundCoordinate,
  type GeoReading,
  type GeolocationApi,
} from '../../../src/streams/geolocation';

/** A navigator.geolocation stand-in: records watches and lets the test report fixes and errors. */
function fakeGeolocation() {
  const watches = new Map<
    number,
    { success: PositionCallback; failure: PositionErrorCallback; options: PositionOptions }
  >();
  let nextId = 1;
  const api: GeolocationApi = {
    watchPosition(success, failure, options) {
      const id = nextId++;
      watches.set(id, { success, failure: failure ?? (() => undefined), options: options ?? {} });
      return id;
    },
    clearWatch(id) {
      watches.delete(id);
    },
  };
  const only = () => {
    const [watch] = [...watches.values()];
    if (!watch) throw new Error('no watch');
    return watch;
  };
  return {
    api,
    watches,
    fix(latitude: number, longitude: number, accuracy: number, timestamp: number) {
      only().success({
        coords: { latitude, longitude, accuracy },
        timestamp,
      } as GeolocationPosition);
    },
    fail(code: number, message = 'failed') {
      only().failure({ code, message } as GeolocationPositionError);
    },
  };
}

describe('geolocation$ (issue 6 item 1; spec §9 Location and searchlight)', () => {
  it('watches with the searchlight options: high accuracy, maximum age 5 min, timeout 30 s', () => {
    const geo = fakeGeolocation();
    const subscription = geolocation$(undefined, geo.api).subscribe();
    expect([...geo.watches.values()][0]?.options).toEqual({
      enableHighAccuracy: true,
      maximumAge: 300_000,
      timeout: 30_000,
    });
    expect(SEARCHLIGHT_POSITION_OPTIONS.maximumAge).toBe(5 * 60 * 1000);
    subscription.unsubscribe();
  });

  it('lets the caller override an option, keeping the other defaults', () => {
    const geo = fakeGeolocation();
    const subscription = geolocation$({ timeout: 10_000 }, geo.api).subscribe();
    expect([...geo.watches.values()][0]?.options).toEqual({
      enableHighAccuracy: true,
      maximumAge: 300_000,
      timeout: 10_000,
    });
    subscription.unsubscribe();
  });

  it('emits each fix with coordinates rounded to 5 decimals, accuracy in m and time in ms', () => {
    const geo = fakeGeolocation();
    const fixes: GeoReading[] = [];
    const subscription = geolocation$(undefined, geo.api).subscribe((fix) => fixes.push(fix));
    geo.fix(58.969_876_54, 5.733_104_49, 12.5, 1_795_400_000_000);
    geo.fix(-33.856_784_5, -151.215_295_5, 3, 1_795_400_008_000);
    expect(fixes).toEqual([
      { lat: 58.96988, lon: 5.7331, accuracyM: 12.5, timeMs: 1_795_400_000_000 },
      { lat: -33.85678, lon: -151.2153, accuracyM: 3, timeMs: 1_795_400_008_000 },
    ]);
    subscription.unsubscribe();
  });

  it('drops a fix whose coordinates are not numbers', () => {
    const geo = fakeGeolocation();
    const fixes: GeoReading[] = [];
    const subscription = geolocation$(undefined, geo.api).subscribe((fix) => fixes.push(fix));
    geo.fix(Number.NaN, 5.7, 10, 1);
    geo.fix(58.9, 5.7, 10, 2);
    expect(fixes).toEqual([{ lat: 58.9, lon: 5.7, accuracyM: 10, timeMs: 2 }]);
    subscription.unsubscribe();
  });

  it('ends and clears the watch when the permission is denied (code 1, PERMISSION_DENIED)', () => {
    const geo = fakeGeolocation();
    let failure: unknown = null;
    geolocation$(undefined, geo.api).subscribe({ error: (e: unknown) => (failure = e) });
    geo.fail(1, 'denied by user');
    expect(failure).toBeInstanceOf(GeolocationError);
    expect(failure).toMatchObject({ code: 'PERMISSION_DENIED', message: 'denied by user' });
    expect(geo.watches.size).toBe(0);
  });

  it.each([
    [2, 'POSITION_UNAVAILABLE'],
    [3, 'TIMEOUT'],
    [99, 'POSITION_UNAVAILABLE'],
  ] as const)('reports browser error code %i as %s and goes on watching', (code, expected) => {
    const geo = fakeGeolocation();
    const readings: GeoReading[] = [];
    let ended = false;
    const subscription = geolocation$(undefined, geo.api).subscribe({
      next: (reading) => readings.push(reading),
      error: () => (ended = true),
    });
    geo.fail(code, 'no fix yet');
    // The browser keeps the watch: the fix that comes next is emitted too.
    geo.fix(58.9, 5.7, 10, 2);
    expect(ended).toBe(false);
    expect(readings).toHaveLength(2);
    expect(readings[0]).toBeInstanceOf(GeolocationError);
    expect(readings[0]).toMatchObject({ code: expected, message: 'no fix yet' });
    expect(readings[1]).toEqual({ lat: 58.9, lon: 5.7, accuracyM: 10, timeMs: 2 });
    expect(geo.watches.size).toBe(1);
    subscription.unsubscribe();
    expect(geo.watches.size).toBe(0);
  });

  it('clears the watch when unsubscribed', () => {
    const geo = fakeGeolocation();
    const subscription = geolocation$(undefined, geo.api).subscribe();
    expect(geo.watches.size).toBe(1);
    subscription.unsubscribe();
    expect(geo.watches.size).toBe(0);
  });

  it('fails with POSITION_UNAVAILABLE when the browser has no geolocation', () => {
    let failure: unknown = null;
    geolocation$(undefined, null).subscribe({ error: (e: unknown) => (failure = e) });
    expect(failure).toMatchObject({ name: 'GeolocationError', code: 'POSITION_UNAVAILABLE' });
  });
});

describe('roundCoordinate (spec §9 "Coordinates are rounded to 5 decimals")', () => {
  it.each([
    [5.733_104_9, 5.7331],
    [5.733_105, 5.73311],
    [-5.733_105, -5.73311],
    [179.999_999, 180],
    [-0.000_001, 0],
    [0, 0],
  ])('%f → %f', (degrees, rounded) => {
    expect(roundCoordinate(degrees)).toBe(rounded);
  });

  it('never gives -0', () => {
    expect(Object.is(roundCoordinate(-0.000_001), 0)).toBe(true);
  });
});
