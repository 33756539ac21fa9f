import { useEffect, useMemo, useState } from 'react';
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
 * The journey the screen opens on ({@link suggestedJourneySpan}: the most recent multi-day journey,
 * else the last 7 days), once the member's summaries of the last 365 days are in the store (spec §9
 * Data windows "default 365"; asked for here, only what the cache lacks is fetched); null until
 * then. If that load fails, the suggestion comes from what the cache holds. Epoch ms, whole days.
 */
export function useDefaultJourney(): JourneySpan | null {
  const dispatch = useAppDispatch();
  // Fixed when the screen opens, so the suggestion does not move under the member.
  const [nowMs] = useState(() => Date.now());
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
    () => (ready ? suggestedJourneySpan(summaries, nowMs) : null),
    [ready, summaries, nowMs],
  );
}
