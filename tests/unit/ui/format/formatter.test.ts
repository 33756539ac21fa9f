import { describe, expect, it } from 'vitest';
import { DEFAULT_UNITS, type Units } from '../../../../src/api/entities/client';
import { formatterFor } from '../../../../src/ui/format';

const IMPERIAL: Units = {
  DateFormat: 'DD/MM/YYYY',
  Distance: 'mi',
  Height: 'in',
  LocationFormat: 'dd',
  Speed: 'mph',
  SpeedWind: 'mph',
  Temperature: 'F',
  Time: 'Client Timezone',
  TimeFormat: '12 hour',
  Timezone: 'Pacific/Auckland',
  Weight: 'lb',
};

const INSTANT = Date.parse('2024-01-15T11:30:09Z');

describe('formatterFor (units and locale bound once)', () => {
  it('formats with the spec defaults (app §3 "Units defaults")', () => {
    const fmt = formatterFor(DEFAULT_UNITS, 'en', { browserTimeZone: 'Europe/Berlin' });
    expect(fmt.timeZone).toBe('UTC');
    expect(fmt.distance(1500)).toEqual({ value: '1.50', unit: 'Units.km' });
    expect(fmt.speed(10)).toEqual({ value: '36.0', unit: 'Units.kmh' });
    expect(fmt.windSpeed(10)).toEqual({ value: '19', unit: 'Units.kts' });
    expect(fmt.temperature(37.2)).toEqual({ value: '37.2', unit: 'Units.C' });
    expect(fmt.altitude(1234.5)).toEqual({ value: '1,235', unit: 'Units.m' });
    expect(fmt.height(1.8)).toEqual({ value: '1.80', unit: 'Units.m' });
    expect(fmt.weight(72.5)).toEqual({ value: '72.5', unit: 'Units.kg' });
    expect(fmt.heartRate(71.6)).toEqual({ value: '72', unit: 'Units.bpm' });
    expect(fmt.duration(3_909_000)).toBe('1:05:09');
    expect(fmt.time(INSTANT)).toBe('11:30');
    expect(fmt.time(INSTANT, { seconds: true })).toBe('11:30:09');
    expect(fmt.date(INSTANT)).toBe('2024-01-15');
    expect(fmt.dateTime(INSTANT)).toBe('2024-01-15 11:30');
    expect(fmt.location(-33.86882, 151.209296)).toEqual({
      latitude: { value: '33°52\'07.8"', unit: 'Units.Hemisphere.S' },
      longitude: { value: '151°12\'33.5"', unit: 'Units.Hemisphere.E' },
    });
  });

  it('formats with imperial units, 12 hours and a client time zone', () => {
    const fmt = formatterFor(IMPERIAL, 'en');
    expect(fmt.timeZone).toBe('Pacific/Auckland');
    expect(fmt.distance(999)).toEqual({ value: '3,278', unit: 'Units.ft' });
    expect(fmt.distance(1609.344)).toEqual({ value: '1.00', unit: 'Units.mi' });
    expect(fmt.speed(10)).toEqual({ value: '22.4', unit: 'Units.mph' });
    expect(fmt.windSpeed(10)).toEqual({ value: '22', unit: 'Units.mph' });
    expect(fmt.temperature(37.2)).toEqual({ value: '99.0', unit: 'Units.F' });
    expect(fmt.altitude(1234.5)).toEqual({ value: '4,050', unit: 'Units.ft' });
    expect(fmt.height(1.8)).toEqual({ value: '71', unit: 'Units.in' });
    expect(fmt.weight(72.5)).toEqual({ value: '159.8', unit: 'Units.lb' });
    expect(fmt.dateTime(INSTANT)).toBe('16/01/2024 12:30 AM');
    expect(fmt.location(52.370216, 4.895168)).toEqual({
      latitude: { value: '52.37022°', unit: 'Units.Hemisphere.N' },
      longitude: { value: '4.89517°', unit: 'Units.Hemisphere.E' },
    });
  });

  it('reads the injected browser zone in the Local Browser mode', () => {
    const units: Units = { ...DEFAULT_UNITS, Time: 'Local Browser' };
    const fmt = formatterFor(units, 'en', { browserTimeZone: 'America/New_York' });
    expect(fmt.timeZone).toBe('America/New_York');
    expect(fmt.dateTime(Date.parse('2024-01-15T03:00:00Z'))).toBe('2024-01-14 22:00');
  });

  it('shows decimal commas for German', () => {
    const fmt = formatterFor(DEFAULT_UNITS, 'de');
    expect(fmt.distance(1500)).toEqual({ value: '1,50', unit: 'Units.km' });
    expect(fmt.temperature(37.2)).toEqual({ value: '37,2', unit: 'Units.C' });
    expect(fmt.location(52.370216, 4.895168).latitude.value).toBe('52°22\'12,8"');
  });
});
