import { createSelector } from '@reduxjs/toolkit';
import type { ActivitySummary } from '../../api/entities/activity';
import type { LoadStatus } from '../entities/loadStatus';
import {
  summariesAdapter,
  type ActivitySummariesState,
  selectActivitySummariesState,
} from './activitySummariesSlice';
import { activityOverlaps, type TimeWindow } from './summaryWindow';

type WithSummaries = { activitySummaries?: ActivitySummariesState };

const selectors = summariesAdapter.getSelectors((state: WithSummaries) =>
  selectActivitySummariesState(state),
);

/** Every cached summary, newest start first. */
export const selectAllActivitySummaries = selectors.selectAll;
/** One summary by ActivityId, undefined when not cached. */
export const selectActivitySummaryById = selectors.selectById;

/** The window (epoch ms) whose summaries are all loaded; null before the first load. */
export const selectActivitySummariesWindow = (state: WithSummaries): TimeWindow | null =>
  selectActivitySummariesState(state).window;

/**
 * Whether the wearer has any activity at all (member-wearer-has-historic-activity, or a loaded
 * summary); null while not known.
 */
export const selectHasHistoricActivity = (state: WithSummaries): boolean | null =>
  selectActivitySummariesState(state).hasHistoricActivity;

/** The load status of the summaries. */
export const selectActivitySummariesStatus = (state: WithSummaries): LoadStatus =>
  selectActivitySummariesState(state).status;

/**
 * The activity before `ActivityId` by start time: the cached summary with the latest start earlier
 * than its own (ties by id), or null (spec §4 "with the previous activity preloaded").
 */
export const selectPreviousActivityId = createSelector(
  [selectors.selectIds, (_state: WithSummaries, activityId: number) => activityId],
  (ids, activityId): number | null => {
    const index = ids.indexOf(activityId);
    return index < 0 ? null : (ids[index + 1] ?? null);
  },
);

/**
 * The cached summaries that overlap `window` (epoch ms, both ends inclusive), newest first: an
 * activity list's filter (spec §2 "Activity filters"). Memoized per window object.
 */
export const selectActivitySummariesIn = createSelector(
  [selectAllActivitySummaries, (_state: WithSummaries, window: TimeWindow) => window],
  (summaries, window): ActivitySummary[] =>
    summaries.filter((s) => activityOverlaps(s.TimestampStart, s.TimestampEnd, window)),
);
