import { addDays, isValid, parse, startOfDay, subDays } from 'date-fns';
import type { ActivitySummary } from '../../api/entities/activity';
import { calendarIn, dayStartIn, weekStartIn } from '../../ui/time/calendarIn';

/** The activity list's filters (spec app §2 "Activity filters"). */
export const ACTIVITY_FILTERS = [
  'AllTime',
  'Custom',
  'Last7Days',
  'Last30Days',
  'Last365Days',
  'Today',
  'Yesterday',
] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];

/** How the list groups activities (spec app §2 "Grouping is by activity or by date"). */
export type ActivityGrouping = 'activity' | 'date';

/** A closed window of epoch ms. */
export interface FilterWindow {
  readonly fromMs: number;
  readonly toMs: number;
}

/**
 * The time window of a filter at `nowMs` in the calendar of `timeZone` (the formatter's zone, so the
 * days agree with the dates the list shows; the browser's when undefined): "Today" and "Yesterday" are
 * calendar days; "Last N days" the N×24 h up to now; "All Time" from epoch 0; "Custom" the days
 * `custom.from` … `custom.to` inclusive (`YYYY-MM-DD`), or null while the range is incomplete or
 * reversed.
 */
export function filterWindow(
  filter: ActivityFilter,
  nowMs: number,
  custom?: { readonly from: string; readonly to: string },
  timeZone?: string,
): FilterWindow | null {
  const calendar = calendarIn(timeZone);
  switch (filter) {
    case 'AllTime':
      return { fromMs: 0, toMs: nowMs };
    case 'Last7Days':
    case 'Last30Days':
    case 'Last365Days': {
      const days = filter === 'Last7Days' ? 7 : filter === 'Last30Days' ? 30 : 365;
      return { fromMs: nowMs - days * 86_400_000, toMs: nowMs };
    }
    case 'Today':
      return { fromMs: startOfDay(nowMs, calendar).getTime(), toMs: nowMs };
    case 'Yesterday': {
      const today = startOfDay(nowMs, calendar);
      return { fromMs: subDays(today, 1, calendar).getTime(), toMs: today.getTime() - 1 };
    }
    case 'Custom': {
      const from = custom ? dayStart(custom.from, timeZone) : null;
      const to = custom ? dayStart(custom.to, timeZone) : null;
      if (!from || !to || to < from) return null;
      return { fromMs: from.getTime(), toMs: addDays(to, 1, calendar).getTime() - 1 };
    }
  }
}

/** The start of the day `text` (`YYYY-MM-DD`, an `<input type="date">` value) in `timeZone`. */
function dayStart(text: string, timeZone: string | undefined): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const day = parse(text, 'yyyy-MM-dd', new Date(), calendarIn(timeZone));
  return isValid(day) ? day : null;
}

/** One group of the list: its key (a day's start, epoch ms, or an ActivityId) and its rows. */
export interface ActivityGroup {
  readonly key: number;
  /** For date grouping, the start of the group's week (Monday), epoch ms. */
  readonly weekStartMs: number | null;
  readonly activities: readonly ActivitySummary[];
}

/**
 * Groups summaries (newest first) by start day in the calendar of `timeZone` (the formatter's zone, so
 * a day's header is the date its rows show; the browser's when undefined) — days keep the list's order
 * and each knows the Monday its week starts on (spec §9 "Weeks start on Monday") — or one group per
 * activity.
 */
export function groupActivities(
  summaries: readonly ActivitySummary[],
  grouping: ActivityGrouping,
  timeZone?: string,
): ActivityGroup[] {
  const sorted = [...summaries].sort((a, b) => b.TimestampStart - a.TimestampStart);
  if (grouping === 'activity') {
    return sorted.map((s) => ({ key: s.ActivityId, weekStartMs: null, activities: [s] }));
  }
  const groups = new Map<number, ActivitySummary[]>();
  for (const summary of sorted) {
    const day = dayStartIn(summary.TimestampStart, timeZone);
    groups.set(day, [...(groups.get(day) ?? []), summary]);
  }
  return [...groups].map(([day, activities]) => ({
    key: day,
    weekStartMs: weekStartIn(day, timeZone),
    activities,
  }));
}
