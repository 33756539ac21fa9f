import { startOfWeek } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { TimeFormat, TimeMode } from '../../../../src/api/enums';
import {
  WEEK_STARTS_ON,
  formatDate,
  formatDateTime,
  formatTime,
  resolveTimeZone,
  systemTimeZone,
} from '../../../../src/ui/format';

const at = (iso: string): number => Date.parse(iso);

describe('resolveTimeZone (app §3 time modes)', () => {
  it.each<[TimeMode, string, string, string]>([
    ['UTC', 'Pacific/Auckland', 'Europe/Berlin', 'UTC'],
    ['Local Browser', 'Pacific/Auckland', 'Europe/Berlin', 'Europe/Berlin'],
    ['Client Timezone', 'Pacific/Auckland', 'Europe/Berlin', 'Pacific/Auckland'],
    ['Client Timezone', 'Mars/Olympus_Mons', 'Europe/Berlin', 'UTC'],
    ['Local Browser', 'Pacific/Auckland', 'Not/AZone', 'UTC'],
  ])('%s (client %s, browser %s) → %s', (mode, client, browser, zone) => {
    expect(resolveTimeZone(mode, client, browser)).toBe(zone);
  });

  it('uses the runtime zone for Local Browser when none is injected', () => {
    expect(resolveTimeZone('Local Browser', 'Pacific/Auckland')).toBe(systemTimeZone());
  });
});

describe('formatTime (24 or 12 hour, in a zone)', () => {
  it.each<[string, string, TimeFormat, string, boolean, string]>([
    ['2024-01-15T00:05:09Z', 'UTC', '24 hour', 'en', false, '00:05'],
    ['2024-01-15T00:05:09Z', 'UTC', '24 hour', 'en', true, '00:05:09'],
    ['2024-01-15T13:45:00Z', 'UTC', '24 hour', 'en', false, '13:45'],
    ['2024-01-15T13:45:00Z', 'UTC', '24 hour', 'de', false, '13:45'],
    ['2024-01-15T00:00:00Z', 'UTC', '12 hour', 'en', false, '12:00 AM'],
    ['2024-01-15T00:05:09Z', 'UTC', '12 hour', 'en', false, '12:05 AM'],
    ['2024-01-15T00:05:09Z', 'UTC', '12 hour', 'en', true, '12:05:09 AM'],
    ['2024-01-15T12:00:00Z', 'UTC', '12 hour', 'en', false, '12:00 PM'],
    ['2024-01-15T13:45:00Z', 'UTC', '12 hour', 'en', false, '1:45 PM'],
    ['2024-01-15T23:59:00Z', 'UTC', '12 hour', 'en', false, '11:59 PM'],
    // NZDT (UTC+13) in January, NZST (UTC+12) in July
    ['2024-01-15T11:30:00Z', 'Pacific/Auckland', '24 hour', 'en', false, '00:30'],
    ['2024-01-15T11:30:00Z', 'Pacific/Auckland', '12 hour', 'en', false, '12:30 AM'],
    ['2024-07-15T11:30:00Z', 'Pacific/Auckland', '24 hour', 'en', false, '23:30'],
    ['2024-01-15T03:00:00Z', 'America/New_York', '12 hour', 'en', false, '10:00 PM'],
  ])('%s in %s, %s (%s, seconds %s) → %s', (iso, timeZone, timeFormat, locale, seconds, text) => {
    expect(formatTime(at(iso), { timeZone, timeFormat, locale, seconds })).toBe(text);
  });

  it('throws RangeError for an invalid instant', () => {
    expect(() =>
      formatTime(Number.NaN, { timeZone: 'UTC', timeFormat: '24 hour', locale: 'en' }),
    ).toThrow(RangeError);
  });
});

describe('formatDate (the zone’s calendar day, laid out by DateFormat)', () => {
  it.each<[string, string, string, string]>([
    ['2024-01-15T11:30:00Z', 'UTC', 'YYYY-MM-DD', '2024-01-15'],
    ['2024-01-15T11:30:00Z', 'Pacific/Auckland', 'YYYY-MM-DD', '2024-01-16'],
    ['2024-01-15T10:59:59Z', 'Pacific/Auckland', 'YYYY-MM-DD', '2024-01-15'],
    ['2024-01-15T11:30:00Z', 'Pacific/Auckland', 'DD/MM/YYYY', '16/01/2024'],
    ['2024-01-15T11:30:00Z', 'Pacific/Auckland', 'YYYY/MM/DD', '2024/01/16'],
    ['2024-01-15T03:00:00Z', 'America/New_York', 'YYYY-MM-DD', '2024-01-14'],
    ['2024-12-31T23:30:00Z', 'Pacific/Auckland', 'DD.MM.YYYY', '01.01.2025'],
  ])('%s in %s as %s → %s', (iso, timeZone, dateFormat, text) => {
    expect(formatDate(at(iso), { timeZone, dateFormat })).toBe(text);
  });

  it('throws RangeError for an invalid instant', () => {
    expect(() => formatDate(Number.NaN, { timeZone: 'UTC', dateFormat: 'YYYY-MM-DD' })).toThrow(
      RangeError,
    );
  });
});

describe('formatDateTime', () => {
  it.each<[string, string, TimeFormat, string, string]>([
    ['2024-01-15T11:30:00Z', 'UTC', '24 hour', 'YYYY-MM-DD', '2024-01-15 11:30'],
    ['2024-01-15T11:30:00Z', 'Pacific/Auckland', '24 hour', 'YYYY-MM-DD', '2024-01-16 00:30'],
    ['2024-01-15T11:30:00Z', 'Pacific/Auckland', '12 hour', 'DD/MM/YYYY', '16/01/2024 12:30 AM'],
  ])('%s in %s (%s, %s) → %s', (iso, timeZone, timeFormat, dateFormat, text) => {
    expect(formatDateTime(at(iso), { timeZone, timeFormat, dateFormat, locale: 'en' })).toBe(text);
  });
});

describe('WEEK_STARTS_ON (app §9: weeks start on Monday)', () => {
  it('makes date-fns weeks start on Monday', () => {
    const week = startOfWeek(new Date(2024, 0, 17), { weekStartsOn: WEEK_STARTS_ON });
    expect(week.getDay()).toBe(1);
    expect(week.getDate()).toBe(15);
  });
});
