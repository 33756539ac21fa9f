import type { Selectable } from 'kysely';
import type { ActivityType } from '../../src/api/enums';
import { equipmentInUse } from '../activities/activityEquipment';
import {
  ACTIVITY_COLUMNS,
  type ActivityRow as ActivityViewRow,
} from '../activities/activityMapping';
import type { ActivitiesTable } from '../db/schema';
import { statsColumns } from './activityStats';
import { matchSegments, statusAfter } from './activityRules';
import type { Trx } from './ingestDevice';
import type { InsertedFix } from './telemetryStore';
import type { ClosedBy, OpenedBy, Segment } from './segmentation';

/** The columns of an activity the builder reads. */
export const BUILDER_COLUMNS = [
  'activity_id',
  'activity_type',
  'status',
  'timestamp_start_ms',
  'timestamp_end_ms',
  'last_fix_ms',
  'opened_by',
  'closed_by',
  'stats_state',
  'distance_m',
  'duration_ms',
] as const;

/** A stored activity as the builder reads it. */
export type ActivityRow = Pick<Selectable<ActivitiesTable>, (typeof BUILDER_COLUMNS)[number]>;

/** Whose activities: the device and its owning member. */
export interface ActivityOwner {
  readonly deviceId: number;
  readonly memberId: number;
  /**
   * When the device was last released (remove-device), epoch ms on the server's clock; absent or
   * null when never. Its stored data from before belongs to earlier owners: the ingest joins and
   * updates no fix or event of the device from then or before (telemetryStore.ts).
   */
  readonly ownedSinceMs?: number | null;
}

function ownedBy(trx: Trx, owner: ActivityOwner) {
  return trx
    .selectFrom('activities')
    .select(BUILDER_COLUMNS)
    .where('device_id', '=', owner.deviceId)
    .where('member_id', '=', owner.memberId);
}

/** The owner's activity of the device with the latest start at or before `timeMs` (any, if omitted). */
export async function latestActivity(
  trx: Trx,
  owner: ActivityOwner,
  timeMs?: number,
): Promise<ActivityRow | null> {
  let query = ownedBy(trx, owner);
  if (timeMs !== undefined) query = query.where('timestamp_start_ms', '<=', timeMs);
  const row = await query
    .orderBy('timestamp_start_ms', 'desc')
    .orderBy('activity_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The owner's activities of the device from the latest one starting at or before `timeMs` (the
 * anchor: a walk's state there cannot depend on anything later) on, in start order; from `timeMs`
 * when none starts by then. One statement.
 */
export async function activitiesFromAnchor(
  trx: Trx,
  owner: ActivityOwner,
  timeMs: number,
): Promise<ActivityRow[]> {
  return ownedBy(trx, owner)
    .where((eb) =>
      eb(
        'timestamp_start_ms',
        '>=',
        eb.fn.coalesce(
          eb
            .selectFrom('activities')
            .select((inner) => inner.fn.max('timestamp_start_ms').as('anchor_ms'))
            .where('device_id', '=', owner.deviceId)
            .where('member_id', '=', owner.memberId)
            .where('timestamp_start_ms', '<=', timeMs),
          eb.val(timeMs),
        ),
      ),
    )
    .orderBy('timestamp_start_ms')
    .orderBy('activity_id')
    .execute();
}

/**
 * A stored activity as the open segment a walk continues (fast path), or null when it cannot be
 * continued: closed by an event, or without trustworthy totals — none stored, or stats columns that no
 * longer match them because something else rewrote the activity (a trim) — so the caller recomputes
 * from the fixes. One closed by silence at the end of the data may still be extended by a fix within
 * 30 minutes.
 */
export function continuableSegment(row: ActivityRow | null): Segment | null {
  if (row === null || row.stats_state === null) return null;
  const totals = statsColumns(row.stats_state);
  if (totals.distance_m !== row.distance_m || totals.duration_ms !== row.duration_ms) return null;
  if (row.closed_by !== null && row.closed_by !== 'SILENCE') return null;
  return {
    openedBy: row.opened_by as OpenedBy,
    start: row.timestamp_start_ms,
    activityType: null,
    startIsNew: false,
    // A lower bound of the first fix: enough to attribute the later fixes the walk appends.
    firstFixMs: row.last_fix_ms === null ? null : row.timestamp_start_ms,
    lastFixMs: row.last_fix_ms,
    stats: row.stats_state,
    closedBy: null,
    end: null,
    sourceActivityIds: new Set([row.activity_id]),
  };
}

function rowValues(segment: Segment) {
  return {
    timestamp_start_ms: segment.start,
    timestamp_end_ms: segment.end,
    last_fix_ms: segment.lastFixMs,
    opened_by: segment.openedBy,
    closed_by: segment.closedBy satisfies ClosedBy | null,
    stats_state: JSON.stringify(segment.stats),
    ...statsColumns(segment.stats),
  };
}

/** An activity {@link saveSegments} wrote, as stored after the write. */
export interface SavedActivity {
  readonly activityId: number;
  /** Inserted by this write (a new activity), not continued. */
  readonly created: boolean;
  /**
   * Only extended: it was open and still is, with the same start, type and status — what changed (its
   * fixes, stats and last fix) is what a TelemetryWearerUpdate carries (ingestPublication.ts).
   */
  readonly extendedOnly: boolean;
  /** The activity's columns after the write. */
  readonly row: ActivityViewRow;
}

/**
 * `saved` as stored once the fixes inserted after them are counted: `insertFixes` (telemetryStore.ts)
 * adds the heart
 * rates (bpm) of the fixes it inserts to their activities' `heart_rate_sum` and `heart_rate_count` in
 * its own statement, after {@link saveSegments} answered the rows; the same integer sums are added
 * here, so the rows equal the stored ones without reading them back.
 */
export function countInsertedHeartRates(
  saved: readonly SavedActivity[],
  fixes: readonly Pick<InsertedFix, 'activity_id' | 'heart_rate_bpm'>[],
): SavedActivity[] {
  const totals = new Map<number, { sum: number; count: number }>();
  for (const fix of fixes) {
    if (fix.activity_id === null || fix.heart_rate_bpm === null) continue;
    const total = totals.get(fix.activity_id) ?? { sum: 0, count: 0 };
    total.sum += fix.heart_rate_bpm;
    total.count += 1;
    totals.set(fix.activity_id, total);
  }
  return saved.map((activity) => {
    const total = totals.get(activity.activityId);
    if (!total) return activity;
    const { row } = activity;
    return {
      ...activity,
      row: {
        ...row,
        heart_rate_sum: row.heart_rate_sum + total.sum,
        heart_rate_count: row.heart_rate_count + total.count,
      },
    };
  });
}

/**
 * Writes the segments of a walk as activities of `owner`: each continues the stored activity
 * {@link matchSegments} picks among `stored` (its bounds, stats and status updated; its type kept
 * unless a TRACKING_START new in this request now opens it), or is inserted (type: the START's, else
 * `defaultType()`). Answers the id of each segment, each written activity as stored after the write
 * (`saved`, in segment order), and the stored activities no segment continues (merged away: the
 * caller moves their fixes, then deletes them).
 */
export async function saveSegments(
  trx: Trx,
  owner: ActivityOwner,
  segments: readonly Segment[],
  stored: readonly ActivityRow[],
  defaultType: () => Promise<ActivityType>,
): Promise<{ ids: number[]; saved: SavedActivity[]; unused: number[] }> {
  const matches = matchSegments(segments, stored);
  const byId = new Map(stored.map((row) => [row.activity_id, row]));
  const saved: SavedActivity[] = [];
  for (const [index, segment] of segments.entries()) {
    const open = segment.closedBy === null;
    const existing = byId.get(matches[index] ?? -1);
    if (existing) {
      const retyped = segment.openedBy === 'TRACKING_START' && segment.startIsNew;
      const status = statusAfter(existing.status, open);
      const row = await trx
        .updateTable('activities')
        .set({
          ...rowValues(segment),
          status,
          ...(retyped && segment.activityType && segment.activityType !== existing.activity_type
            ? {
                activity_type: segment.activityType,
                equipment: equipmentInUse(owner.memberId, segment.activityType),
              }
            : {}),
          updated_at: new Date(),
        })
        .where('activity_id', '=', existing.activity_id)
        .returning(ACTIVITY_COLUMNS)
        .executeTakeFirstOrThrow();
      saved.push({
        activityId: existing.activity_id,
        created: false,
        extendedOnly:
          open &&
          existing.closed_by === null &&
          existing.timestamp_start_ms === segment.start &&
          existing.status === status &&
          row.activity_type === existing.activity_type,
        row,
      });
    } else {
      const activityType = segment.activityType ?? (await defaultType());
      const row = await trx
        .insertInto('activities')
        .values({
          ...rowValues(segment),
          member_id: owner.memberId,
          device_id: owner.deviceId,
          activity_type: activityType,
          equipment: equipmentInUse(owner.memberId, activityType),
          status: statusAfter(null, open),
        })
        .returning(ACTIVITY_COLUMNS)
        .executeTakeFirstOrThrow();
      saved.push({ activityId: row.activity_id, created: true, extendedOnly: false, row });
    }
  }
  const ids = saved.map((activity) => activity.activityId);
  const used = new Set(ids);
  return {
    ids,
    saved,
    unused: stored.map((row) => row.activity_id).filter((id) => !used.has(id)),
  };
}
