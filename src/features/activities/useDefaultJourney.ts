import { useEffect, useMemo } from 'react';
import {
  selectActivitySummariesStatus,
  selectActivitySummariesWindow,
  selectAllActivitySummaries,
} from '../../store/activities/activitySummariesSelectors';
import { activitySummariesRequested } from '../../store/activities/activitySummariesSlice';
import type { JourneySpan } from '../../store/activities/journeySlice';
import { requestedSummaryWindow } from '../../store/activities/summaryWindow';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { suggestedJourneySpan } from './journeySpan';

/**
 * The journey the screen opens on at `nowMs` (epoch ms, fixed when the screen opens, so the
 * suggestion does not move under the member; {@link suggestedJourneySpan}: the most recent multi-day
 * journey, else the last 7 days), once the member's summaries of the 365 days up to `nowMs` are in the
 * store (spec §9 Data windows "default 365"; asked for here, only what the cache lacks is fetched —
 * nothing when the route already asked for the same window); null until then. If that load fails,
 * the suggestion comes from what the cache holds. Epoch ms, whole days of `timeZone` (the screen's;
 * the browser's when undefined).
 */
export function useDefaultJourney(nowMs: number, timeZone?: string): JourneySpan | null {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(activitySummariesRequested({ toMs: nowMs }));
  }, [dispatch, nowMs]);
  const status = useAppSelector(selectActivitySummariesStatus);
  const cached = useAppSelector(selectActivitySummariesWindow);
  const summaries = useAppSelector(selectAllActivitySummaries);
  const wanted = requestedSummaryWindow({ toMs: nowMs }, nowMs);
  const covered = cached !== null && cached.fromMs <= wanted.fromMs && cached.toMs >= wanted.toMs;
  const ready = status === 'failed' || (status === 'loaded' && covered);
  return useMemo(
    () => (ready ? suggestedJourneySpan(summaries, nowMs, timeZone) : null),
    [ready, summaries, nowMs, timeZone],
  );
}
