import { addDays, startOfDay, startOfWeek, subDays } from 'date-fns';
import type { ActivitySummary } from '../../api/entities/activity';

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
 * The time window of a filter at `nowMs` in the browser's local calendar (date-fns): "Today" and
 * "Yesterday" are local calendar days; "Last N days" the N×24 h up to now; "All Time" from epoch 0;
 * "Custom" the local days `custom.from` … `custom.to` inclusive (`YYYY-MM-DD`), or null while the
 * range is incomplete or reversed.
 */
export function filterWindow(
  filter: ActivityFilter,
  nowMs: number,
  custom?: { readonly from: string; readonly to: string },
): FilterWindow | null {
  const now = new Date(nowMs);
  switch (filter) {
    case 'AllTime':
      return { fromMs: 0, toMs: nowMs };
    case 'Last7Days':
    case 'Last30Days':
    case 'Last365Days': {
      const days = filter === 'Last7Days' ? 7 : filter === 'Last30Days' ? 30 : 365;
      return { fromMs: subDays(now, days).getTime(), toMs: nowMs };
    }
    case 'Today':
      return { fromMs: startOfDay(now).getTime(), toMs: nowMs };
    case 'Yesterday': {
      const today = startOfDay(now);
      return { fromMs: subDays(today, 1).getTime(), toMs: today.getTime() - 1 };
    }
    case 'Custom': {
      const from = custom ? localDay(custom.from) : null;
      const to = custom ? localDay(custom.to) : null;
      if (!from || !to || to < from) return null;
      return { fromMs: from.getTime(), toMs: addDays(to, 1).getTime() - 1 };
    }
  }
}

function localDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(day.getTime()) ? null : day;
}

/** One group of the list: its key (a local day's start, epoch ms, or an ActivityId) and its rows. */
export interface ActivityGroup {
  readonly key: number;
  /** For date grouping, the start of the group's local week (Monday), epoch ms. */
  readonly weekStartMs: number | null;
  readonly activities: readonly ActivitySummary[];
}

/**
 * Groups summaries (newest first) by local start day — days keep the list's order and each knows the
 * Monday its week starts on (spec §9 "Weeks start on Monday") — or one group per activity.
 */
export function groupActivities(
  summaries: readonly ActivitySummary[],
  grouping: ActivityGrouping,
): ActivityGroup[] {
  const sorted = [...summaries].sort((a, b) => b.TimestampStart - a.TimestampStart);
  if (grouping === 'activity') {
    return sorted.map((s) => ({ key: s.ActivityId, weekStartMs: null, activities: [s] }));
  }
  const groups = new Map<number, ActivitySummary[]>();
  for (const summary of sorted) {
    const day = startOfDay(new Date(summary.TimestampStart)).getTime();
    groups.set(day, [...(groups.get(day) ?? []), summary]);
  }
  return [...groups].map(([day, activities]) => ({
    key: day,
    weekStartMs: startOfWeek(new Date(day), { weekStartsOn: 1 }).getTime(),
    activities,
  }));
}
