import { startOfDay, startOfWeek } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  calendarIn,
  dayStartIn,
  localTimeIn,
  weekStartIn,
} from '../../../../src/ui/time/calendarIn';

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

describe('day and week starts remembered per calendar date (the list groups hundreds per render)', () => {
  it.each(['Europe/Oslo', 'America/New_York', 'Australia/Lord_Howe', 'UTC'])(
    'agree with date-fns in %s, hour by hour over both DST changes of 2024',
    (zone) => {
      const hours = [
        ...Array.from({ length: 96 }, (_, i) => Date.UTC(2024, 2, 29) + i * 3_600_000),
        ...Array.from({ length: 96 }, (_, i) => Date.UTC(2024, 9, 25) + i * 3_600_000),
        ...Array.from({ length: 96 }, (_, i) => Date.UTC(2024, 3, 4) + i * 3_600_000),
      ];
      for (const ms of hours) {
        expect(dayStartIn(ms, zone)).toBe(startOfDay(ms, calendarIn(zone)).getTime());
        expect(weekStartIn(ms, zone)).toBe(
          startOfWeek(ms, { weekStartsOn: 1, ...calendarIn(zone) }).getTime(),
        );
      }
    },
  );
});
