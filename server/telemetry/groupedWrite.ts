import { sql } from 'kysely';
import type { IngestEvent, IngestPoint } from '../../src/api/ingest';
import type { ActivityRow as ActivityViewRow } from '../activities/activityMapping';
import { fixItem, storedFixes, type StoredCounts } from './activityBuilder';
import {
  continuableSegment,
  countInsertedHeartRates,
  type ActivityRow,
  type SavedActivity,
} from './activityRows';
import { statusAfter } from './activityRules';
import { statsColumns } from './activityStats';
import type { IngestDevice, Trx } from './ingestDevice';
import { TimelineWalker, type Segment } from './segmentation';
import { insertFixesOfDevices, type InsertedDeviceFix } from './telemetryStore';
import { loadActivityTimelines } from './timelineLoad';

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
 *   skips the re-sent. When they all come after the start of the device's open activity (`inside`),
 *   they are inserted under it and, when one was new, the activity's totals are folded again from its
 *   fixes ({@link writeGrouped}); otherwise, when a late one was new, the caller re-cuts the timeline
 *   (activityBuilder.ts `recutStored`), as the per-request late path does.
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
      /**
       * The device's open activity when every fix comes after its start: a late fix there can only
       * join it (inside an activity no gap reaches 30 minutes and no TRACKING_STOP lies), so no
       * re-cut is needed, only its totals folded again. Null otherwise.
       */
      readonly inside: { readonly activity: ActivityRow; readonly deviceNowMs: number } | null;
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
  const latest = device.latest;
  if (last.Time <= device.frontierMs) {
    const open =
      latest !== null &&
      latest.closed_by === null &&
      latest.timestamp_end_ms === null &&
      statusAfter(latest.status, true) === latest.status &&
      device.latestHeartRate !== null &&
      first.Time > latest.timestamp_start_ms;
    return {
      kind: 'resent',
      device,
      points,
      inside: open ? { activity: latest, deviceNowMs } : null,
    };
  }
  if (first.Time <= device.frontierMs) return null;
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
   * As the per-request path answers them. For `append` and a folded `resent`, `inOrder` holds the
   * activity and fixes as stored; for `resent`, `fixTimes` are the late fixes newly stored. A
   * `resent` without `inOrder` was not folded: the caller re-cuts its new late fixes, if any.
   */
  readonly stored: StoredCounts;
}

/** The activity a plan's fixes are inserted under: null for late fixes left to a re-cut. */
function insertedUnder(plan: GroupedPlan): number | null {
  if (plan.kind === 'append') return plan.before.activity_id;
  return plan.inside?.activity.activity_id ?? null;
}

/**
 * Writes `plans` (of distinct devices, their rows locked by this transaction) in two statements,
 * plus, when an `inside` plan stored a new late fix, one read of all such activities' timelines:
 * one insert of every plan's fixes — the `append` and `inside` ones under their activity, the other
 * `resent` ones not attributed yet — then one update of the `append` plans' activities and the
 * folded ones (their last fix and totals, `updated_at`). Answers each plan's {@link GroupedWrite}, in
 * order. Throws (the transaction then stores nothing) when an activity or a fix of an `append` plan
 * was not written as planned.
 */
export async function writeGrouped(
  trx: Trx,
  plans: readonly GroupedPlan[],
): Promise<GroupedWrite[]> {
  const inserted = await insertFixesOfDevices(
    trx,
    plans.map((plan) => ({
      deviceId: plan.device.deviceId,
      points: plan.points,
      activityIds: plan.points.map(() => insertedUnder(plan)),
      heartRates: new Map(),
    })),
  );
  const byDevice = new Map<number, InsertedDeviceFix[]>();
  for (const fix of inserted) {
    const fixes = byDevice.get(fix.device_id) ?? [];
    fixes.push(fix);
    byDevice.set(fix.device_id, fixes);
  }
  const refolded = await refoldInside(
    trx,
    plans.filter((plan) => (byDevice.get(plan.device.deviceId)?.length ?? 0) > 0),
  );
  // The appends' activities and the folded ones, in one statement (the fold reads fixes and events,
  // not these rows, so the appends' update may wait for it).
  await updateActivities(trx, [
    ...plans.flatMap((plan) =>
      plan.kind === 'append'
        ? [{ activityId: plan.before.activity_id, segment: plan.segment }]
        : [],
    ),
    ...refolded.values(),
  ]);
  return plans.map((plan) => {
    const fixes = byDevice.get(plan.device.deviceId) ?? [];
    const fixTimes = fixes.map((fix) => fix.device_time_ms);
    const counts = { fixes: fixes.length, events: 0, fixTimes, eventKeys: [] };
    if (plan.kind === 'resent') {
      const segment = refolded.get(plan.device.deviceId)?.segment;
      if (!segment || !plan.inside) return { plan, stored: counts };
      return {
        plan,
        stored: { ...counts, inOrder: foldedWrite(plan, plan.inside.activity, segment, fixes) },
      };
    }
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

/** An open activity whose totals a fold computed again: its device, id and new segment. */
interface Refold {
  readonly deviceId: number;
  readonly activityId: number;
  readonly segment: Segment;
}

/**
 * Folds again the totals of the open activity of each `inside` plan among `plans` (those that stored
 * a new fix): its timeline from its start — the fixes just inserted under it among them — is walked
 * as a re-cut (timelineRecut.ts) walks it, all of them read by one statement. Answers, by device,
 * the activities whose walk still ends in that one open activity (the caller saves them); for the
 * others (a walk that came out otherwise) the caller re-cuts as before — their new fixes are already
 * under the activity, where a re-cut reads them and moves them if need be.
 */
async function refoldInside(trx: Trx, plans: readonly GroupedPlan[]): Promise<Map<number, Refold>> {
  const folds = plans.flatMap((plan) =>
    plan.kind === 'resent' && plan.inside !== null
      ? [{ deviceId: plan.device.deviceId, inside: plan.inside }]
      : [],
  );
  const timelines = await loadActivityTimelines(
    trx,
    folds.map(({ deviceId, inside }) => ({
      deviceId,
      activityId: inside.activity.activity_id,
      fromMs: inside.activity.timestamp_start_ms,
    })),
  );
  const refolds: Refold[] = [];
  folds.forEach(({ deviceId, inside: { activity, deviceNowMs } }, index) => {
    const walker = new TimelineWalker();
    for (const item of timelines[index] ?? []) walker.push(item);
    const segments = walker.finish(deviceNowMs);
    const [segment] = segments;
    if (
      segments.length === 1 &&
      segment !== undefined &&
      segment.closedBy === null &&
      segment.start === activity.timestamp_start_ms &&
      segment.openedBy === activity.opened_by
    ) {
      refolds.push({ deviceId, activityId: activity.activity_id, segment });
    }
  });
  return new Map(refolds.map((refold) => [refold.deviceId, refold]));
}

/**
 * What a folded `inside` plan wrote, as stored — its activity (totals from `segment`, heart rates
 * counted with the inserted fixes') and its new fixes — so its publication needs no read-back, as an
 * append's does not. Unlike an append, the activity is told in EntityChanges too: late fixes change
 * the track before its end.
 */
function foldedWrite(
  plan: Extract<GroupedPlan, { kind: 'resent' }>,
  activity: ActivityRow,
  segment: Segment,
  fixes: readonly InsertedDeviceFix[],
): NonNullable<StoredCounts['inOrder']> {
  const heartRate = plan.device.latestHeartRate;
  if (!heartRate) throw new Error('ingest: a folded write without its heart-rate totals');
  const saved: SavedActivity = {
    activityId: activity.activity_id,
    created: false,
    extendedOnly: false,
    row: {
      activity_id: activity.activity_id,
      activity_type: activity.activity_type,
      status: activity.status,
      timestamp_start_ms: activity.timestamp_start_ms,
      timestamp_end_ms: null,
      ...statsColumns(segment.stats),
      heart_rate_sum: heartRate.sum,
      heart_rate_count: heartRate.count,
    },
  };
  return {
    saved: countInsertedHeartRates([saved], fixes),
    fixes: storedFixes(
      plan.points,
      plan.points.map(() => activity.activity_id),
      fixes,
    ),
  };
}

/**
 * Saves activities that are only extended or folded again, in one statement: what the per-request
 * path's update (activityRows.ts `saveSegments`) changes for an open activity whose start, type and
 * status stay — its last fix, the stats totals and columns, `updated_at`.
 */
async function updateActivities(
  trx: Trx,
  updates: readonly { readonly activityId: number; readonly segment: Segment }[],
): Promise<void> {
  if (updates.length === 0) return;
  const column = <T>(pick: (update: (typeof updates)[number]) => T) => updates.map(pick);
  const stats = updates.map((update) => statsColumns(update.segment.stats));
  const { rows } = await sql<{ activity_id: number }>`
    update activities a set
      last_fix_ms = v.last_fix_ms, stats_state = v.stats_state, distance_m = v.distance_m,
      duration_ms = v.duration_ms, speed_avg_mps = v.speed_avg_mps,
      speed_max_mps = v.speed_max_mps, updated_at = ${new Date()}
    from unnest(
      ${column((update) => update.activityId)}::bigint[],
      ${column((update) => update.segment.lastFixMs)}::bigint[],
      ${column((update) => JSON.stringify(update.segment.stats))}::jsonb[],
      ${stats.map((row) => row.distance_m)}::float8[],
      ${stats.map((row) => row.duration_ms)}::bigint[],
      ${stats.map((row) => row.speed_avg_mps)}::float8[],
      ${stats.map((row) => row.speed_max_mps)}::float8[]
    ) as v(activity_id, last_fix_ms, stats_state, distance_m, duration_ms, speed_avg_mps,
      speed_max_mps)
    where a.activity_id = v.activity_id
    returning a.activity_id`.execute(trx);
  if (rows.length !== updates.length) {
    throw new Error('ingest: a grouped write found no activity to update');
  }
}
