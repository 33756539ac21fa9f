import * as z from 'zod/mini';
import { defineCall } from '../call';
import {
  ActivityDetail,
  Id,
  Journey,
  MessageThread,
  ShareToken,
  ShareViewerId,
  SharedMemberDetails,
} from '../entities';
import { PersonName, noteTextSchema, requiredCheck } from '../validation';
import { SuccessResponse, reportedError } from './common';

/*
 * Shared viewing (app §7 "Shared viewing (public)", §6 share viewer), API `member-integration-public`
 * on the share token's C2Url. Every call carries the `ShareToken`; notes and resolving also need a
 * `ShareViewerId`. Acting on an alert that is no longer active answers ALERT_NOT_ACTIVE (policy §4).
 */

/** Longest alert note or resolve explanation, in characters (chosen; the spec gives none). */
export const ALERT_TEXT_MAX_LENGTH = 500;

/** Longest message to the wearer's watch, in characters (chosen: a short watch notification). */
export const MESSAGE_TEXT_MAX_LENGTH = 160;

/** Longest alert pause a guardian may set, in minutes (chosen: one week). */
export const ALERT_PAUSE_MAX_MINUTES = 7 * 24 * 60;

const AlertText = noteTextSchema(ALERT_TEXT_MAX_LENGTH).check(requiredCheck);

/**
 * Opens a share link: `ShareTotp` is the link's optional one-time code (the `totp` query value, app §2).
 * Answers the shared activity (with its location history) or the shared journey, the other null, and
 * what may be shown of the wearer.
 */
export const activitySharing = defineCall({
  name: 'activity-sharing',
  api: 'member-integration-public',
  method: 'POST',
  path: '/activity-sharing',
  request: z.object({
    ShareToken: ShareToken,
    ShareTotp: z.optional(z.string().check(z.maxLength(16))),
  }),
  response: z.object({
    Activity: z.nullable(ActivityDetail),
    Journey: z.nullable(Journey),
    MemberDetails: SharedMemberDetails,
    ...reportedError,
  }),
});

/** One activity of a shared journey, with its location history. Response shape chosen. */
export const sharedJourneyActivity = defineCall({
  name: 'shared-journey-activity',
  api: 'member-integration-public',
  method: 'POST',
  path: '/shared-journey-activity',
  request: z.object({ ShareToken: ShareToken, ActivityId: Id }),
  response: z.object({ Activity: ActivityDetail, ...reportedError }),
});

/** The message thread of a shared activity. Request fields chosen (the spec lists the answer only). */
export const messageLoadThread = defineCall({
  name: 'message-load-thread',
  api: 'member-integration-public',
  method: 'POST',
  path: '/message-load-thread',
  request: z.object({
    ShareToken: ShareToken,
    ShareViewerId: z.optional(ShareViewerId),
    ActivityId: Id,
  }),
  response: z.object({ MessageThread: MessageThread }),
});

/**
 * Sends a message to the wearer's watch with the answers it offers (`ReplyOptions`, default No and Yes,
 * policy §3; at most 4 of up to 20 characters, chosen). Answers the updated thread.
 */
export const messageSend = defineCall({
  name: 'message-send',
  api: 'member-integration-public',
  method: 'POST',
  path: '/message-send',
  request: z.object({
    ActivityId: Id,
    MessageText: noteTextSchema(MESSAGE_TEXT_MAX_LENGTH).check(requiredCheck),
    ReplyOptions: z._default(
      z.array(noteTextSchema(20).check(requiredCheck)).check(z.minLength(1), z.maxLength(4)),
      ['No', 'Yes'],
    ),
    SenderName: PersonName,
    ShareToken: ShareToken,
    ShareViewerId: z.optional(ShareViewerId),
  }),
  response: z.object({ MessageThread: MessageThread }),
});

/** Adds a guardian's note to an alert (app §7 alert-add-note). */
export const alertAddNote = defineCall({
  name: 'alert-add-note',
  api: 'member-integration-public',
  method: 'POST',
  path: '/alert-add-note',
  request: z.object({
    AlertID: Id,
    GuardianName: PersonName,
    NoteText: AlertText,
    ShareToken: ShareToken,
    ShareViewerId: ShareViewerId,
  }),
  response: SuccessResponse,
});

/**
 * Resolves an alert with an explanation and optionally pauses all the wearer's alerts for
 * `PauseMinutes` (0 = no pause) (app §7 alert-resolve-pause; policy §4 "Alerts").
 */
export const alertResolvePause = defineCall({
  name: 'alert-resolve-pause',
  api: 'member-integration-public',
  method: 'POST',
  path: '/alert-resolve-pause',
  request: z.object({
    AlertID: Id,
    GuardianName: PersonName,
    PauseMinutes: z.int().check(z.gte(0), z.lte(ALERT_PAUSE_MAX_MINUTES)),
    ResolveText: AlertText,
    ShareToken: ShareToken,
    ShareViewerId: ShareViewerId,
  }),
  response: SuccessResponse,
});

/** The shared-viewing calls by name. */
export const shareViewingCalls = {
  'activity-sharing': activitySharing,
  'shared-journey-activity': sharedJourneyActivity,
  'message-load-thread': messageLoadThread,
  'message-send': messageSend,
  'alert-add-note': alertAddNote,
  'alert-resolve-pause': alertResolvePause,
} as const;
