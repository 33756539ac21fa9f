import { createAction } from '@reduxjs/toolkit';
import type { ActivityDetail } from '../../api/entities/activity';
import type { TelemetryWearerUpdate } from '../../api/socket';

/*
 * Activity events and view notices shared by the activity slices and epics (spec §4 "Activities and
 * journeys"). Events are past tense; the slices fold them (ARCHITECTURE.md §4).
 */

/** A detail without its LocationHistory, which the location-history slice keeps (columnar). */
export type LoadedDetail = Omit<ActivityDetail, 'LocationHistory'>;

/**
 * A detail arrived from the server (member-wearer-activity-detail, or a shared view's answer): the
 * details, summaries and alerts slices take their parts. Payload `{ detail }`; its LocationHistory
 * travels in the location-history slice's `historyLoaded` just before (see {@link detailLoadedActions}),
 * so the action log holds each history once.
 */
export const activityDetailLoaded = createAction<{
  detail: LoadedDetail;
  /**
   * `share`: loaded through a share link (a guardian's or operator's view), not asked for by the
   * member: the detail is kept, but not counted as one the member's screens hold (its `loads` entry),
   * so the member's reload rules do not call the member API for someone else's activity.
   */
  via?: 'share';
  /**
   * When the load was asked for, this device's clock (epoch ms): live telemetry heard after it is
   * newer than the detail (src/store/realtime/liveWearersSlice.ts).
   */
  requestedAt?: number;
}>('activities/activityDetailLoaded');

/** `detail` without its LocationHistory (which travels on its own to the location-history slice). */
export function loadedDetailOf(detail: ActivityDetail): LoadedDetail {
  const rest: Partial<ActivityDetail> = { ...detail };
  delete rest.LocationHistory;
  return rest as LoadedDetail;
}

/** The server deleted an activity (EntityChanges `deleted`): it leaves every slice. */
export const activityRemoved = createAction<{ ActivityId: number }>('activities/activityRemoved');

/**
 * No open share view shows the activity any more and the member holds none of it (a guardian closed
 * the link, an operator removed a card): its detail and location history leave the store, so a
 * monitor rotating shares for days does not keep every track it ever showed.
 */
export const sharedActivityReleased = createAction<{ ActivityId: number }>(
  'activities/sharedActivityReleased',
);

/**
 * A screen shows the activity `ActivityId`: its detail is requested lazily (with the previous one
 * preloaded), and while it is open it is refreshed every minute (spec §4) until
 * {@link activityDetailHidden} for the same id.
 */
export const activityDetailShown = createAction<{ ActivityId: number }>(
  'activities/activityDetailShown',
);

/** The screen that showed `ActivityId` closed (ends its minute refresh). */
export const activityDetailHidden = createAction<{ ActivityId: number }>(
  'activities/activityDetailHidden',
);

/**
 * The live figures a TelemetryWearerUpdate carries for its activity (spec §7: `ActivityStats` and
 * `Status`, when sent), as changes to the activity's summary or detail until its next reload.
 */
export function liveActivityChanges(
  update: TelemetryWearerUpdate,
): Partial<Pick<ActivityDetail, 'ActivityStats' | 'Status'>> {
  return {
    ...(update.ActivityStats ? { ActivityStats: update.ActivityStats } : {}),
    ...(update.Status ? { Status: update.Status } : {}),
  };
}
