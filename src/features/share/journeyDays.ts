import { addDays, startOfDay } from 'date-fns';
import type { ActivitySummary } from '../../api/entities/activity';
import { JOURNEY_COMPLETE_TIMELINE_DAY_INDEX } from '../../api/entities/journey';

/** One day of a journey: its index (0 = first day), local start and end (epoch ms, end exclusive). */
export interface JourneyDay {
  readonly index: number;
  readonly startMs: number;
  readonly endMs: number;
}

/**
 * The local calendar days a journey spans, first to last (spec app §4: "A journey shows a selected day
 * index, or the complete timeline (marked 999)"). A journey that ends before it starts has none.
 */
export function journeyDays(journeyStart: number, journeyEnd: number): JourneyDay[] {
  if (journeyEnd < journeyStart) return [];
  const days: JourneyDay[] = [];
  for (
    let day = startOfDay(new Date(journeyStart));
    day.getTime() <= journeyEnd;
    day = addDays(day, 1)
  ) {
    days.push({ index: days.length, startMs: day.getTime(), endMs: addDays(day, 1).getTime() });
  }
  return days;
}

/**
 * The activities shown for a day index: those overlapping that day, or all of them for the complete
 * timeline ({@link JOURNEY_COMPLETE_TIMELINE_DAY_INDEX}), oldest first.
 */
export function activitiesOfDay(
  summaries: readonly ActivitySummary[],
  days: readonly JourneyDay[],
  dayIndex: number,
): ActivitySummary[] {
  const sorted = [...summaries].sort((a, b) => a.TimestampStart - b.TimestampStart);
  if (dayIndex === JOURNEY_COMPLETE_TIMELINE_DAY_INDEX) return sorted;
  const day = days[dayIndex];
  if (!day) return [];
  return sorted.filter(
    (s) =>
      s.TimestampStart < day.endMs && (s.TimestampEnd ?? Number.POSITIVE_INFINITY) >= day.startMs,
  );
}

/** A day's (or the whole journey's) figures: activity count, distance m, moving time ms. */
export function dayTotals(summaries: readonly ActivitySummary[]): {
  count: number;
  distanceM: number;
  durationMs: number;
} {
  return {
    count: summaries.length,
    distanceM: summaries.reduce((sum, s) => sum + s.ActivityStats.Distance.Displayed, 0),
    durationMs: summaries.reduce((sum, s) => sum + s.ActivityStats.DurationMs, 0),
  };
}
