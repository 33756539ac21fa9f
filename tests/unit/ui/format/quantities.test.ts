import { describe, expect, it } from 'vitest';
import type {
  DistanceUnit,
  HeightUnit,
  SpeedUnit,
  SpeedWindUnit,
  TemperatureUnit,
  WeightUnit,
} from '../../../../src/api/enums';
import {
  formatAltitude,
  formatDistance,
  formatHeartRate,
  formatHeight,
  formatSpeed,
  formatTemperature,
  formatWeight,
  formatWindSpeed,
} from '../../../../src/ui/format';

describe('formatDistance (metres → m/ft under 1 km, else km/mi)', () => {
  it.each<[number, DistanceUnit, string, string, string]>([
    [0, 'km', 'en', '0', 'Units.m'],
    [999, 'km', 'en', '999', 'Units.m'],
    [999.4, 'km', 'en', '999', 'Units.m'],
    [999.5, 'km', 'en', '1.00', 'Units.km'],
    [1000, 'km', 'en', '1.00', 'Units.km'],
    [1234, 'km', 'en', '1.23', 'Units.km'],
    [9994, 'km', 'en', '9.99', 'Units.km'],
    [9996, 'km', 'en', '10.0', 'Units.km'],
    [12_345, 'km', 'en', '12.3', 'Units.km'],
    [1_234_567, 'km', 'en', '1,234.6', 'Units.km'],
    [-500, 'km', 'en', '-500', 'Units.m'],
    [-0.4, 'km', 'en', '0', 'Units.m'],
    [0, 'mi', 'en', '0', 'Units.ft'],
    [100, 'mi', 'en', '328', 'Units.ft'],
    [999, 'mi', 'en', '3,278', 'Units.ft'],
    [1000, 'mi', 'en', '0.62', 'Units.mi'],
    [1609.344, 'mi', 'en', '1.00', 'Units.mi'],
    [16_093.44, 'mi', 'en', '10.0', 'Units.mi'],
    [1234, 'km', 'de', '1,23', 'Units.km'],
    [1_234_567, 'km', 'de', '1.234,6', 'Units.km'],
    [999, 'mi', 'de', '3.278', 'Units.ft'],
  ])('%d m in %s (%s) → %s %s', (metres, unit, locale, value, key) => {
    expect(formatDistance(metres, unit, locale)).toEqual({ value, unit: key });
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('throws RangeError for %d', (metres) => {
    expect(() => formatDistance(metres, 'km', 'en')).toThrow(RangeError);
  });
});

describe('formatSpeed (m/s, 1 decimal)', () => {
  it.each<[number, SpeedUnit, string, string, string]>([
    [0, 'km/h', 'en', '0.0', 'Units.kmh'],
    [10, 'km/h', 'en', '36.0', 'Units.kmh'],
    [10, 'kts', 'en', '19.4', 'Units.kts'],
    [10, 'mph', 'en', '22.4', 'Units.mph'],
    [1.5, 'km/h', 'de', '5,4', 'Units.kmh'],
    [100, 'km/h', 'en', '360.0', 'Units.kmh'],
    [1000, 'km/h', 'de', '3.600,0', 'Units.kmh'],
  ])('%d m/s in %s (%s) → %s %s', (mps, unit, locale, value, key) => {
    expect(formatSpeed(mps, unit, locale)).toEqual({ value, unit: key });
  });
});

describe('formatWindSpeed (m/s, whole units)', () => {
  it.each<[number, SpeedWindUnit, string, string]>([
    [10, 'kts', '19', 'Units.kts'],
    [10, 'km/h', '36', 'Units.kmh'],
    [10, 'mph', '22', 'Units.mph'],
    [10, 'm/s', '10', 'Units.mps'],
    [2.5, 'kts', '5', 'Units.kts'],
    [0, 'kts', '0', 'Units.kts'],
  ])('%d m/s in %s → %s %s', (mps, unit, value, key) => {
    expect(formatWindSpeed(mps, unit, 'en')).toEqual({ value, unit: key });
  });
});

describe('formatTemperature (°C → C or F, one decimal, app §9)', () => {
  it.each<[number, TemperatureUnit, string, string, string]>([
    [37.2, 'C', 'en', '37.2', 'Units.C'],
    [37.2, 'F', 'en', '99.0', 'Units.F'],
    [32, 'F', 'en', '89.6', 'Units.F'],
    [0, 'C', 'en', '0.0', 'Units.C'],
    [0, 'F', 'en', '32.0', 'Units.F'],
    [-40, 'F', 'en', '-40.0', 'Units.F'],
    [100, 'F', 'en', '212.0', 'Units.F'],
    [-0.04, 'C', 'en', '0.0', 'Units.C'],
    [-3.25, 'C', 'en', '-3.3', 'Units.C'],
    [37.2, 'C', 'de', '37,2', 'Units.C'],
    [37.2, 'F', 'de', '99,0', 'Units.F'],
  ])('%d °C in %s (%s) → %s %s', (celsius, unit, locale, value, key) => {
    expect(formatTemperature(celsius, unit, locale)).toEqual({ value, unit: key });
  });
});

describe('formatAltitude (metres → whole m, or ft for imperial heights)', () => {
  it.each<[number, HeightUnit, string, string]>([
    [0, 'm', '0', 'Units.m'],
    [1234.5, 'm', '1,235', 'Units.m'],
    [1234.5, 'cm', '1,235', 'Units.m'],
    [1234.5, 'in', '4,050', 'Units.ft'],
    [-10, 'm', '-10', 'Units.m'],
    [8848, 'in', '29,029', 'Units.ft'],
  ])('%d m with height unit %s → %s %s', (metres, unit, value, key) => {
    expect(formatAltitude(metres, unit, 'en')).toEqual({ value, unit: key });
  });
});

describe('formatHeight (metres → cm, m or in)', () => {
  it.each<[number, HeightUnit, string, string, string]>([
    [1.8, 'cm', 'en', '180', 'Units.cm'],
    [1.8, 'm', 'en', '1.80', 'Units.m'],
    [1.8, 'in', 'en', '71', 'Units.in'],
    [1.8, 'm', 'de', '1,80', 'Units.m'],
    [0, 'cm', 'en', '0', 'Units.cm'],
  ])('%d m in %s (%s) → %s %s', (metres, unit, locale, value, key) => {
    expect(formatHeight(metres, unit, locale)).toEqual({ value, unit: key });
  });
});

describe('formatWeight (kg → kg or lb, 1 decimal) and formatHeartRate (whole bpm)', () => {
  it.each<[number, WeightUnit, string, string]>([
    [72.5, 'kg', '72.5', 'Units.kg'],
    [72.5, 'lb', '159.8', 'Units.lb'],
    [0, 'lb', '0.0', 'Units.lb'],
  ])('%d kg in %s → %s %s', (kg, unit, value, key) => {
    expect(formatWeight(kg, unit, 'en')).toEqual({ value, unit: key });
  });

  it.each([
    [71.6, '72'],
    [0, '0'],
    [180, '180'],
  ])('%d bpm → %s', (bpm, value) => {
    expect(formatHeartRate(bpm, 'en')).toEqual({ value, unit: 'Units.bpm' });
  });
});
