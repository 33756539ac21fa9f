import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { IngestEvent, IngestPoint } from '../../src/api/ingest';
import { ActivityStatus } from '../../src/api/enums';
import type { EntityChanges, TelemetryWearerUpdate } from '../../src/api/socket';
import {
  ACTIVITY_COLUMNS,
  toActivitySummary,
  toLocationPoint,
  type ActivityRow,
} from '../activities/activityMapping';
import type { Db } from '../db/database';
import type { RealtimePublisher } from '../realtime/publisher';
import type { ChangedAlert } from '../alerts/alertStore';
import type { StoredFix } from './activityBuilder';
import type { ActivityMerge } from './mergedActivities';
import { trustedAltitudeSql } from './altitude';
import type { LateHeartRate } from './telemetryStore';
import type { Trx } from './ingestDevice';

/*
 * What an ingest request tells the member's sockets once it has committed (issue 5 item 5;
 * ARCHITECTURE.md §1 telemetry → socket.io rooms). The ingest transaction notes what it changed: on
 * the in-order path, everything it wrote as stored (`written`); otherwise the activities it touched
 * ({@link readChanges}, against a {@link ChangeMark} taken before building) with what it wrote, read
 * in the transaction. {@link publishIngest} sends it only once committed, so a socket
 * never sees an uncommitted point, and a publishing failure never fails the ingest answer.
 *
 * An activity only extended (still open, same start, type and status) gets no EntityChanges: its new
 * points, stats and status travel in the TelemetryWearerUpdate, and a change would make every open
 * detail reload its whole history once per fix. Created, closed, re-cut, retyped activities and alert
 * status changes do get one.
 */

/** What an ingest transaction committed, for its publication. */
export interface IngestCommit {
  readonly memberId: number;
  /** The member's WearerID (the device lock reads it), which the published events carry. */
  readonly wearerId: number;
  readonly deviceId: number;
  /** Device times (epoch ms) of the points newly stored by the request (not the duplicates). */
  readonly fixTimes: readonly number[];
  /** The activities of the device the request created or changed, in id order. */
  readonly activities: readonly ChangedActivity[];
  /** The latest battery percentage of the request (points' Battery, BATTERY events), null if none. */
  readonly battery: number | null;
  /** Alerts the request opened or closed (server/alerts/alertEngine.ts), in order. */
  readonly alerts: readonly ChangedAlert[];
  /** Server clock at the request (epoch ms), the changes' Timestamp. */
  readonly nowMs: number;
  /**
   * What the request wrote, as stored (the in-order path's own rows, or {@link readChanges}, which
   * also holds the activities of late heart rates): the publication is built from it without reading
   * back. Absent, or without an activity of a late heart rate: {@link collectPublication} reads the
   * points and activities after the commit.
   */
  readonly written?: WrittenTelemetry;
  /**
   * Fixes of earlier requests the request's VITALS gave a heart rate (telemetryStore.ts
   * `insertEvents`): an open activity's live viewers are told its newest reading.
   */
  readonly lateHeartRates?: readonly LateHeartRate[];
  /**
   * Activities the request's re-cut merged into others and deleted (mergedActivities.ts): their
   * viewers follow them to the activity that took them over, and hear that they were deleted.
   */
  readonly merged?: readonly ActivityMerge[];
}

/** The rows an in-order request wrote: the owner's WearerID, its new fixes, its saved activities. */
export interface WrittenTelemetry {
  readonly wearerId: number;
  readonly fixes: readonly StoredFix[];
  readonly activities: readonly ActivityRow[];
}

/** An activity the request created (inserted) or updated. */
export interface ChangedActivity {
  readonly activityId: number;
  readonly created: boolean;
  /** Only extended (activityRows.ts SavedActivity): told by TelemetryWearerUpdate, no EntityChanges. */
  readonly extendedOnly?: boolean;
}

/**
 * Taken in the transaction before building, with the device row locked: the device's highest activity
 * id (ingestDevice.ts `ceilingActivityId`) and the time.
 */
export interface ChangeMark {
  readonly ceilingId: number;
  readonly since: Date;
}

/**
 * What a request that did not take the in-order path changed and wrote, read inside its transaction
 * in ONE statement (a late point's re-cut already costs several): the device's activities inserted
 * (id above the mark's ceiling) or updated (`updated_at` set since the mark; the builder stamps every
 * update), in id order; and, for the publication, the request's new fixes as stored (`fixTimes`,
 * device times in epoch ms; time order) with the activity rows of those, of the changed activities
 * and of `alsoActivityIds` (the activities of late heart rates). JSON aggregates carry the three row
 * sets; every column is a number, text or null, which JSON keeps exactly (int8 below 2^53, float8
 * printed round-trip exact).
 */
export async function readChanges(
  trx: Trx,
  deviceId: number,
  mark: ChangeMark,
  fixTimes: readonly number[],
  alsoActivityIds: readonly number[],
): Promise<{ activities: ChangedActivity[]; written: Omit<WrittenTelemetry, 'wearerId'> }> {
  const columns = sql.join(ACTIVITY_COLUMNS.map((column) => sql.ref(`a.${column}`)));
  const { rows } = await sql<{
    changed: number[];
    fixes: StoredFix[];
    activities: ActivityRow[];
  }>`
    with changed as (
      select activity_id from activities
      where device_id = ${deviceId}
        and (activity_id > ${mark.ceilingId} or updated_at >= ${mark.since})
    ), fixes as (
      select p.device_time_ms, p.activity_id, p.lon, p.lat, ${trustedAltitudeSql('p')} as alt,
        p.hacc, p.speed_mps, p.bearing_deg, p.heart_rate_bpm
      from location_points p
      where p.device_id = ${deviceId} and p.device_time_ms = any(${[...fixTimes]}::bigint[])
    )
    select
      coalesce((select json_agg(c.activity_id order by c.activity_id) from changed c), '[]')
        as changed,
      coalesce((select json_agg(f order by f.device_time_ms) from fixes f), '[]') as fixes,
      coalesce((select json_agg(r) from (
        select ${columns} from activities a
        where a.activity_id in (
          select activity_id from changed
          union select activity_id from fixes where activity_id is not null
          union select unnest(${[...alsoActivityIds]}::bigint[])
        )) r), '[]') as activities`.execute(trx);
  const row = rows[0];
  if (!row) throw new Error('ingest: the change read answered no row');
  return {
    activities: row.changed.map((activityId) => ({
      activityId,
      created: activityId > mark.ceilingId,
    })),
    written: { fixes: row.fixes, activities: row.activities },
  };
}

/** The battery percentage of the request's latest item that carries one, null when none does. */
export function latestBattery(
  points: readonly IngestPoint[],
  events: readonly IngestEvent[],
): number | null {
  let latest: { time: number; percent: number } | null = null;
  const consider = (time: number, percent: number | null | undefined) => {
    if (percent === null || percent === undefined) return;
    if (latest === null || time >= latest.time) latest = { time, percent };
  };
  for (const point of points) consider(point.Time, point.Battery);
  for (const event of events) if (event.Type === 'BATTERY') consider(event.Time, event.Percent);
  return (latest as { percent: number } | null)?.percent ?? null;
}

/** A bearing in degrees as a heading in [0, 360). */
function heading(bearing: number): number {
  const degrees = bearing % 360;
  return degrees < 0 ? degrees + 360 : degrees;
}

/** What {@link publishIngest} sends to the member's sockets. */
export interface IngestPublication {
  readonly memberId: number;
  /** One per activity holding new points (ActivityId null for points outside any), by first point. */
  readonly updates: TelemetryWearerUpdate[];
  readonly changes: EntityChanges;
}

/**
 * Builds, after the commit, what `commit` publishes: the new points by activity (time order) with the
 * activity's status and stats, and the EntityChanges of the activities created or changed; from the
 * rows the commit carries, reading back only when it carries none or lacks an activity of a late
 * heart rate. Null when there is nothing to tell.
 */
export async function collectPublication(
  db: Db,
  commit: IngestCommit,
): Promise<IngestPublication | null> {
  const late = commit.lateHeartRates ?? [];
  if (
    commit.fixTimes.length === 0 &&
    commit.activities.length === 0 &&
    commit.alerts.length === 0 &&
    late.length === 0
  ) {
    return null;
  }
  // The in-order path's rows may not hold every activity of late heart rates: read back then.
  const written = commit.written;
  const covered =
    written !== undefined &&
    late.every(
      (reading) =>
        reading.activityId === null ||
        written.activities.some((row) => row.activity_id === reading.activityId),
    );
  const read = covered ? written : await readBack(db, commit);
  const { wearerId, fixes: points, activities } = read;
  const byId = new Map(activities.map((row) => [row.activity_id, row]));

  const groups = new Map<number | null, StoredFix[]>();
  for (const point of points) {
    const group = groups.get(point.activity_id);
    if (group) group.push(point);
    else groups.set(point.activity_id, [point]);
  }
  const updates: TelemetryWearerUpdate[] = [];
  for (const [activityId, group] of groups) {
    const row = activityId === null ? undefined : byId.get(activityId);
    const status = ActivityStatus.safeParse(row?.status);
    const bearing = group.findLast((point) => point.bearing_deg !== null)?.bearing_deg ?? null;
    const rated = group.findLast((point) => point.heart_rate_bpm !== null);
    updates.push({
      WearerID: wearerId,
      ActivityId: row ? activityId : null,
      Points: group.map(toLocationPoint),
      Battery: commit.battery,
      Status: status.success ? status.data : null,
      Heading: bearing === null ? null : heading(bearing),
      HeartRate: rated?.heart_rate_bpm ?? null,
      HeartRateTime: rated?.device_time_ms ?? null,
      ...(row ? { ActivityStats: toActivitySummary(row).ActivityStats } : {}),
    });
  }
  for (const reading of newestPerActivity(late)) {
    const row = byId.get(reading.activityId);
    const summary = row ? toActivitySummary(row) : null;
    // Only an open activity is live; a closed one's reading shows with its detail's next load.
    if (!row || !summary || summary.TimestampEnd !== null) continue;
    const update = updates.find((u) => u.ActivityId === reading.activityId);
    if (update) {
      if ((update.HeartRateTime ?? -Infinity) < reading.time) {
        update.HeartRate = reading.bpm;
        update.HeartRateTime = reading.time;
      }
      continue;
    }
    const status = ActivityStatus.safeParse(row.status);
    updates.push({
      WearerID: wearerId,
      ActivityId: reading.activityId,
      Points: [],
      Battery: commit.battery,
      Status: status.success ? status.data : null,
      Heading: null,
      HeartRate: reading.bpm,
      HeartRateTime: reading.time,
      ActivityStats: summary.ActivityStats,
    });
  }
  const changes: EntityChanges = [
    ...commit.activities
      .filter((activity) => byId.has(activity.activityId) && activity.extendedOnly !== true)
      .map((activity) => ({
        EntityType: 'Activity' as const,
        EntityId: activity.activityId,
        ChangeType: activity.created ? ('created' as const) : ('updated' as const),
        Timestamp: commit.nowMs,
        WearerID: wearerId,
        ActivityId: activity.activityId,
      })),
    ...commit.alerts.map((alert) => ({
      EntityType: 'Alert' as const,
      EntityId: alert.alertId,
      ChangeType: alert.created ? ('created' as const) : ('updated' as const),
      Timestamp: commit.nowMs,
      WearerID: wearerId,
      ActivityId: alert.activityId,
    })),
    ...(commit.merged ?? []).map((merge) => ({
      EntityType: 'Activity' as const,
      EntityId: merge.fromActivityId,
      ChangeType: 'deleted' as const,
      Timestamp: commit.nowMs,
      WearerID: wearerId,
      ActivityId: merge.fromActivityId,
    })),
  ];
  return { memberId: commit.memberId, updates, changes };
}

/** The newest of `readings` of each activity (readings outside any activity left out). */
function newestPerActivity(
  readings: readonly LateHeartRate[],
): (LateHeartRate & { readonly activityId: number })[] {
  const newest = new Map<number, LateHeartRate & { readonly activityId: number }>();
  for (const reading of readings) {
    const { activityId } = reading;
    if (activityId === null) continue;
    const known = newest.get(activityId);
    if (!known || known.time < reading.time) newest.set(activityId, { ...reading, activityId });
  }
  return [...newest.values()];
}

/**
 * Reads back, after the commit, what a request wrote when its commit does not carry it: its new
 * fixes as stored, and the activities that hold them, that it changed or that got its late heart
 * rates. Only the in-order path's rare cases come here (late heart rates on another activity, or a
 * request that changed nothing but an alert); the others carry {@link readChanges}' rows.
 */
async function readBack(db: Db, commit: IngestCommit): Promise<WrittenTelemetry> {
  const fixes =
    commit.fixTimes.length === 0
      ? []
      : await db
          .selectFrom('location_points')
          .select([
            'device_time_ms',
            'activity_id',
            'lon',
            'lat',
            trustedAltitudeSql('location_points').as('alt'),
            'hacc',
            'speed_mps',
            'bearing_deg',
            'heart_rate_bpm',
          ])
          .where('device_id', '=', commit.deviceId)
          .where(sql<boolean>`device_time_ms = any(${[...commit.fixTimes]}::bigint[])`)
          .orderBy('device_time_ms')
          .execute();
  const activityIds = new Set(commit.activities.map((a) => a.activityId));
  for (const fix of fixes) if (fix.activity_id !== null) activityIds.add(fix.activity_id);
  for (const late of commit.lateHeartRates ?? []) {
    if (late.activityId !== null) activityIds.add(late.activityId);
  }
  const activities =
    activityIds.size === 0
      ? []
      : await db
          .selectFrom('activities')
          .select(ACTIVITY_COLUMNS)
          .where('activity_id', 'in', [...activityIds])
          .execute();
  return { wearerId: commit.wearerId, fixes, activities };
}

/**
 * The activities whose rooms (besides the member's) could hear the publication of `commit`: those it
 * created or changed, of its alerts and late heart rates, and of its written fixes. Null when the
 * commit does not carry its fixes' rows (they are read back after the commit, and may lie in another
 * activity): then the publication is built as before and each event checked as it is published.
 */
function audienceOf(commit: IngestCommit): Set<number> | null {
  if (commit.fixTimes.length > 0 && !commit.written) return null;
  const ids = new Set<number>();
  for (const activity of commit.activities) ids.add(activity.activityId);
  for (const alert of commit.alerts) if (alert.activityId !== null) ids.add(alert.activityId);
  for (const late of commit.lateHeartRates ?? []) {
    if (late.activityId !== null) ids.add(late.activityId);
  }
  for (const fix of commit.written?.fixes ?? []) {
    if (fix.activity_id !== null) ids.add(fix.activity_id);
  }
  for (const activity of commit.written?.activities ?? []) ids.add(activity.activity_id);
  for (const merge of commit.merged ?? []) ids.add(merge.fromActivityId);
  return ids;
}

/**
 * Publishes what `commit` changed to the member's sockets: first the EntityChanges batch, then one
 * TelemetryWearerUpdate per activity with new points. Call only after the commit. Nothing is built
 * when no socket on any node hears the member's room or the room of an activity the commit touched
 * ({@link audienceOf}; most fixes of a fleet no one watches). Never throws: a failure (reading or
 * publishing) is logged and the ingest answers as usual.
 */
export async function publishIngest(
  db: Db,
  publisher: RealtimePublisher | undefined,
  commit: IngestCommit,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!publisher) return;
  // First, so that this commit's events already reach the merged activities' viewers where they are.
  if (commit.merged && commit.merged.length > 0) publisher.followMergedActivities(commit.merged);
  const rooms = audienceOf(commit);
  if (rooms && !publisher.audible(commit.memberId, rooms)) return;
  try {
    const publication = await collectPublication(db, commit);
    if (!publication) return;
    publisher.publishEntityChanges(publication.memberId, publication.changes);
    for (const update of publication.updates) {
      publisher.publishTelemetry(publication.memberId, update);
    }
  } catch (error) {
    log.error(
      { err: error, memberId: commit.memberId, deviceId: commit.deviceId },
      'ingest: publishing to sockets failed',
    );
  }
}
