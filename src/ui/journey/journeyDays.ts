import { addDays, startOfDay } from 'date-fns';
import type { ActivitySummary } from '../../api/entities/activity';
import { JOURNEY_COMPLETE_TIMELINE_DAY_INDEX } from '../../api/entities/journey';
import { calendarIn } from '../time/calendarIn';

/*
 * A journey's days (spec app §3 "Journey", §4 "A journey shows a selected day index, or the complete
 * timeline (marked 999)"), shared by the member's journey screen and the guardian's shared journey.
 * Pure functions over the contract's summaries; calendar days are those of the screen's time zone (the
 * formatter's, so a day's label is its date), the browser's when none is given (date-fns).
 */

/** One day of a journey: its index (0 = first day), start and end (epoch ms, end exclusive). */
export interface JourneyDay {
  readonly index: number;
  readonly startMs: number;
  readonly endMs: number;
}

/**
 * The calendar days of `timeZone` (the browser's when undefined) a journey spans, first to last (spec
 * app §4: "A journey shows a selected day index, or the complete timeline (marked 999)"). A journey
 * that ends before it starts has none.
 */
export function journeyDays(
  journeyStart: number,
  journeyEnd: number,
  timeZone?: string,
): JourneyDay[] {
  if (journeyEnd < journeyStart) return [];
  const calendar = calendarIn(timeZone);
  const days: JourneyDay[] = [];
  for (
    let day = startOfDay(journeyStart, calendar);
    day.getTime() <= journeyEnd;
    day = addDays(day, 1, calendar)
  ) {
    const endMs = addDays(day, 1, calendar).getTime();
    days.push({ index: days.length, startMs: day.getTime(), endMs });
  }
  return days;
}

/**
 * The days of `days` that at least one of `summaries` overlaps (the member's day picker offers only
 * those; spec app §4, issue 7 item 4), in order, with their indices unchanged.
 */
export function daysWithActivities(
  summaries: readonly ActivitySummary[],
  days: readonly JourneyDay[],
): JourneyDay[] {
  return days.filter((day) => activitiesOfDay(summaries, days, day.index).length > 0);
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
export interface DayTotals {
  readonly count: number;
  readonly distanceM: number;
  readonly durationMs: number;
}

/** The {@link DayTotals} of `summaries` (distance: `Distance.Displayed`, time: `DurationMs`). */
export function dayTotals(summaries: readonly ActivitySummary[]): DayTotals {
  return {
    count: summaries.length,
    distanceM: summaries.reduce((sum, s) => sum + s.ActivityStats.Distance.Displayed, 0),
    durationMs: summaries.reduce((sum, s) => sum + s.ActivityStats.DurationMs, 0),
  };
}
