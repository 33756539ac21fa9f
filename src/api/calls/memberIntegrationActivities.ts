import * as z from 'zod/mini';
import { defineCall } from '../call';
import { ActivityType } from '../enums';
import {
  ActivityDetail,
  ActivitySummary,
  Id,
  MessageThread,
  SplitsSettings,
  Timestamp,
} from '../entities';
import { decodeTrackBinary, type TrackBinaryColumns } from '../trackBinary';
import { TRIM_MINIMUM_DURATION_MS } from '../validation';
import { NoRequest, TimeWindow, reportedError } from './common';

/*
 * Activity calls of the member-integration API (app §7). Failures answer ErrorCode UNKNOWN with a
 * false status (app §8). Times are epoch ms.
 */

/** The wearer's activities that overlap the window, as summaries (app §4 data windows). */
export const memberWearerActivities = defineCall({
  name: 'member-wearer-activities',
  api: 'member-integration',
  method: 'POST',
  path: '/member-wearer-activities',
  request: TimeWindow,
  response: z.object({ Activities: z.array(ActivitySummary), ...reportedError }),
});

/**
 * The summaries of the window (at least 30 days, 365 by default; cached summaries are topped up,
 * app §9).
 */
export const memberWearerActivitySummaries = defineCall({
  name: 'member-wearer-activity-summaries',
  api: 'member-integration',
  method: 'POST',
  path: '/member-wearer-activity-summaries',
  request: TimeWindow,
  response: z.object({ Activities: z.array(ActivitySummary), ...reportedError }),
});

/** The request of member-wearer-activity-detail and -track: an activity and a window of its points. */
const ActivityWindow = z.object({ ActivityId: Id, TimeStart: Timestamp, TimeEnd: Timestamp }).check(
  z.refine((window) => window.TimeEnd >= window.TimeStart, {
    message: 'Validations.InvalidValues',
    path: ['TimeEnd'],
  }),
);

/**
 * One activity with the location points whose `Time` lies in [TimeStart, TimeEnd], so an open activity
 * can be topped up. Response shape chosen: the spec lists only the request.
 */
export const memberWearerActivityDetail = defineCall({
  name: 'member-wearer-activity-detail',
  api: 'member-integration',
  method: 'POST',
  path: '/member-wearer-activity-detail',
  request: ActivityWindow,
  response: z.object({ Activity: ActivityDetail, ...reportedError }),
});

/**
 * The LocationHistory of member-wearer-activity-detail (same request, same ownership rule) as columns
 * in the binary layout of src/api/trackBinary.ts — a Lifeline extension for long histories (a 7-day
 * journey at 1 Hz is 605,000 points), decoded into column views of the received bytes. An unknown or
 * another member's activity answers 404 as the detail does.
 */
export const memberWearerActivityTrack = defineCall({
  name: 'member-wearer-activity-track',
  api: 'member-integration',
  method: 'POST',
  path: '/member-wearer-activity-track',
  request: ActivityWindow,
  response: z.pipe(
    z.instanceof(ArrayBuffer),
    z.transform((bytes, ctx): TrackBinaryColumns => {
      try {
        return decodeTrackBinary(bytes);
      } catch (error) {
        const message = error instanceof Error ? error.message : 'track';
        ctx.issues.push({ code: 'custom', message, input: bytes });
        return z.NEVER;
      }
    }),
  ),
  responseBody: 'binary',
});

/**
 * The messages guardians sent the wearer during an activity, with the wearer's delivery, seen and
 * replies (app §3 "Message thread") — a Lifeline call for the member's own detail page (its Messages
 * tab, docs/activities.md): spec §7 loads a thread only with a ShareToken (message-load-thread).
 * `MessageThread` is null while no one has written; reading never creates a thread. An unknown or
 * another member's activity answers 404 as the detail does.
 */
export const memberWearerActivityMessages = defineCall({
  name: 'member-wearer-activity-messages',
  api: 'member-integration',
  method: 'POST',
  path: '/member-wearer-activity-messages',
  request: z.object({ ActivityId: Id }),
  response: z.object({ MessageThread: z.nullable(MessageThread) }),
});

/** Deletes an activity; cannot be undone (policy §2). */
export const memberWearerActivityDelete = defineCall({
  name: 'member-wearer-activity-delete',
  api: 'member-integration',
  method: 'POST',
  path: '/member-wearer-activity-delete',
  request: z.object({ ActivityId: Id }),
  response: z.object({ DeleteStatus: z.boolean(), ...reportedError }),
});

/** Changes an activity's type. */
export const memberWearerActivityEdit = defineCall({
  name: 'member-wearer-activity-edit',
  api: 'member-integration',
  method: 'POST',
  path: '/member-wearer-activity-edit',
  request: z.object({ ActivityId: Id, NewActivityType: ActivityType }),
  response: z.object({ EditStatus: z.boolean(), ...reportedError }),
});

/** Saves how the activity's splits are computed (not allowed to share viewers, app §6). */
export const memberWearerActivitySplits = defineCall({
  name: 'member-wearer-activity-splits',
  api: 'member-integration',
  method: 'POST',
  path: '/member-wearer-activity-splits',
  request: z.object({ ActivityId: Id, SplitsSettings: SplitsSettings }),
  response: z.object({ UpdateSuccess: z.boolean(), ...reportedError }),
});

/**
 * Trims an activity to new bounds, at least one minute apart (policy §5). That the bounds lie within
 * the activity is checked where the activity is known (`TrimRange` of src/api/validation).
 */
export const memberWearerActivityTrim = defineCall({
  name: 'member-wearer-activity-trim',
  api: 'member-integration',
  method: 'POST',
  path: '/member-wearer-activity-trim',
  request: z
    .object({ ActivityId: Id, NewActivityStart: Timestamp, NewActivityEnd: Timestamp })
    .check(
      z.refine((trim) => trim.NewActivityEnd - trim.NewActivityStart >= TRIM_MINIMUM_DURATION_MS, {
        message: 'Validations.TrimTooShort',
        path: ['NewActivityEnd'],
        params: { minutes: TRIM_MINIMUM_DURATION_MS / 60_000 },
      }),
    ),
  response: z.object({ TrimStatus: z.boolean(), ...reportedError }),
});

/** Whether the wearer has any activity at all (for the dashboard's prompts). Response chosen. */
export const memberWearerHasHistoricActivity = defineCall({
  name: 'member-wearer-has-historic-activity',
  api: 'member-integration',
  method: 'GET',
  path: '/member-wearer-has-historic-activity',
  request: NoRequest,
  response: z.object({ HasHistoricActivity: z.boolean() }),
});

/** The activity calls by name. */
export const activityCalls = {
  'member-wearer-activities': memberWearerActivities,
  'member-wearer-activity-summaries': memberWearerActivitySummaries,
  'member-wearer-activity-detail': memberWearerActivityDetail,
  'member-wearer-activity-track': memberWearerActivityTrack,
  'member-wearer-activity-messages': memberWearerActivityMessages,
  'member-wearer-activity-delete': memberWearerActivityDelete,
  'member-wearer-activity-edit': memberWearerActivityEdit,
  'member-wearer-activity-splits': memberWearerActivitySplits,
  'member-wearer-activity-trim': memberWearerActivityTrim,
  'member-wearer-has-historic-activity': memberWearerHasHistoricActivity,
} as const;
