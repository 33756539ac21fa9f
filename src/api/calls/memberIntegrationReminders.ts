import * as z from 'zod/mini';
import { defineCall } from '../call';
import { IdParam, ReminderTemplate, WearerReminder, WearerReminderInput } from '../entities';
import { SuccessResponse } from './common';

/* Wearer reminders of the member-integration API (app §7); refreshed on change events. */

/**
 * The reminders of a wearer and the templates to make new ones from. The spec's `{id}` is read as
 * the wearer's id.
 */
export const loadWearerReminders = defineCall({
  name: 'load-wearer-reminders',
  api: 'member-integration',
  method: 'GET',
  path: '/load-wearer-reminders/{WearerID}',
  request: z.object({ WearerID: IdParam }),
  response: z.object({
    WearerReminders: z.array(WearerReminder),
    ReminderTemplates: z.array(ReminderTemplate),
  }),
});

/** Creates (no id) or updates a reminder; answers the saved reminder. */
export const saveWearerReminder = defineCall({
  name: 'save-wearer-reminder',
  api: 'member-integration',
  method: 'POST',
  path: '/save-wearer-reminder',
  request: WearerReminderInput,
  response: WearerReminder,
});

/**
 * Deletes a reminder, with an empty body. The spec's `/{reminderId}/{second id}`: the second is read
 * as the wearer's id.
 */
export const deleteWearerReminder = defineCall({
  name: 'delete-wearer-reminder',
  api: 'member-integration',
  method: 'POST',
  path: '/delete-wearer-reminder/{WearerReminderID}/{WearerID}',
  request: z.object({ WearerReminderID: IdParam, WearerID: IdParam }),
  response: SuccessResponse,
});

/** The reminder calls by name. */
export const reminderCalls = {
  'load-wearer-reminders': loadWearerReminders,
  'save-wearer-reminder': saveWearerReminder,
  'delete-wearer-reminder': deleteWearerReminder,
} as const;
