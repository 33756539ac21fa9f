import { createAction } from '@reduxjs/toolkit';

/**
 * A journey viewer wants the full activity `ActivityId` of the shared journey `ShareToken` (its
 * location history, clipped by the server to the journey's window): shared-journey-activity.
 */
export const sharedJourneyActivityRequested = createAction<{
  ShareToken: string;
  ActivityId: number;
}>('sharedViews/sharedJourneyActivityRequested');

/** shared-journey-activity failed for one activity; the rest of the journey stays. */
export const sharedJourneyActivityFailed = createAction<{ ShareToken: string; ActivityId: number }>(
  'sharedViews/sharedJourneyActivityFailed',
);
