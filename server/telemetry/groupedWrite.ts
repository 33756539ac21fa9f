import { sql } from 'kysely';
import type { IngestEvent, IngestPoint } from '../../src/api/ingest';
import type { ActivityRow as ActivityViewRow } from '../activities/activityMapping';
import { float8Array, int8Array } from '../db/numberArrays';
import { fixItem, storedFixes, type StoredCounts } from './activityBuilder';
import {
  continuableSegment,
  countInsertedHeartRates,
  type ActivityRow,
  type SavedActivity,
} from './activityRows';
import { statusAfter } from './activityRules';
import { statsColumns, type StatsState } from './activityStats';
import type { IngestDevice, Trx } from './ingestDevice';
import { foldLateFixes, NEIGHBOURHOOD_FIXES } from './lateFold';
import { loadLateFixNeighbourhoods } from './neighbourhoodLoad';
import { ACTIVITY_SILENCE_MS, lastSeenMs, TimelineWalker, type Segment } from './segmentation';
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
 *   they are inserted under it and, when one was new, the activity's totals are folded again
 *   ({@link writeGrouped}: from the fixes around the new ones, or from all its fixes); otherwise,
 *   when a late one was new, the caller re-cuts the timeline (activityBuilder.ts `recutStored`), as
 *   the per-request late path does.
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
 * plus, when an `inside` plan stored a new late fix, one read of the fixes around all such late fixes
 * (and one of whole timelines when some activity is short or its totals cannot be patched):
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
      ownedSinceMs: plan.device.releasedMs,
    })),
  );
  const byDevice = new Map<number, InsertedDeviceFix[]>();
  for (const fix of inserted) {
    const fixes = byDevice.get(fix.device_id) ?? [];
    fixes.push(fix);
    byDevice.set(fix.device_id, fixes);
  }
  const refolded = await refoldInside(trx, plans, byDevice);
  // The appends' activities and the folded ones, in one statement (the fold reads fixes and events,
  // not these rows, so the appends' update may wait for it).
  await updateActivities(trx, [
    ...plans.flatMap((plan) =>
      plan.kind === 'append'
        ? [
            {
              activityId: plan.before.activity_id,
              lastFixMs: plan.segment.lastFixMs,
              stats: plan.segment.stats,
            },
          ]
        : [],
    ),
    ...refolded.values(),
  ]);
  return plans.map((plan) => {
    const fixes = byDevice.get(plan.device.deviceId) ?? [];
    const fixTimes = fixes.map((fix) => fix.device_time_ms);
    const counts = { fixes: fixes.length, events: 0, fixTimes, eventKeys: [] };
    if (plan.kind === 'resent') {
      const refold = refolded.get(plan.device.deviceId);
      if (!refold || !plan.inside) return { plan, stored: counts };
      return {
        plan,
        stored: {
          ...counts,
          inOrder: foldedWrite(plan, plan.inside.activity, refold.stats, fixes),
        },
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

/** An open activity whose totals a fold computed again: its device, id, last fix and new totals. */
interface Refold {
  readonly deviceId: number;
  readonly activityId: number;
  /** Device time of the activity's last fix after the fold, epoch ms. */
  readonly lastFixMs: number | null;
  readonly stats: StatsState;
}

/** An `inside` plan that stored new late fixes: its device, open activity and the fixes' times. */
interface Fold {
  readonly deviceId: number;
  readonly inside: NonNullable<Extract<GroupedPlan, { kind: 'resent' }>['inside']>;
  readonly newTimes: ReadonlySet<number>;
}

/**
 * The stored totals of `activity` when they may be patched around late fixes (lateFold.ts) rather
 * than folded from all its fixes, else null: they match its stats columns (a trim rewrites both),
 * and it has enough trusted fixes that its neighbourhood is smaller than itself.
 */
function patchableTotals(activity: ActivityRow): StatsState | null {
  const state = activity.stats_state;
  if (state === null || state.accepted < 2 * NEIGHBOURHOOD_FIXES) return null;
  const columns = statsColumns(state);
  const matching =
    columns.distance_m === activity.distance_m && columns.duration_ms === activity.duration_ms;
  return matching ? state : null;
}

/**
 * Folds again the totals of the open activity of each `inside` plan among `plans` that stored a new
 * fix (`inserted`, by device). A long activity's totals are patched from the fixes around the new
 * ones (lateFold.ts), all such neighbourhoods read by one statement; the others — short activities,
 * totals the patch cannot tell — are folded from their whole timeline from the start, walked as a
 * re-cut (timelineRecut.ts) walks it, all read by one more statement. Answers, by device, the
 * activities that stay the one open activity (the caller saves them); for the others (a walk that
 * came out otherwise) the caller re-cuts as before — their new fixes are already under the
 * activity, where a re-cut reads them and moves them if need be.
 */
async function refoldInside(
  trx: Trx,
  plans: readonly GroupedPlan[],
  inserted: ReadonlyMap<number, readonly InsertedDeviceFix[]>,
): Promise<Map<number, Refold>> {
  const folds = plans.flatMap((plan): Fold[] => {
    const fixes = inserted.get(plan.device.deviceId) ?? [];
    if (plan.kind !== 'resent' || plan.inside === null || fixes.length === 0) return [];
    const newTimes = new Set(fixes.map((fix) => fix.device_time_ms));
    return [{ deviceId: plan.device.deviceId, inside: plan.inside, newTimes }];
  });
  const refolds = await patchAround(
    trx,
    folds.flatMap((fold) => {
      const totals = patchableTotals(fold.inside.activity);
      return totals === null ? [] : [{ ...fold, totals }];
    }),
  );
  const whole = folds.filter((fold) => !refolds.has(fold.deviceId));
  for (const refold of await refoldWhole(trx, whole)) refolds.set(refold.deviceId, refold);
  return refolds;
}

/**
 * The folds among `folds` (with their activities' {@link patchableTotals}) whose totals their
 * neighbourhood tells, by device: the activity stays open — no new fix after 30 minutes' silence,
 * nor is `deviceNowMs` — and lateFold.ts `foldLateFixes` answers.
 */
async function patchAround(
  trx: Trx,
  folds: readonly (Fold & { readonly totals: StatsState })[],
): Promise<Map<number, Refold>> {
  const neighbourhoods = await loadLateFixNeighbourhoods(
    trx,
    folds.map(({ deviceId, inside, newTimes }) => ({
      deviceId,
      activityId: inside.activity.activity_id,
      newTimes,
    })),
  );
  const refolds = new Map<number, Refold>();
  folds.forEach(({ deviceId, inside: { activity, deviceNowMs }, newTimes, totals }, index) => {
    const neighbourhood = neighbourhoods[index];
    const lastSeen = lastSeenMs({
      lastFixMs: activity.last_fix_ms,
      start: activity.timestamp_start_ms,
    });
    const lastFixMs = Math.max(lastSeen, ...newTimes);
    if (!neighbourhood) return;
    if (
      lastFixMs - lastSeen > ACTIVITY_SILENCE_MS ||
      deviceNowMs - lastFixMs > ACTIVITY_SILENCE_MS
    ) {
      return;
    }
    const stats = foldLateFixes(totals, neighbourhood);
    if (stats !== null) {
      refolds.set(deviceId, { deviceId, activityId: activity.activity_id, lastFixMs, stats });
    }
  });
  return refolds;
}

/**
 * The folds among `folds` whose whole timeline, walked from the activity's start, still ends in that
 * one open activity, with its new totals.
 */
async function refoldWhole(trx: Trx, folds: readonly Fold[]): Promise<Refold[]> {
  const timelines = await loadActivityTimelines(
    trx,
    folds.map(({ deviceId, inside }) => ({
      deviceId,
      activityId: inside.activity.activity_id,
      fromMs: inside.activity.timestamp_start_ms,
    })),
  );
  return folds.flatMap(({ deviceId, inside: { activity, deviceNowMs } }, index) => {
    const walker = new TimelineWalker();
    for (const item of timelines[index] ?? []) walker.push(item);
    const segments = walker.finish(deviceNowMs);
    const [segment] = segments;
    const same =
      segments.length === 1 &&
      segment !== undefined &&
      segment.closedBy === null &&
      segment.start === activity.timestamp_start_ms &&
      segment.openedBy === activity.opened_by;
    return same
      ? [
          {
            deviceId,
            activityId: activity.activity_id,
            lastFixMs: segment.lastFixMs,
            stats: segment.stats,
          },
        ]
      : [];
  });
}

/**
 * What a folded `inside` plan wrote, as stored — its activity (totals `stats`, heart rates
 * counted with the inserted fixes') and its new fixes — so its publication needs no read-back, as an
 * append's does not. Unlike an append, the activity is told in EntityChanges too: late fixes change
 * the track before its end.
 */
function foldedWrite(
  plan: Extract<GroupedPlan, { kind: 'resent' }>,
  activity: ActivityRow,
  stats: StatsState,
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
      ...statsColumns(stats),
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
  updates: readonly Pick<Refold, 'activityId' | 'lastFixMs' | 'stats'>[],
): Promise<void> {
  if (updates.length === 0) return;
  // Numbers as binary arrays (server/db/numberArrays.ts); the totals as one JSON array, not a
  // jsonb[] whose every quote pg would escape.
  const column = (pick: (update: (typeof updates)[number]) => number | null) =>
    int8Array(updates.map(pick));
  const stats = updates.map((update) => statsColumns(update.stats));
  const states = JSON.stringify(updates.map((update) => update.stats));
  const { rows } = await sql<{ activity_id: number }>`
    update activities a set
      last_fix_ms = v.last_fix_ms, stats_state = v.stats_state, distance_m = v.distance_m,
      duration_ms = v.duration_ms, speed_avg_mps = v.speed_avg_mps,
      speed_max_mps = v.speed_max_mps, updated_at = ${new Date()}
    from unnest(
      ${column((update) => update.activityId)}::bigint[],
      ${column((update) => update.lastFixMs)}::bigint[],
      array(select s.state from jsonb_array_elements(${states}::jsonb) with ordinality
        as s(state, n) order by s.n),
      ${float8Array(stats.map((row) => row.distance_m))}::float8[],
      ${int8Array(stats.map((row) => row.duration_ms))}::bigint[],
      ${float8Array(stats.map((row) => row.speed_avg_mps))}::float8[],
      ${float8Array(stats.map((row) => row.speed_max_mps))}::float8[]
    ) as v(activity_id, last_fix_ms, stats_state, distance_m, duration_ms, speed_avg_mps,
      speed_max_mps)
    where a.activity_id = v.activity_id
    returning a.activity_id`.execute(trx);
  if (rows.length !== updates.length) {
    throw new Error('ingest: a grouped write found no activity to update');
  }
}
