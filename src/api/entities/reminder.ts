import * as z from 'zod/mini';
import { MAX_LENGTH_LONG, noteTextSchema, requiredCheck } from '../validation';
import { DayOfWeek, Id, TimeOfDay } from './common';

/**
 * How a reminder reaches the wearer (policy §3 "Reminder" delivery methods). Values chosen: on the
 * watch, by email, by SMS.
 */
export const ReminderDeliveryMethod = z.enum(['DEVICE', 'EMAIL', 'SMS']);
export type ReminderDeliveryMethod = z.infer<typeof ReminderDeliveryMethod>;

/**
 * A wearer reminder (app §3 "Wearer reminder"; policy §3 "Reminder"): shown from `StartTime` to
 * `EndTime` (local times of day `HH:mm`) on `DaysOfWeek` (ISO 1 Monday … 7 Sunday), delivered by
 * `DeliveryMethods`, snoozable for `SnoozeMinutes` (0 = no snooze). `ReminderTemplateID` is the
 * template it was made from, or null. Field names chosen; the spec lists only the fields' meaning.
 */
export const WearerReminder = z.object({
  WearerReminderID: Id,
  WearerID: Id,
  ReminderTemplateID: z.nullable(Id),
  Text: z.string(),
  StartTime: TimeOfDay,
  EndTime: TimeOfDay,
  DaysOfWeek: z.array(DayOfWeek).check(z.minLength(1)),
  DeliveryMethods: z.array(ReminderDeliveryMethod).check(z.minLength(1)),
  SnoozeMinutes: z.int().check(z.gte(0), z.lte(1440)),
});
export type WearerReminder = z.infer<typeof WearerReminder>;

/**
 * A reminder as the member saves it (`POST save-wearer-reminder`, app §7): no id when new; text
 * required, up to 50 characters of note text (app §5).
 */
export const WearerReminderInput = z.extend(WearerReminder, {
  WearerReminderID: z.optional(Id),
  Text: noteTextSchema(MAX_LENGTH_LONG).check(requiredCheck),
});
export type WearerReminderInput = z.input<typeof WearerReminderInput>;

/** A ready-made reminder the member can start from (app §3 "reminder templates"). Shape chosen. */
export const ReminderTemplate = z.extend(
  z.pick(WearerReminder, {
    Text: true,
    StartTime: true,
    EndTime: true,
    DaysOfWeek: true,
    DeliveryMethods: true,
    SnoozeMinutes: true,
  }),
  { ReminderTemplateID: Id, Name: z.string() },
);
export type ReminderTemplate = z.infer<typeof ReminderTemplate>;
