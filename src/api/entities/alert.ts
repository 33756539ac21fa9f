import * as z from 'zod/mini';
import {
  ActorType,
  AlertClosureReason,
  AlertCloseState,
  AlertType,
  BodyPosition,
  CheckInState,
  Severity,
} from '../enums';
import { Id, Timestamp } from './common';
import { LocationPoint } from './location';

/**
 * A note on an alert (app §7 alert-add-note, policy §3 "Alert"): written by a guardian through a share
 * link, an operator or the system. `AuthorName` is the GuardianName for guardian notes. Shape chosen.
 */
export const AlertNote = z.object({
  AlertNoteID: Id,
  AlertID: Id,
  NoteText: z.string(),
  AuthorName: z.string(),
  ActorType: ActorType,
  Timestamp: Timestamp,
});
export type AlertNote = z.infer<typeof AlertNote>;

/**
 * A rescue organisation an alert was passed to (policy §3 "rescue organisations notified are shown").
 * `NotifiedTimestamp` is epoch ms.
 */
export const RescueOrgNotified = z.object({
  RescueOrgCode: z.string(),
  Name: z.string(),
  NotifiedTimestamp: Timestamp,
});
export type RescueOrgNotified = z.infer<typeof RescueOrgNotified>;

/**
 * An alert raised for a wearer (app §3, §4 "Alert close states"; policy §3 "Alert", §4 "Alerts").
 * - `TimestampStart` when raised, `TimestampUpdated` last change, `TimestampClosed` null while open (ms).
 * - `CloseState` and `ClosureReason` (null while open or when closed by a person).
 * - `ClosedByActorType` / `ClosedByName`: who closed or resolved it; `ResolveText` the explanation.
 * - `PausedUntilTimestamp`: epoch ms until which the wearer's alerts are paused by the resolver, or null.
 * - `Value`: the measured value that raised it, in the configuration's `ThresholdUnits` (null if none).
 * - `BodyPosition` for falls, `CheckInState` for check-ins; null otherwise.
 * The spec lists no field names beyond AlertID, AlertType, Severity, notes and rescue organisations
 * notified; the rest are chosen.
 */
export const Alert = z.object({
  AlertID: Id,
  WearerID: Id,
  ActivityId: z.nullable(Id),
  AlertType: AlertType,
  Severity: Severity,
  TimestampStart: Timestamp,
  TimestampUpdated: Timestamp,
  TimestampClosed: z.nullable(Timestamp),
  CloseState: AlertCloseState,
  ClosureReason: z.nullable(AlertClosureReason),
  ClosedByActorType: z.nullable(ActorType),
  ClosedByName: z.nullable(z.string()),
  ResolveText: z.nullable(z.string()),
  PausedUntilTimestamp: z.nullable(Timestamp),
  Location: z.nullable(LocationPoint),
  Value: z.nullable(z.number()),
  BodyPosition: z.nullable(BodyPosition),
  CheckInState: z.nullable(CheckInState),
  Notes: z.array(AlertNote),
  RescueOrgsNotified: z.array(RescueOrgNotified),
});
export type Alert = z.infer<typeof Alert>;

/** Whether an alert can still be acted on (policy §4: "An alert that is no longer active cannot be acted on"). */
export function isAlertOpen(alert: Pick<Alert, 'CloseState'>): boolean {
  return alert.CloseState === 'OPEN';
}

/** How an alert is shown (policy §3 "Alert": "Type shown as alert, assistance or manual emergency"). */
export type AlertKind = 'ALERT' | 'ASSISTANCE' | 'MANUAL';

/**
 * The kind an alert of `type` is shown as (policy §3 "Alert"): the wearer's assistance request
 * (ASSISTANCE), the manual emergency (MANUAL, the SOS), and every other type — the ones the device
 * or the server raises by itself (fall, no motion, geofence, vitals, battery …) — an alert. The same
 * three as the activity statuses ALERT, ASSISTANCE and MANUAL.
 */
export function alertKindOf(type: AlertType): AlertKind {
  return type === 'ASSISTANCE' || type === 'MANUAL' ? type : 'ALERT';
}

/**
 * How many notifications go out per channel for one alert (app §3 "notification counts … by email,
 * SMS, voice and push"). Non-negative integers; 0 disables the channel.
 */
export const NotificationCounts = z.object({
  Email: z.int().check(z.nonnegative()),
  Sms: z.int().check(z.nonnegative()),
  Voice: z.int().check(z.nonnegative()),
  Push: z.int().check(z.nonnegative()),
});
export type NotificationCounts = z.infer<typeof NotificationCounts>;

/**
 * How one alert type behaves for a wearer (app §3 "Alert configuration").
 * - `ThresholdValue` / `SecondaryThresholdValue` in `ThresholdUnits` (e.g. 'C', '%', 'BPM', 's', 'km');
 *   null when the type has no threshold (e.g. ASSISTANCE).
 * - `Label` and `Hint` are translation keys.
 * - `HistoryRange`: how far back the metric is looked at; the spec gives values 3, 15, 10, 360 without a
 *   unit, minutes are assumed.
 * - `FeaturesRequired` / `PropsRequired`: device features and wearer properties the type needs.
 * - `Dashboard`: whether it is shown on the dashboard.
 * - `EmergencyContactNotifications` / `WearerNotifications`: notification counts per channel.
 */
export const AlertConfiguration = z.object({
  AlertType: AlertType,
  Severity: Severity,
  ThresholdValue: z.nullable(z.number()),
  SecondaryThresholdValue: z.nullable(z.number()),
  ThresholdUnits: z.nullable(z.string()),
  Label: z.string(),
  Hint: z.string(),
  HistoryRange: z.nullable(z.number().check(z.nonnegative())),
  FeaturesRequired: z.array(z.string()),
  PropsRequired: z.array(z.string()),
  Dashboard: z.boolean(),
  EmergencyContactNotifications: NotificationCounts,
  WearerNotifications: NotificationCounts,
});
export type AlertConfiguration = z.infer<typeof AlertConfiguration>;
