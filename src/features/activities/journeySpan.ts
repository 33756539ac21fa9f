import { endOfDay, format, isValid, parse, startOfDay, subDays } from 'date-fns';
import type { ActivitySummary } from '../../api/entities/activity';
import type { JourneySpan } from '../../store/activities/journeySlice';
import { calendarIn, dayStartIn, type CalendarContext } from '../../ui/time/calendarIn';

/** Without a recent multi-day journey, the screen opens on this many days up to today. */
export const JOURNEY_FALLBACK_DAYS = 7;
/** A suggested journey covers at most this many days (the latest of a longer daily streak). */
export const JOURNEY_SUGGESTION_MAX_DAYS = 14;

/** The value format of an `<input type="date">` (not a display format: that is src/ui/format). */
const INPUT_DATE = 'yyyy-MM-dd';

/** Past the start of any day by more than its length (23–25 h): a time in the next day, ms. */
const INTO_NEXT_DAY_MS = 26 * 3_600_000;

/** The calendar days (their starts, epoch ms) an activity touches; an open one lasts until now. */
function daysTouched(
  summary: ActivitySummary,
  nowMs: number,
  timeZone: string | undefined,
): number[] {
  const end = Math.max(summary.TimestampStart, summary.TimestampEnd ?? nowMs);
  const last = dayStartIn(end, timeZone);
  const days: number[] = [];
  for (
    let day = dayStartIn(summary.TimestampStart, timeZone);
    day <= last;
    day = dayStartIn(day + INTO_NEXT_DAY_MS, timeZone)
  ) {
    days.push(day);
  }
  return days;
}

/** The span of whole calendar days from the day of `firstMs` to the day of `lastMs` (epoch ms). */
function wholeDays(firstMs: number, lastMs: number, calendar: CalendarContext): JourneySpan {
  return {
    JourneyStart: startOfDay(firstMs, calendar).getTime(),
    JourneyEnd: endOfDay(lastMs, calendar).getTime(),
  };
}

/**
 * The journey the member's screen opens on (issue 7 item 4; docs/activities.md "Journey"): the most
 * recent multi-day journey in `summaries` — the latest run of two or more consecutive calendar days
 * of `timeZone` (the formatter's; the browser's when undefined) that each have an activity (an activity over midnight counts for both days), at most its last
 * {@link JOURNEY_SUGGESTION_MAX_DAYS} days — else the last {@link JOURNEY_FALLBACK_DAYS} days up to
 * today. Whole days, epoch ms; `nowMs` ends open activities.
 */
export function suggestedJourneySpan(
  summaries: readonly ActivitySummary[],
  nowMs: number,
  timeZone?: string,
): JourneySpan {
  const calendar = calendarIn(timeZone);
  const days = [...new Set(summaries.flatMap((s) => daysTouched(s, nowMs, timeZone)))].sort(
    (a, b) => b - a,
  );
  // Runs of consecutive days, newest first; each run newest day first.
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs[runs.length - 1];
    const oldest = run?.[run.length - 1];
    if (run && oldest !== undefined && dayStartIn(day + INTO_NEXT_DAY_MS, timeZone) === oldest) {
      run.push(day);
    } else runs.push([day]);
  }
  const [newest, ...earlier] = runs.find((run) => run.length >= 2) ?? [];
  if (newest !== undefined) {
    const first = earlier[Math.min(earlier.length, JOURNEY_SUGGESTION_MAX_DAYS - 1) - 1] ?? newest;
    return wholeDays(first, newest, calendar);
  }
  return wholeDays(subDays(nowMs, JOURNEY_FALLBACK_DAYS - 1, calendar).getTime(), nowMs, calendar);
}

/** A span's first and last days in `timeZone` as `<input type="date">` values (`yyyy-MM-dd`). */
export function spanDates(span: JourneySpan, timeZone?: string): { start: string; end: string } {
  const calendar = calendarIn(timeZone);
  return {
    start: format(span.JourneyStart, INPUT_DATE, calendar),
    end: format(span.JourneyEnd, INPUT_DATE, calendar),
  };
}

/**
 * The journey of the days `start` to `end` in `timeZone` (the browser's when undefined;
 * `<input type="date">` values, both included):
 * `JourneyStart` the start of the first day, `JourneyEnd` the end of the last (epoch ms; policy §3
 * "Journey: start date, end date"). Null when a date is missing or invalid, or the end is before the
 * start.
 */
export function spanOfDates(start: string, end: string, timeZone?: string): JourneySpan | null {
  const calendar = calendarIn(timeZone);
  const first = parse(start, INPUT_DATE, new Date(), calendar);
  const last = parse(end, INPUT_DATE, new Date(), calendar);
  if (!isValid(first) || !isValid(last) || last < first) return null;
  return wholeDays(first.getTime(), last.getTime(), calendar);
}
