import * as z from 'zod/mini';
import { ActivityStatus, ActivityType, BodyPosition, TimelineItemType } from '../enums';
import { Alert } from './alert';
import { Id, Timestamp } from './common';
import { Equipment } from './equipment';
import { AlertNotification } from './notification';
import { LocationPoint } from './location';
import { SplitsSettings } from './splits';

/**
 * Distance of an activity (app §3 "ActivityStats"). `Meters` is the raw path length of the fixes in
 * metres; `Displayed` is the distance to show, also in metres, after the server's filtering of poor
 * fixes (the spec gives no type for it: a number in metres was chosen). `Type` says how it was measured;
 * only GNSS exists.
 */
export const ActivityDistance = z.object({
  Displayed: z.number().check(z.nonnegative()),
  Meters: z.number().check(z.nonnegative()),
  Type: z.enum(['GNSS']),
});
export type ActivityDistance = z.infer<typeof ActivityDistance>;

/**
 * Figures of an activity (app §3 "ActivityStats"): `DurationMs` in milliseconds, `SpeedAvgMPS` and
 * `SpeedMaxMPS` in m/s. The optional fields are policy §3 "Activity" figures the spec lists without a
 * shape: `ElevationGainMeters` (m), `HeartRateAvgBPM` (beats per minute) and `Steps`; null when the
 * device does not measure them.
 */
export const ActivityStats = z.object({
  Distance: ActivityDistance,
  DurationMs: z.int().check(z.nonnegative()),
  SpeedAvgMPS: z.number().check(z.nonnegative()),
  SpeedMaxMPS: z.number().check(z.nonnegative()),
  ElevationGainMeters: z.optional(z.nullable(z.number().check(z.nonnegative()))),
  HeartRateAvgBPM: z.optional(z.nullable(z.number().check(z.nonnegative()))),
  Steps: z.optional(z.nullable(z.int().check(z.nonnegative()))),
});
export type ActivityStats = z.infer<typeof ActivityStats>;

/**
 * One activity in a list or journey (app §3 "Activity summary"). `ActivityId` is numeric (the route
 * activity/{ActivityId}); `TimestampEnd` is null while the activity is still open. `Status` is an
 * addition: the server's last status of the activity (app §4 "Activity statuses").
 */
export const ActivitySummary = z.object({
  ActivityId: Id,
  ActivityType: ActivityType,
  TimestampStart: Timestamp,
  TimestampEnd: z.nullable(Timestamp),
  ActivityStats: ActivityStats,
  Status: z.optional(ActivityStatus),
});
export type ActivitySummary = z.infer<typeof ActivitySummary>;

/**
 * One item of an activity's Timeline tab (policy §3 "Timeline item types"). `AlertID` links alert items,
 * `Text` carries a note's text, `BodyPosition` the position of a BODY_POSITION item. Shape chosen; the
 * spec lists only the item types.
 */
export const TimelineItem = z.object({
  TimelineItemType: TimelineItemType,
  Timestamp: Timestamp,
  AlertID: z.optional(z.nullable(Id)),
  Text: z.optional(z.nullable(z.string())),
  BodyPosition: z.optional(z.nullable(BodyPosition)),
});
export type TimelineItem = z.infer<typeof TimelineItem>;

/**
 * An item of equipment as it was in use for an activity (app §3 "Equipment"; docs/activities.md
 * "Equipment"): the item's fields when the activity started, or when its type was last changed. The
 * links to activity types are left out: they describe the item, not the activity.
 */
export const ActivityEquipment = z.omit(Equipment, { Activities: true, ActivitiesInUse: true });
export type ActivityEquipment = z.infer<typeof ActivityEquipment>;

/**
 * The full activity (app §3 "Activity detail"): the summary's fields plus `LocationHistory`, ordered by
 * `Time`. Additions for the detail tabs: `Alerts` raised during it, its `Timeline`, the wearer's
 * `SplitsSettings` (null when never set), the `Equipment` in use for its type (null when not
 * recorded: activities from before Lifeline kept it) and the `Notifications` sent about its alerts, by
 * time; share views get no `Notifications` (docs/share-viewing.md "Equipment").
 */
export const ActivityDetail = z.extend(ActivitySummary, {
  LocationHistory: z.array(LocationPoint),
  Alerts: z.optional(z.array(Alert)),
  Timeline: z.optional(z.array(TimelineItem)),
  SplitsSettings: z.optional(z.nullable(SplitsSettings)),
  Equipment: z.optional(z.nullable(z.array(ActivityEquipment))),
  Notifications: z.optional(z.array(AlertNotification)),
});
export type ActivityDetail = z.infer<typeof ActivityDetail>;
