import { addHours, endOfDay, startOfDay, subDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { ActivitySummary } from '../../../../src/api/entities/activity';
import {
  JOURNEY_FALLBACK_DAYS,
  JOURNEY_SUGGESTION_MAX_DAYS,
  spanDates,
  spanOfDates,
  suggestedJourneySpan,
} from '../../../../src/features/activities/journeySpan';

const NOW = new Date(2026, 10, 26, 15, 30).getTime();
/** `hour` o'clock local, `daysAgo` days before NOW's day. */
const at = (daysAgo: number, hour: number) =>
  addHours(startOfDay(subDays(NOW, daysAgo)), hour).getTime();
const span = (firstDaysAgo: number, lastDaysAgo: number) => ({
  JourneyStart: startOfDay(subDays(NOW, firstDaysAgo)).getTime(),
  JourneyEnd: endOfDay(subDays(NOW, lastDaysAgo)).getTime(),
});

function outing(ActivityId: number, start: number, end: number | null): ActivitySummary {
  return {
    ActivityId,
    ActivityType: 'HIKING',
    TimestampStart: start,
    TimestampEnd: end,
    ActivityStats: {
      Distance: { Displayed: 1_000, Meters: 1_000, Type: 'GNSS' },
      DurationMs: 3_600_000,
      SpeedAvgMPS: 1,
      SpeedMaxMPS: 2,
    },
  };
}

describe('the journey the member’s screen opens on (docs/activities.md "Journey")', () => {
  it('is the most recent run of consecutive days with activity', () => {
    const history = [
      outing(1, at(22, 9), at(22, 15)),
      outing(2, at(21, 9), at(21, 15)),
      outing(3, at(20, 9), at(20, 15)),
      outing(4, at(6, 9), at(6, 10)),
      outing(5, at(2, 9), at(2, 10)),
    ];
    expect(suggestedJourneySpan(history, NOW)).toEqual(span(22, 20));
  });

  it('counts an activity over midnight, or still open, for every day it touches', () => {
    expect(suggestedJourneySpan([outing(1, at(9, 22), at(8, 2))], NOW)).toEqual(span(9, 8));
    expect(suggestedJourneySpan([outing(1, at(1, 20), null)], NOW)).toEqual(span(1, 0));
  });

  it('keeps the last 14 days of a longer daily streak', () => {
    const streak = Array.from({ length: 30 }, (_, i) => outing(i + 1, at(i + 3, 8), at(i + 3, 9)));
    expect(JOURNEY_SUGGESTION_MAX_DAYS).toBe(14);
    expect(suggestedJourneySpan(streak, NOW)).toEqual(span(16, 3));
  });

  it('falls back to the last 7 days without a multi-day journey', () => {
    expect(JOURNEY_FALLBACK_DAYS).toBe(7);
    expect(suggestedJourneySpan([], NOW)).toEqual(span(6, 0));
    expect(suggestedJourneySpan([outing(1, at(3, 9), at(3, 10))], NOW)).toEqual(span(6, 0));
  });
});

describe('journey dates (policy §3 "Journey: start date, end date")', () => {
  it('turns two dates into whole local days, both included, and back', () => {
    const journey = spanOfDates('2026-11-20', '2026-11-22');
    expect(journey).toEqual({
      JourneyStart: new Date(2026, 10, 20).getTime(),
      JourneyEnd: endOfDay(new Date(2026, 10, 22)).getTime(),
    });
    expect(journey && spanDates(journey)).toEqual({ start: '2026-11-20', end: '2026-11-22' });
    expect(spanOfDates('2026-11-22', '2026-11-22')).not.toBeNull();
  });

  it('refuses an end before the start, and missing or invalid dates', () => {
    expect(spanOfDates('2026-11-22', '2026-11-20')).toBeNull();
    expect(spanOfDates('', '2026-11-20')).toBeNull();
    expect(spanOfDates('2026-02-30', '2026-03-02')).toBeNull();
  });
});

describe('journey dates in the screen’s zone', () => {
  it('reads and writes the date inputs as that zone’s days', () => {
    const span = spanOfDates('2024-06-03', '2024-06-05', 'America/New_York');
    expect(span).toEqual({
      JourneyStart: Date.UTC(2024, 5, 3, 4),
      JourneyEnd: Date.UTC(2024, 5, 6, 4) - 1,
    });
    expect(span && spanDates(span, 'America/New_York')).toEqual({
      start: '2024-06-03',
      end: '2024-06-05',
    });
  });

  it('suggests the latest run of the zone’s consecutive days with an activity', () => {
    const nowMs = Date.UTC(2024, 5, 10, 12);
    // 23:30 UTC on the 3rd and the 4th: in Oslo (UTC+2) they fall on the 4th and the 5th.
    const late = [
      outing(1, Date.UTC(2024, 5, 3, 23, 30), Date.UTC(2024, 5, 3, 23, 45)),
      outing(2, Date.UTC(2024, 5, 4, 23, 30), Date.UTC(2024, 5, 4, 23, 45)),
    ];
    expect(suggestedJourneySpan(late, nowMs, 'Europe/Oslo')).toEqual({
      JourneyStart: Date.UTC(2024, 5, 3, 22),
      JourneyEnd: Date.UTC(2024, 5, 5, 22) - 1,
    });
    expect(suggestedJourneySpan(late, nowMs, 'UTC')).toEqual({
      JourneyStart: Date.UTC(2024, 5, 3),
      JourneyEnd: Date.UTC(2024, 5, 5) - 1,
    });
  });
});
