import { sql } from 'kysely';
import type { ActivityType } from '../../src/api/enums';
import {
  activitiesFromAnchor,
  saveSegments,
  type ActivityOwner,
  type ActivityRow,
} from './activityRows';
import { attributeFixes } from './activityRules';
import type { Trx } from './ingestDevice';
import {
  ACTIVITY_SILENCE_MS,
  lastSeenMs,
  TimelineWalker,
  type Segment,
  type TrackItem,
} from './segmentation';
import { loadTimeline } from './timelineLoad';
import { adoptMergedActivities, type ActivityMerge } from './mergedActivities';

/** New items of a request that arrived out of order: their time span (epoch ms) and which they are. */
export interface LateChange {
  readonly minMs: number;
  readonly maxMs: number;
  readonly newFixTimes: ReadonlySet<number>;
  readonly newStartTimes: ReadonlySet<number>;
}

/** The item that opened a stored activity, to replay where a re-cut stops. */
function openerOf(row: ActivityRow): TrackItem {
  const time = row.timestamp_start_ms;
  return row.opened_by === 'FIX'
    ? {
        kind: 'FIX',
        time,
        fix: { time, lat: 0, lon: 0, hacc: null, speed: null },
        activityId: null,
      }
    : { kind: 'START', time, activityType: 'OTHER', isNew: false };
}

/**
 * Cuts again the stretch of the owner's timeline that the late `change` touches and rewrites its
 * activities (ids kept where a segment continues one, merged-away ones deleted after their fixes moved),
 * attributing the new fixes. The stretch starts at the latest activity starting at or before the
 * earliest new item (the walk's state there cannot have changed) and ends before the first activity
 * after the latest new item whose opening the new items cannot change: one opened by TRACKING_START, or
 * one whose first fix comes after 30 minutes of silence (or with nothing open). The rewritten
 * activities' heart rate totals are then counted again from their fixes ({@link countHeartRates}).
 * Answers the activities it merged into others and deleted ({@link ActivityMerge}).
 */
export async function recutTimeline(
  trx: Trx,
  owner: ActivityOwner,
  change: LateChange,
  deviceNowMs: number,
  defaultType: () => Promise<ActivityType>,
): Promise<ActivityMerge[]> {
  const stored = await activitiesFromAnchor(trx, owner, change.minMs);
  const fromMs = Math.min(stored[0]?.timestamp_start_ms ?? change.minMs, change.minMs);
  let next = stored.findIndex((row) => row.timestamp_start_ms > change.maxMs);
  if (next < 0) next = stored.length;
  const walker = new TimelineWalker();
  let readFrom = fromMs;
  let segments: Segment[];
  for (;;) {
    const following = stored[next];
    const untilMs = following?.timestamp_start_ms ?? null;
    const activityIds = stored.map((row) => row.activity_id);
    const slice = { fromMs: readFrom, untilMs, activityIds, ...change };
    for (const item of await loadTimeline(trx, owner, slice)) walker.push(item);
    if (following === undefined || untilMs === null) {
      segments = walker.finish(deviceNowMs);
      break;
    }
    const open = walker.current;
    if (
      following.opened_by !== 'FIX' ||
      open === null ||
      untilMs - lastSeenMs(open) > ACTIVITY_SILENCE_MS
    ) {
      walker.push(openerOf(following));
      segments = [...walker.closed];
      break;
    }
    next += 1;
    readFrom = untilMs;
  }
  const included = stored.slice(0, next);
  const { ids, unused } = await saveSegments(trx, owner, segments, included, defaultType);
  await attributeNewFixes(trx, owner, change.newFixTimes, segments, ids);
  await moveStoredFixes(
    trx,
    owner,
    segments,
    ids,
    included.map((row) => row.activity_id),
  );
  let merges: ActivityMerge[] = [];
  if (unused.length > 0) {
    merges = await adoptMergedActivities(trx, unused, segments, ids);
    await trx.deleteFrom('activities').where('activity_id', 'in', unused).execute();
  }
  await countHeartRates(trx, ids);
  return merges;
}

/**
 * Sets `heart_rate_sum` and `heart_rate_count` (migration 0017) of the activities `ids` from their
 * fixes as now attributed, in one statement: a re-cut moves fixes between activities, which running
 * totals cannot follow. It reads the fixes the re-cut has just read (loadTimeline), by the
 * `location_points_activity_time` index.
 */
async function countHeartRates(trx: Trx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    update activities a set (heart_rate_sum, heart_rate_count) = (
      select coalesce(sum(p.heart_rate_bpm), 0), count(p.heart_rate_bpm) from location_points p
      where p.activity_id = a.activity_id
    )
    where a.activity_id = any(${[...new Set(ids)]}::bigint[])`.execute(trx);
}

/** Sets the activity of each fix this request inserted, by one joined update. */
async function attributeNewFixes(
  trx: Trx,
  owner: ActivityOwner,
  newFixTimes: ReadonlySet<number>,
  segments: readonly Segment[],
  ids: readonly number[],
): Promise<void> {
  if (newFixTimes.size === 0) return;
  const times = [...newFixTimes].sort((a, b) => a - b);
  const activityIds = attributeFixes(times, segments, ids);
  await sql`
    update location_points p set activity_id = v.activity_id
    from unnest(${times}::bigint[], ${activityIds}::bigint[]) as v(device_time_ms, activity_id)
    where p.device_id = ${owner.deviceId} and p.device_time_ms = v.device_time_ms`.execute(trx);
}

/** Moves stored fixes of the re-cut activities to the segment whose fix range now holds them. */
async function moveStoredFixes(
  trx: Trx,
  owner: ActivityOwner,
  segments: readonly Segment[],
  ids: readonly number[],
  recutIds: readonly number[],
): Promise<void> {
  if (recutIds.length === 0) return;
  for (const [index, segment] of segments.entries()) {
    const id = ids[index];
    if (id === undefined || segment.firstFixMs === null || segment.lastFixMs === null) continue;
    const holdsOthers = [...segment.sourceActivityIds].some((source) => source !== id);
    if (!holdsOthers) continue;
    await trx
      .updateTable('location_points')
      .set({ activity_id: id })
      .where('device_id', '=', owner.deviceId)
      .where('device_time_ms', '>=', segment.firstFixMs)
      .where('device_time_ms', '<=', segment.lastFixMs)
      .where('activity_id', 'in', recutIds)
      .where('activity_id', '<>', id)
      .execute();
  }
}
