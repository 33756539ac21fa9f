import { sql } from 'kysely';
import type { ActivityDetail, ActivitySummary } from '../../src/api/entities/activity';
import type { SplitsSettings } from '../../src/api/entities/splits';
import type { LocationPoint } from '../../src/api/entities/location';
import type { ActivityType } from '../../src/api/enums';
import { alertsOfActivity } from '../alerts/alertRepository';
import { trustedAltitudeSql } from '../telemetry/altitude';
import type { Db } from '../db/database';
import { activityTimeline } from './activityTimeline';
import { equipmentInUse, toActivityEquipment } from './activityEquipment';
import { notificationsOfActivity } from './activityNotifications';
import { trackColumnsOf } from './trackColumns';
import { trackWindow, type TrackCache } from './trackCache';
import {
  ACTIVITY_COLUMNS,
  toActivitySummary,
  toLocationPoint,
  toSplitsSettings,
} from './activityMapping';

/*
 * The member's activities (application-behaviour §7 member-wearer-activity* calls). Every query names
 * the calling member in its WHERE clause: an ActivityId of another member behaves exactly like an
 * unknown one, and nothing of it is read or written.
 */

/** A time window in epoch ms, `TimeEnd >= TimeStart` (the contract's TimeWindow). */
export interface TimeWindow {
  readonly TimeStart: number;
  readonly TimeEnd: number;
}

const DAY_MS = 86_400_000;

/** Shortest window member-wearer-activity-summaries answers, in ms (application-behaviour §9: 30 days). */
export const ACTIVITY_SUMMARY_MIN_WINDOW_MS = 30 * DAY_MS;

/**
 * The window member-wearer-activity-summaries answers for a requested one: the same window, with its
 * start moved back so it spans at least {@link ACTIVITY_SUMMARY_MIN_WINDOW_MS} up to `TimeEnd`
 * (application-behaviour §9 "Minimum activity summary window 30 days"; never before epoch 0).
 */
export function summaryWindow(window: TimeWindow): TimeWindow {
  const earliestStart = Math.max(0, window.TimeEnd - ACTIVITY_SUMMARY_MIN_WINDOW_MS);
  return { TimeStart: Math.min(window.TimeStart, earliestStart), TimeEnd: window.TimeEnd };
}

/**
 * The member's activities that overlap `window` (epoch ms, both ends inclusive), newest start first
 * (ties by id, newest first), as ActivitySummary with the stored stats (application-behaviour §3, §7
 * member-wearer-activities). An open activity (no end yet) overlaps every window ending at or after
 * its start.
 */
export async function listActivities(
  db: Db,
  memberId: number,
  window: TimeWindow,
): Promise<ActivitySummary[]> {
  const rows = await db
    .selectFrom('activities')
    .select(ACTIVITY_COLUMNS)
    .where('member_id', '=', memberId)
    .where('timestamp_start_ms', '<=', window.TimeEnd)
    .where((eb) =>
      eb.or([eb('timestamp_end_ms', '>=', window.TimeStart), eb('timestamp_end_ms', 'is', null)]),
    )
    .orderBy('timestamp_start_ms', 'desc')
    .orderBy('activity_id', 'desc')
    .execute();
  return rows.map(toActivitySummary);
}

/** The request of member-wearer-activity-detail: an ActivityId and a window over its points (ms). */
export interface DetailRequest extends TimeWindow {
  readonly ActivityId: number;
}

/**
 * The LocationHistory points of the member's activity `request.ActivityId` whose device time lies
 * in [TimeStart, TimeEnd], in time order; empty for another member's activity or an unknown id.
 */
async function pointsOf(
  db: Db,
  memberId: number,
  request: DetailRequest,
): Promise<LocationPoint[]> {
  const rows = await db
    .selectFrom('location_points as p')
    .innerJoin('activities as a', 'a.activity_id', 'p.activity_id')
    .select([
      'p.device_time_ms',
      'p.lon',
      'p.lat',
      'p.hacc',
      trustedAltitudeSql('p').as('alt'),
      'p.speed_mps',
      'p.heart_rate_bpm',
    ])
    .where('p.activity_id', '=', request.ActivityId)
    .where('a.member_id', '=', memberId)
    .where('p.device_time_ms', '>=', request.TimeStart)
    .where('p.device_time_ms', '<=', request.TimeEnd)
    .orderBy('p.device_time_ms')
    .orderBy('p.device_id')
    .execute();
  return rows.map(toLocationPoint);
}

/** A time window that holds every point. */
const ALL_TIME = { TimeStart: Number.MIN_SAFE_INTEGER, TimeEnd: Number.MAX_SAFE_INTEGER };

/**
 * The LocationHistory of member-wearer-activity-track (src/api/calls/memberIntegrationActivities.ts):
 * the points {@link activityDetail} would hold for `request`, in the binary layout of
 * src/api/trackBinary.ts (built by PostgreSQL: trackColumns.ts), read in one repeatable-read
 * transaction with the ownership check; null when the id is unknown or another member's. A closed
 * activity's whole track is kept in `cache` under its row's version (trackCache.ts) and each request
 * answered from it by its window.
 */
export async function activityTrack(
  db: Db,
  memberId: number,
  request: DetailRequest,
  cache: TrackCache | null = null,
): Promise<Uint8Array | null> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const owned = await trx
        .selectFrom('activities')
        .select(['activity_id', 'closed_by', sql<string>`xmin::text`.as('version')])
        .where('activity_id', '=', request.ActivityId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      if (!owned) return null;
      // A day of 1 Hz points sorts in memory, not in temporary files (4 MB by default).
      await sql`set local work_mem = '32MB'`.execute(trx);
      if (!cache || owned.closed_by === null) return trackColumnsOf(trx, memberId, request);
      const cached = cache.get(request.ActivityId, owned.version);
      if (cached) return trackWindow(cached, request.TimeStart, request.TimeEnd);
      const whole = await trackColumnsOf(trx, memberId, { ...request, ...ALL_TIME });
      cache.set(request.ActivityId, owned.version, whole);
      return trackWindow(whole, request.TimeStart, request.TimeEnd);
    });
}

/**
 * One of the member's activities as ActivityDetail (application-behaviour §3, §7
 * member-wearer-activity-detail): the summary, its `SplitsSettings` (null when never saved) and the
 * `LocationHistory` of its fixes whose device time lies in [TimeStart, TimeEnd], in time order, its
 * `Alerts` with their notes, the `Timeline` (activityTimeline.ts), the `Equipment` it was done
 * with (activityEquipment.ts; null when not recorded) and the `Notifications` sent about its alerts
 * (activityNotifications.ts) — those only for the member's own view (`view.owner`, the default; a
 * share view passes false: whom the alerts reached, with their addresses, is the member's; it also
 * gets only the alerts opened in [TimeStart, TimeEnd], a journey share's span). Null
 * when the id is unknown or another member's. Read in one repeatable-read transaction, so the stats
 * and the points agree.
 */
export async function activityDetail(
  db: Db,
  memberId: number,
  request: DetailRequest,
  view: { readonly owner: boolean } = { owner: true },
): Promise<ActivityDetail | null> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const row = await trx
        .selectFrom('activities')
        .select([...ACTIVITY_COLUMNS, 'splits_settings', 'equipment'])
        .where('activity_id', '=', request.ActivityId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      if (!row) return null;
      const points = await pointsOf(trx, memberId, request);
      const summary = toActivitySummary(row);
      // A viewer sees the alerts of the span shared (a journey's window), as its location points.
      const alerts = await alertsOfActivity(
        trx,
        memberId,
        request.ActivityId,
        view.owner ? undefined : request,
      );
      return {
        ...summary,
        LocationHistory: points,
        SplitsSettings: toSplitsSettings(row.splits_settings),
        Alerts: alerts,
        Timeline: activityTimeline(summary, alerts),
        Equipment: toActivityEquipment(row.equipment),
        ...(view.owner
          ? { Notifications: await notificationsOfActivity(trx, memberId, request.ActivityId) }
          : {}),
      };
    });
}

/**
 * Deletes one of the member's activities with its location points (cascade) and message thread;
 * alerts keep their row without the activity (application-behaviour §7 member-wearer-activity-delete;
 * cannot be undone, policy §2). False when the id is unknown or another member's (nothing deleted).
 */
export async function deleteActivity(
  db: Db,
  memberId: number,
  activityId: number,
): Promise<boolean> {
  const row = await db
    .deleteFrom('activities')
    .where('activity_id', '=', activityId)
    .where('member_id', '=', memberId)
    .returning('activity_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets the type of one of the member's activities (application-behaviour §7 member-wearer-activity-edit).
 * False when the id is unknown or another member's (nothing written).
 */
export async function editActivityType(
  db: Db,
  memberId: number,
  activityId: number,
  type: ActivityType,
): Promise<boolean> {
  const result = await db
    .updateTable('activities')
    .set({
      activity_type: type,
      // A new type takes the equipment in use for it now (activityEquipment.ts); the same type keeps
      // what the activity was done with.
      equipment: sql<string>`case when activity_type = ${type} then equipment else ${equipmentInUse(memberId, type)} end`,
      updated_at: sql<Date>`now()`,
    })
    .where('activity_id', '=', activityId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Saves how one of the member's activities is split (application-behaviour §7
 * member-wearer-activity-splits; policy §3 split types): the parsed SplitsSettings (numbers, km or
 * minutes) as JSON in `activities.splits_settings`. False when the id is unknown or another member's.
 */
export async function saveSplitsSettings(
  db: Db,
  memberId: number,
  activityId: number,
  settings: SplitsSettings,
): Promise<boolean> {
  const result = await db
    .updateTable('activities')
    .set({ splits_settings: JSON.stringify(settings), updated_at: sql<Date>`now()` })
    .where('activity_id', '=', activityId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Whether the member has any activity, open or closed (member-wearer-has-historic-activity). */
export async function hasActivity(db: Db, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('activities')
    .select('activity_id')
    .where('member_id', '=', memberId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
