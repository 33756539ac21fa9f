import * as z from 'zod/mini';
import { Id, Timestamp } from './common';

/**
 * How a notification went out: an e-mail, a text message or a voice call (app §3 "Emergency contact
 * … AlertConfigs per alert type (Email, Call, Sms)").
 */
export const NotificationChannel = z.enum(['EMAIL', 'SMS', 'CALL']);
export type NotificationChannel = z.infer<typeof NotificationChannel>;

/**
 * One message about an alert to an emergency contact or a rescue organisation (policy §1 "Alert and
 * rescue routing policy"; docs/activities.md "Contacts") — a Lifeline addition to the activity
 * detail. `RecipientName` is the contact's or organisation's name when it was sent, `Recipient` the
 * address or phone number; `CreatedTime` when it was queued and `DeliveredTime` when the provider
 * took it (null until then), epoch ms; `Failed` once the outbox gave it up, every try refused
 * (server/outbox/outbox.ts `OUTBOX_MAX_ATTEMPTS`; a failed try alone leaves it queued: it is tried
 * again).
 */
export const AlertNotification = z.object({
  AlertID: Id,
  Channel: NotificationChannel,
  RecipientName: z.string(),
  Recipient: z.string(),
  CreatedTime: Timestamp,
  DeliveredTime: z.nullable(Timestamp),
  Failed: z.boolean(),
});
export type AlertNotification = z.infer<typeof AlertNotification>;

/** Where a notification stands: SENT (the provider took it), FAILED, or QUEUED (not yet sent). */
export type NotificationState = 'SENT' | 'FAILED' | 'QUEUED';

/** The {@link NotificationState} of `notification`. */
export function notificationState(
  notification: Pick<AlertNotification, 'DeliveredTime' | 'Failed'>,
): NotificationState {
  if (notification.DeliveredTime !== null) return 'SENT';
  return notification.Failed ? 'FAILED' : 'QUEUED';
}
