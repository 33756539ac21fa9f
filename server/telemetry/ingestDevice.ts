import { sql, type RawBuilder, type Transaction } from 'kysely';
import { int8Array } from '../db/numberArrays';
import type { Database } from '../db/schema';
import type { ActivityRow } from './activityRows';
import type { DeviceHeard } from './deviceLag';

/** A transaction of the server's database. */
export type Trx = Transaction<Database>;

/**
 * The device an ingest request posts for, locked for the request's transaction:
 * - `deviceId`, `memberId` (its owner), `wearerId` (the owner's), `ceilingActivityId`;
 * - `frontierMs`: the latest device time (epoch ms) of any stored fix or TRACKING_START/STOP event of
 *   the device, null before the first; items later than it extend the timeline in order (fast path);
 * - `latest`: the owner's activity of the device with the latest start, null before the first;
 * - `heard`: what the server last heard from it (its clock lag, server/telemetry/deviceLag.ts).
 */
export interface IngestDevice {
  readonly deviceId: number;
  readonly memberId: number;
  /** The owner's WearerID, for the request's socket publication. */
  readonly wearerId: number;
  /** The device's highest activity id before the request, 0 before the first (ingestPublication.ts). */
  readonly ceilingActivityId: number;
  readonly frontierMs: number | null;
  readonly latest: ActivityRow | null;
  /**
   * `latest`'s heart rate totals (`heart_rate_sum`, bpm, and `heart_rate_count`, migration 0017), so
   * the set-based path can answer its row as stored without reading it back (groupedWrite.ts); null
   * before any activity.
   */
  readonly latestHeartRate: { readonly sum: number; readonly count: number } | null;
  readonly heard: DeviceHeard;
  /**
   * Whether the owner has an open alert, an active zone or a type a person's close holds (a battery
   * reading back to normal rearms it): without any, fixes and battery readings alone cannot change
   * an alert, and the alert engine skips reading the wearer (server/alerts/alertEngine.ts).
   */
  readonly alertWatch: boolean;
  /**
   * When the device was last released by a member (remove-device: `devices.released_at`), epoch ms;
   * null when never. What it stored before belongs to earlier owners (ActivityOwner.ownedSinceMs).
   */
  readonly releasedMs: number | null;
}

/** A row of the device lock query: the device, its owner and its latest activity (all null before any). */
type LockedRow = {
  ingest_key: string;
  device_id: number;
  member_id: number;
  wearer_id: number;
  ceiling_id: number | null;
  frontier_ms: number | null;
  heard_ms: number | null;
  heard_device_ms: number | null;
  alert_watch: boolean;
  released_ms: number | null;
  heart_rate_sum: number | null;
  heart_rate_count: number | null;
} & {
  [K in keyof ActivityRow]: ActivityRow[K] | null;
};

function toIngestDevice(row: LockedRow): IngestDevice {
  const latest: ActivityRow | null =
    row.activity_id === null ||
    row.activity_type === null ||
    row.status === null ||
    row.timestamp_start_ms === null ||
    row.opened_by === null ||
    row.distance_m === null ||
    row.duration_ms === null
      ? null
      : {
          activity_id: row.activity_id,
          activity_type: row.activity_type,
          status: row.status,
          timestamp_start_ms: row.timestamp_start_ms,
          timestamp_end_ms: row.timestamp_end_ms,
          last_fix_ms: row.last_fix_ms,
          opened_by: row.opened_by,
          closed_by: row.closed_by,
          stats_state: row.stats_state,
          distance_m: row.distance_m,
          duration_ms: row.duration_ms,
        };
  return {
    deviceId: row.device_id,
    memberId: row.member_id,
    wearerId: row.wearer_id,
    ceilingActivityId: row.ceiling_id ?? 0,
    frontierMs: row.frontier_ms,
    latest,
    latestHeartRate:
      latest === null || row.heart_rate_sum === null || row.heart_rate_count === null
        ? null
        : { sum: row.heart_rate_sum, count: row.heart_rate_count },
    heard: { heardMs: row.heard_ms, heardDeviceMs: row.heard_device_ms },
    alertWatch: row.alert_watch,
    releasedMs: row.released_ms,
  };
}

/**
 * What a request brought that the server may not have heard yet (server/telemetry/deviceLag.ts): the
 * device's `ingestKey`, the server's clock when it arrived (`nowMs`, epoch ms) and its newest item's
 * device time (`newestItemMs`, epoch ms).
 */
export interface HeardReport {
  readonly ingestKey: string;
  readonly nowMs: number;
  readonly newestItemMs: number;
}

/**
 * The statement of {@link lockIngestDevices} for `ingestKeys` (non-empty) and `reports`, unexecuted
 * (tests read its plan). Each device's lookups are index probes whatever its history: the ceiling
 * through `activities_device_id`, the frontier through the primary key of `location_points` and
 * `device_events_tracking`, the latest activity through `activities_device_start` (migration 0024,
 * with the statistics that let the planner see it).
 */
export function lockStatement(
  ingestKeys: readonly string[],
  reports: readonly HeardReport[],
): RawBuilder<LockedRow> {
  // Holds are judged on the server's clock of the requests (the alert engine's).
  const nowMs = reports.reduce((latest, report) => Math.max(latest, report.nowMs), 0) || Date.now();
  // The update reads `locked`: it only touches rows this statement has locked, in device id order.
  return sql<LockedRow>`
    with locked as (
      select d.ingest_key, d.device_id, d.member_id, m.wearer_id, d.heard_ms, d.heard_device_ms,
        (extract(epoch from d.released_at) * 1000)::bigint as released_ms,
        (select max(c.activity_id) from activities c where c.device_id = d.device_id) as ceiling_id,
        greatest(
          (select max(p.device_time_ms) from location_points p where p.device_id = d.device_id),
          (select max(e.event_time_ms) from device_events e
            where e.device_id = d.device_id and e.event_type in ('TRACKING_START', 'TRACKING_STOP'))
        ) as frontier_ms,
        (exists (select 1 from alerts a where a.member_id = d.member_id and a.close_state = 'OPEN')
          or exists (select 1 from zones z where z.member_id = d.member_id and z.active)
          or m.alert_holds_until_ms > ${nowMs}::bigint)
          as alert_watch,
        (select a.activity_id from activities a
          where a.device_id = d.device_id and a.member_id = d.member_id
          order by a.timestamp_start_ms desc, a.activity_id desc
          limit 1) as latest_id
      from devices d
      join members m on m.member_id = d.member_id
      where d.ingest_key = any(${[...ingestKeys]}::text[]) and d.member_id is not null
      order by d.device_id
      for no key update of d
    ), latest as (
      select l.activity_id, l.activity_type, l.status, l.timestamp_start_ms, l.timestamp_end_ms,
        l.last_fix_ms, l.opened_by, l.closed_by, l.stats_state, l.distance_m, l.duration_ms,
        l.heart_rate_sum, l.heart_rate_count
      from activities l join locked k on l.activity_id = k.latest_id
      order by l.activity_id
      for no key update of l
    ), heard as (
      update devices h set heard_ms = v.now_ms, heard_device_ms = v.newest_ms
      from locked k, unnest(
        ${reports.map((report) => report.ingestKey)}::text[],
        ${int8Array(reports.map((report) => report.nowMs))}::bigint[],
        ${int8Array(reports.map((report) => report.newestItemMs))}::bigint[]
      ) as v(ingest_key, now_ms, newest_ms)
      where k.ingest_key = v.ingest_key and h.device_id = k.device_id
        and (k.heard_device_ms is null or v.newest_ms > k.heard_device_ms)
    )
    select k.ingest_key, k.device_id, k.member_id, k.wearer_id, k.heard_ms, k.heard_device_ms,
      k.released_ms, k.ceiling_id, k.frontier_ms, k.alert_watch, l.*
    from locked k left join latest l on l.activity_id = k.latest_id
    order by k.device_id`;
}

/**
 * Finds the activated devices whose ingest keys are `ingestKeys`, each with its latest activity, and
 * locks their rows (`for no key update`, in device id order, so two transactions locking overlapping
 * sets cannot deadlock on them) until the transaction ends: one device's requests build its
 * activities one at a time (other devices run in parallel) and a concurrent remove-device cannot
 * rotate a key mid-request. Answers a map from ingest key to device; a key that is unknown, rotated
 * by remove-device, or of a registry device no member holds has no entry (callers answer all three
 * alike). In the same statement, each of `reports` whose item is newer than any heard from its device
 * is stored as what the server heard (`devices.heard_ms` / `heard_device_ms`, deviceLag.ts
 * `heardAfter`); the devices answered still read as they were before it.
 *
 * The latest activity's row is locked too (after the devices: the order the ingest, the sweeps and
 * an alert's resolve take them in). In PostgreSQL's READ COMMITTED a statement reads one snapshot,
 * taken when it began; when it waits for a row lock it then sees the newest version of the rows it
 * locks, and of nothing else. A resolve holds the member's device rows while it moves the activity's
 * status, so an ingest whose lock waited for it read the status from before the resolve and wrote
 * it back (tests/unit/server/ingestLockFreshness.test.ts). Locked, the activity row reads as the
 * resolve left it. The frontier and the ceiling change only with another request of the same device,
 * which never runs beside this one (ingestGroupCommit.ts). `alertWatch` is read from the snapshot:
 * true when stale costs one request evaluated without need; false when stale — the sweep opened an
 * alert while this statement waited for the device — lets a fix pass unjudged, and the next sweep
 * judges the stored data again (server/alerts/alertSweep.ts `storedDataObservations`).
 */
export async function lockIngestDevices(
  trx: Trx,
  ingestKeys: readonly string[],
  reports: readonly HeardReport[] = [],
): Promise<Map<string, IngestDevice>> {
  if (ingestKeys.length === 0) return new Map();
  const { rows } = await lockStatement(ingestKeys, reports).execute(trx);
  return new Map(rows.map((row) => [row.ingest_key, toIngestDevice(row)]));
}
