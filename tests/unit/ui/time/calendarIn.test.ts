import { startOfDay } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { calendarIn, localTimeIn } from '../../../../src/ui/time/calendarIn';

describe('the calendar of a time zone (days where the screen’s dates change)', () => {
  it.each([
    ['UTC', Date.UTC(2024, 5, 5)],
    ['Europe/Oslo', Date.UTC(2024, 5, 4, 22)],
    ['Asia/Kolkata', Date.UTC(2024, 5, 4, 18, 30)],
  ])('the day of 2024-06-05 08:00 UTC starts, in %s, at the right instant', (zone, start) => {
    expect(startOfDay(Date.UTC(2024, 5, 5, 8), calendarIn(zone)).getTime()).toBe(start);
  });
});

describe('a typed wall-clock time on the clock of a zone', () => {
  it.each([
    ['2024-06-05T10:00', 'UTC', Date.UTC(2024, 5, 5, 10)],
    ['2024-06-05T10:00', 'Europe/Oslo', Date.UTC(2024, 5, 5, 8)],
    ['2024-01-05T10:00', 'Europe/Oslo', Date.UTC(2024, 0, 5, 9)],
    ['2024-06-05T10:00:30', 'America/New_York', Date.UTC(2024, 5, 5, 14, 0, 30)],
  ])('%s in %s', (value, zone, expected) => {
    expect(localTimeIn(value, zone)).toBe(expected);
  });

  it.each(['', '2024-06-05', '10:00', 'tomorrow'])('%j is not a time', (value) => {
    expect(localTimeIn(value, 'UTC')).toBeNaN();
  });
});
