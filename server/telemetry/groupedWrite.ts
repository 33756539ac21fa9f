import { sql } from 'kysely';
import type { IngestEvent, IngestPoint } from '../../src/api/ingest';
import type { ActivityRow as ActivityViewRow } from '../activities/activityMapping';
import { fixItem, storedFixes, type StoredCounts } from './activityBuilder';
import { continuableSegment, countInsertedHeartRates, type SavedActivity } from './activityRows';
import { statusAfter } from './activityRules';
import { statsColumns } from './activityStats';
import type { IngestDevice, Trx } from './ingestDevice';
import { TimelineWalker, type Segment } from './segmentation';
import { insertFixesOfDevices, type InsertedDeviceFix } from './telemetryStore';

/*
 * The group commit's set-based path (issue 5 item 8; docs/decisions.md "Ingest throughput"). A live
 * phone's request is one OsmAnd fix, and storing it alone costs an activity update and a fixes insert:
 * two round trips to PostgreSQL per point, more than the statements' own work on a small machine.
 * The usual requests of a group are written together instead — one activities update and one fixes
 * insert for all of them — with exactly the rows the per-request path (activityBuilder.ts) writes.
 * Every other request (events, a new or closed activity, a mix of late and new points) takes the
 * per-request path in the same transaction.
 */

/**
 * A request the set-based path can store, with what it will write:
 * - `append`: fixes all later than anything stored of the device (`points`, sorted) that only extend
 *   its open activity — still open, same start, type and status — to `segment` (its new totals);
 * - `resent`: fixes all at or before the device's frontier (re-sent ones, late ones). The insert
 *   skips the re-sent; when a late one was new, the caller re-cuts the timeline (activityBuilder.ts
 *   `recutStored`), as the per-request late path does.
 */
export type GroupedPlan =
  | {
      readonly kind: 'append';
      readonly device: IngestDevice;
      readonly points: readonly IngestPoint[];
      readonly segment: Segment;
      /** The open activity as stored before the request. */
      readonly before: ActivityViewRow;
    }
  | {
      readonly kind: 'resent';
      readonly device: IngestDevice;
      readonly points: readonly IngestPoint[];
    };

/**
 * The set-based plan of one request of `device` (its row locked), or null when it takes the
 * per-request path: `points` unique and sorted by time, `events` unique; `deviceNowMs` is now on the
 * device's clock (the silence rule). No I/O.
 */
export function planGroupedWrite(
  device: IngestDevice,
  points: readonly IngestPoint[],
  events: readonly IngestEvent[],
  deviceNowMs: number,
): GroupedPlan | null {
  const first = points[0];
  if (events.length > 0 || first === undefined || device.frontierMs === null) return null;
  const last = points[points.length - 1] ?? first;
  if (last.Time <= device.frontierMs) return { kind: 'resent', device, points };
  if (first.Time <= device.frontierMs) return null;
  const latest = device.latest;
  if (latest === null || device.latestHeartRate === null) return null;
  if (latest.closed_by !== null || latest.timestamp_end_ms !== null) return null;
  if (statusAfter(latest.status, true) !== latest.status) return null;
  const initial = continuableSegment(latest);
  if (initial === null) return null;
  const walker = new TimelineWalker(initial);
  for (const point of points) walker.push(fixItem(point));
  const segments = walker.finish(deviceNowMs);
  const [segment] = segments;
  if (segments.length !== 1 || segment !== initial || segment.closedBy !== null) return null;
  return {
    kind: 'append',
    device,
    points,
    segment,
    before: {
      activity_id: latest.activity_id,
      activity_type: latest.activity_type,
      status: latest.status,
      timestamp_start_ms: latest.timestamp_start_ms,
      timestamp_end_ms: null,
      ...statsColumns(latest.stats_state ?? segment.stats),
      heart_rate_sum: device.latestHeartRate.sum,
      heart_rate_count: device.latestHeartRate.count,
    },
  };
}

/** What {@link writeGrouped} stored for one plan: the request's {@link StoredCounts}. */
export interface GroupedWrite {
  readonly plan: GroupedPlan;
  /**
   * As the per-request path answers them. For `append`, `inOrder` holds the activity and fixes as
   * stored; for `resent`, `fixTimes` are the late fixes newly stored (the caller re-cuts them).
   */
  readonly stored: StoredCounts;
}

/**
 * Writes `plans` (of distinct devices, their rows locked by this transaction) in two statements at
 * most: one update of the `append` plans' activities (their last fix and totals, `updated_at`), then
 * one insert of every plan's fixes — the `append` ones under their activity, the `resent` ones not
 * attributed yet. Answers each plan's {@link GroupedWrite}, in order. Throws (the transaction then
 * stores nothing) when an activity or a fix of an `append` plan was not written as planned.
 */
export async function writeGrouped(
  trx: Trx,
  plans: readonly GroupedPlan[],
): Promise<GroupedWrite[]> {
  const appends = plans.filter((plan) => plan.kind === 'append');
  await updateActivities(trx, appends);
  const inserted = await insertFixesOfDevices(
    trx,
    plans.map((plan) => ({
      deviceId: plan.device.deviceId,
      points: plan.points,
      activityIds: plan.points.map(() => (plan.kind === 'append' ? plan.before.activity_id : null)),
      heartRates: new Map(),
    })),
  );
  const byDevice = new Map<number, InsertedDeviceFix[]>();
  for (const fix of inserted) {
    const fixes = byDevice.get(fix.device_id) ?? [];
    fixes.push(fix);
    byDevice.set(fix.device_id, fixes);
  }
  return plans.map((plan) => {
    const fixes = byDevice.get(plan.device.deviceId) ?? [];
    const fixTimes = fixes.map((fix) => fix.device_time_ms);
    const counts = { fixes: fixes.length, events: 0, fixTimes, eventKeys: [] };
    if (plan.kind === 'resent') return { plan, stored: counts };
    if (fixes.length !== plan.points.length) {
      throw new Error('ingest: a grouped append did not insert every fix');
    }
    const activityIds = plan.points.map(() => plan.before.activity_id);
    const saved: SavedActivity = {
      activityId: plan.before.activity_id,
      created: false,
      extendedOnly: true,
      row: { ...plan.before, ...statsColumns(plan.segment.stats) },
    };
    return {
      plan,
      stored: {
        ...counts,
        inOrder: {
          saved: countInsertedHeartRates([saved], fixes),
          fixes: storedFixes(plan.points, activityIds, fixes),
        },
      },
    };
  });
}

/**
 * Saves the `append` plans' extended activities in one statement: what the per-request path's update
 * (activityRows.ts `saveSegments`) changes for an activity that is only extended — its last fix, the
 * stats totals and columns, `updated_at`.
 */
async function updateActivities(
  trx: Trx,
  appends: readonly Extract<GroupedPlan, { kind: 'append' }>[],
): Promise<void> {
  if (appends.length === 0) return;
  const column = <T>(pick: (plan: (typeof appends)[number]) => T) => appends.map(pick);
  const stats = appends.map((plan) => statsColumns(plan.segment.stats));
  const { rows } = await sql<{ activity_id: number }>`
    update activities a set
      last_fix_ms = v.last_fix_ms, stats_state = v.stats_state, distance_m = v.distance_m,
      duration_ms = v.duration_ms, speed_avg_mps = v.speed_avg_mps,
      speed_max_mps = v.speed_max_mps, updated_at = ${new Date()}
    from unnest(
      ${column((plan) => plan.before.activity_id)}::bigint[],
      ${column((plan) => plan.segment.lastFixMs)}::bigint[],
      ${column((plan) => JSON.stringify(plan.segment.stats))}::jsonb[],
      ${stats.map((row) => row.distance_m)}::float8[],
      ${stats.map((row) => row.duration_ms)}::bigint[],
      ${stats.map((row) => row.speed_avg_mps)}::float8[],
      ${stats.map((row) => row.speed_max_mps)}::float8[]
    ) as v(activity_id, last_fix_ms, stats_state, distance_m, duration_ms, speed_avg_mps,
      speed_max_mps)
    where a.activity_id = v.activity_id
    returning a.activity_id`.execute(trx);
  if (rows.length !== appends.length) {
    throw new Error('ingest: a grouped append found no activity to extend');
  }
}
