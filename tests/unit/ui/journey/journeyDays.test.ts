import { describe, expect, it } from 'vitest';
import type { ActivitySummary } from '../../../../src/api/entities/activity';
import { JOURNEY_COMPLETE_TIMELINE_DAY_INDEX } from '../../../../src/api/entities/journey';
import {
  activitiesOfDay,
  dayTotals,
  daysWithActivities,
  journeyDays,
} from '../../../../src/ui/journey/journeyDays';

const at = (day: number, hour: number) => new Date(2026, 10, day, hour).getTime();

function summary(
  ActivityId: number,
  start: number,
  end: number | null,
  metres = 1_000,
): ActivitySummary {
  return {
    ActivityId,
    ActivityType: 'HIKING',
    TimestampStart: start,
    TimestampEnd: end,
    ActivityStats: {
      Distance: { Displayed: metres, Meters: metres, Type: 'GNSS' },
      DurationMs: 3_600_000,
      SpeedAvgMPS: 1,
      SpeedMaxMPS: 2,
    },
  };
}

describe('journey days (spec app §4: a day index, or the complete timeline 999)', () => {
  it('spans the local days from the journey start to its end', () => {
    const days = journeyDays(at(20, 9), at(22, 17));
    expect(days.map((d) => [d.index, d.startMs])).toEqual([
      [0, at(20, 0)],
      [1, at(21, 0)],
      [2, at(22, 0)],
    ]);
    expect(journeyDays(at(22, 0), at(20, 0))).toEqual([]);
  });

  it('shows a day’s activities (one crossing midnight on both days), or all of them at 999', () => {
    const days = journeyDays(at(20, 9), at(22, 17));
    const hikes = [
      summary(3, at(22, 8), at(22, 12)),
      summary(1, at(20, 9), at(20, 15)),
      summary(2, at(20, 22), at(21, 2)),
    ];
    expect(activitiesOfDay(hikes, days, 0).map((s) => s.ActivityId)).toEqual([1, 2]);
    expect(activitiesOfDay(hikes, days, 1).map((s) => s.ActivityId)).toEqual([2]);
    expect(
      activitiesOfDay(hikes, days, JOURNEY_COMPLETE_TIMELINE_DAY_INDEX).map((s) => s.ActivityId),
    ).toEqual([1, 2, 3]);
    expect(activitiesOfDay(hikes, days, 7)).toEqual([]);
  });

  it('offers only the days with an activity, keeping their indices', () => {
    const days = journeyDays(at(20, 9), at(23, 17));
    const hikes = [summary(1, at(20, 22), at(21, 2)), summary(2, at(23, 8), at(23, 12))];
    expect(daysWithActivities(hikes, days).map((d) => d.index)).toEqual([0, 1, 3]);
    expect(daysWithActivities([], days)).toEqual([]);
  });

  it('adds up a day’s activities', () => {
    expect(dayTotals([summary(1, 0, 1, 1_500), summary(2, 0, 1, 2_500)])).toEqual({
      count: 2,
      distanceM: 4_000,
      durationMs: 7_200_000,
    });
  });
});

describe('a journey’s days in the screen’s zone', () => {
  it('cuts the days where that zone’s dates change, across a DST change', () => {
    // Oslo, 30 March to 1 April 2024: summer time began on the 31st (a 23-hour day).
    const start = Date.UTC(2024, 2, 29, 23);
    const end = Date.UTC(2024, 3, 1, 22) - 1;
    expect(journeyDays(start, end, 'Europe/Oslo')).toEqual([
      { index: 0, startMs: Date.UTC(2024, 2, 29, 23), endMs: Date.UTC(2024, 2, 30, 23) },
      { index: 1, startMs: Date.UTC(2024, 2, 30, 23), endMs: Date.UTC(2024, 2, 31, 22) },
      { index: 2, startMs: Date.UTC(2024, 2, 31, 22), endMs: Date.UTC(2024, 3, 1, 22) },
    ]);
    // The same span seen in UTC touches four UTC days.
    expect(journeyDays(start, end, 'UTC').map((day) => day.startMs)).toEqual([
      Date.UTC(2024, 2, 29),
      Date.UTC(2024, 2, 30),
      Date.UTC(2024, 2, 31),
      Date.UTC(2024, 3, 1),
    ]);
  });
});
