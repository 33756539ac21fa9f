import { describe, expect, it } from 'vitest';
import { DEFAULT_UNITS, type Units } from '../../../../src/api/entities/client';
import {
  activityChartData,
  CHART_MAX_BUCKETS,
  chartUnits,
  downsampleMinMax,
} from '../../../../src/features/activities/data/chartSeries';
import { ColumnarTrack } from '../../../../src/store/locationHistory/columnarTrack';

const T0 = Date.UTC(2026, 5, 1, 8, 0);
const units = (changes: Partial<Units>): Units => ({ ...DEFAULT_UNITS, ...changes });

describe('chartUnits (app §3 "Units defaults", through src/ui/format)', () => {
  it.each([
    { changes: {}, speed: 3.6, speedUnit: 'Units.kmh', altitude: 1, altitudeUnit: 'Units.m' },
    {
      changes: { Speed: 'mph', Height: 'in' } as const,
      speed: 2.236936,
      speedUnit: 'Units.mph',
      altitude: 3.28084,
      altitudeUnit: 'Units.ft',
    },
    {
      changes: { Speed: 'kts', Height: 'cm' } as const,
      speed: 1.943844,
      speedUnit: 'Units.kts',
      altitude: 1,
      altitudeUnit: 'Units.m',
    },
  ])('$changes', ({ changes, speed, speedUnit, altitude, altitudeUnit }) => {
    const shown = chartUnits(units(changes));
    expect(shown.speed.factor).toBeCloseTo(speed, 5);
    expect(shown.speed).toMatchObject({ unit: speedUnit, decimals: 1 });
    expect(shown.altitude.factor).toBeCloseTo(altitude, 5);
    expect(shown.altitude).toMatchObject({ unit: altitudeUnit, decimals: 0 });
    expect(shown.heartRate).toEqual({ factor: 1, unit: 'Units.bpm', decimals: 0 });
  });
});

describe('downsampleMinMax', () => {
  it('keeps every known reading of a short series, scaled, and leaves unknown ones out', () => {
    const series = downsampleMinMax([1, 2, 3, 4], [1, Number.NaN, 3, 4], 10, 2);
    expect([...series.x]).toEqual([1, 3, 4]);
    expect([...series.y]).toEqual([2, 6, 8]);
  });

  it('keeps the lowest and highest reading of each bucket in time order', () => {
    const x = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    const y = [5, 9, 1, 5, 5, 5, 7, 2, 8, 5, 5, 5];
    // 12 readings, 2 buckets of 6: [5,9,1,5,5,5] → 9 at 1, 1 at 2; [7,2,8,5,5,5] → 2 at 7, 8 at 8.
    const series = downsampleMinMax(x, y, 2);
    expect([...series.x]).toEqual([1, 2, 7, 8]);
    expect([...series.y]).toEqual([9, 1, 2, 8]);
  });

  it('reduces 600,000 readings to at most twice the buckets, keeping the extremes', () => {
    const n = 600_000;
    const x = Float64Array.from({ length: n }, (_, i) => T0 + i * 1000);
    const y = Float32Array.from({ length: n }, (_, i) => Math.sin(i / 5000) * 100);
    y[123_457] = 500;
    const series = downsampleMinMax(x, y, CHART_MAX_BUCKETS);
    expect(series.x.length).toBeLessThanOrEqual(2 * CHART_MAX_BUCKETS);
    expect(Math.max(...series.y)).toBe(500);
    expect(series.x[0]).toBe(T0);
    expect(series.x.every((t, i) => i === 0 || t > (series.x[i - 1] ?? 0))).toBe(true);
  });

  it('refuses a bucket count that is not a positive integer', () => {
    expect(() => downsampleMinMax([1], [1], 0)).toThrow(RangeError);
  });
});

describe('activityChartData (issue 7 item 3: Data tab)', () => {
  const track = ColumnarTrack.fromHistory(
    [0, 1, 2].map((i) => ({
      Time: T0 + i * 10_000,
      X: 10 + i * 0.001,
      Y: 60,
      Hacc: 5,
      Alt: i === 1 ? null : 100 + i,
      Speed: i === 0 ? null : 2 * i,
    })),
  ).columns();

  it('charts speed and altitude over time in the member’s units, and no heart rate', () => {
    const data = activityChartData(track, units({ Speed: 'km/h', Height: 'in' }));
    expect([...(data.speed?.x ?? [])]).toEqual([T0 + 10_000, T0 + 20_000]);
    // The first fix has no speed and no earlier fix to derive one from.
    expect([...(data.speed?.y ?? [])].map((v) => Math.round(v * 10) / 10)).toEqual([7.2, 14.4]);
    expect([...(data.altitude?.x ?? [])]).toEqual([T0, T0 + 20_000]);
    expect([...(data.altitude?.y ?? [])].map((v) => Math.round(v))).toEqual([328, 335]);
    expect(data.heartRate).toBeNull();
  });

  it('charts the heart rate in bpm at the fixes that have one', () => {
    const run = ColumnarTrack.fromHistory(
      [130, null, 139, 144].map((bpm, i) => ({
        Time: T0 + i * 4_000,
        X: 10 + i * 0.0001,
        Y: 60,
        Hacc: 5,
        Alt: null,
        Speed: null,
        HeartRate: bpm,
      })),
    ).columns();
    const data = activityChartData(run, units({ Speed: 'mph', Height: 'in' }));
    expect([...(data.heartRate?.x ?? [])]).toEqual([T0, T0 + 8_000, T0 + 12_000]);
    expect([...(data.heartRate?.y ?? [])]).toEqual([130, 139, 144]);
    expect(data.units.heartRate).toEqual({ factor: 1, unit: 'Units.bpm', decimals: 0 });
  });

  it('derives the speed between fixes where the device reported none', () => {
    const gpx = ColumnarTrack.fromHistory(
      [0, 1].map((i) => ({
        Time: T0 + i * 10_000,
        X: 0,
        Y: i * 0.001,
        Hacc: null,
        Alt: null,
        Speed: null,
      })),
    ).columns();
    const data = activityChartData(gpx, DEFAULT_UNITS);
    // 0.001° of latitude on R = 6372.8 km is 111.2 m, in 10 s: 40.0 km/h.
    expect(data.speed?.y[0]).toBeCloseTo(40.04, 1);
    expect(data.altitude).toBeNull();
  });
});
