import * as z from 'zod/mini';
import { DeviceType } from '../enums';
import { DeviceNickname, Imei } from '../validation';
import { DayOfWeek, Id, TimeOfDay, Timestamp } from './common';

/**
 * A wearer's device (app §3 "Device"; policy §3 "Device"). `AtlasDeviceID` is the device platform's
 * own id (a string, external). `Imei` is 15 characters. Optional additions from policy §3:
 * `RegisteredTimestamp` (registration date) and `SubscriptionExpiryTimestamp` (subscription end),
 * both epoch ms, null when unknown. `IngestKey` (our addition) is the device's telemetry secret, sent
 * only to the owner and only for SMARTPHONE_APP devices, so a phone tracker app (e.g. Traccar Client,
 * OsmAnd protocol `id`) can be set up with it; it changes when the device is removed.
 */
export const Device = z.object({
  DeviceID: Id,
  AtlasDeviceID: z.string(),
  DeviceNickname: z.string(),
  Imei: z.string(),
  DeviceType: DeviceType,
  RegisteredTimestamp: z.optional(z.nullable(Timestamp)),
  SubscriptionExpiryTimestamp: z.optional(z.nullable(Timestamp)),
  IngestKey: z.optional(z.string()),
});
export type Device = z.infer<typeof Device>;

/**
 * A device as the member saves it (`POST save-device`, app §7): the device with its user-editable
 * fields under the input rules of app §5 (nickname: letters, digits, spaces, underscore, ≤ 20; IMEI).
 */
export const DeviceInput = z.extend(Device, {
  DeviceNickname: DeviceNickname,
  Imei: Imei,
});
export type DeviceInput = z.input<typeof DeviceInput>;

/** The template of the scheduled night mode (app §3 "Device scheduled action" TemplateId). */
export const NIGHT_SETTINGS_TEMPLATE_ID = 'nightSettings';

/**
 * A scheduled device action, e.g. night mode (app §3 "Device scheduled action"; policy §3 "Night mode
 * schedule"). `OnTime` / `OffTime` are local times of day `HH:mm` at which the mode switches on and off
 * (an OffTime before the OnTime means the next day). `DaysOfWeek` (ISO 1 Monday … 7 Sunday) is from
 * policy §3; chosen as days on which the schedule starts.
 */
export const DeviceScheduledAction = z.object({
  ScheduledActionID: Id,
  TemplateId: z.string().check(z.minLength(1)),
  DeviceID: Id,
  OnTime: TimeOfDay,
  OffTime: TimeOfDay,
  DaysOfWeek: z.array(DayOfWeek).check(z.minLength(1)),
});
export type DeviceScheduledAction = z.infer<typeof DeviceScheduledAction>;

/** A scheduled action to create: no id yet (`POST create-device-schedule-action`, app §7). */
export const NewDeviceScheduledAction = z.omit(DeviceScheduledAction, { ScheduledActionID: true });
export type NewDeviceScheduledAction = z.infer<typeof NewDeviceScheduledAction>;
