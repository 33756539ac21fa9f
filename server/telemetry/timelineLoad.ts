import { sql } from 'kysely';
import { z } from 'zod';
import { ActivityType } from '../../src/api/enums';
import type { Trx } from './ingestDevice';
import type { ActivityOwner } from './activityRows';
import { compareTrackItems, type TrackItem } from './segmentation';

/** What of the device's timeline a re-cut reads, and which items the current request added. */
export interface TimelineSlice {
  /** First device time read, epoch ms (inclusive). */
  readonly fromMs: number;
  /** Device time where reading stops, epoch ms (exclusive); null: to the end. */
  readonly untilMs: number | null;
  /** Device times of fixes the current request inserted (still without an activity). */
  readonly newFixTimes: ReadonlySet<number>;
  /** Device times of TRACKING_START events the current request inserted. */
  readonly newStartTimes: ReadonlySet<number>;
  /** The owner's activities whose fixes the slice may hold (others' fixes are left out). */
  readonly activityIds: readonly number[];
}

/**
 * The device's timeline items in [fromMs, untilMs), sorted ({@link compareTrackItems}): its
 * TRACKING_START/STOP events and the fixes that belong to `activityIds` or were just inserted. A stored fix without an activity that this request did not insert was detached on purpose
 * (activity trim) and stays out; so do fixes of a previous owner's activities.
 */
export async function loadTimeline(
  trx: Trx,
  owner: ActivityOwner,
  slice: TimelineSlice,
): Promise<TrackItem[]> {
  const until = slice.untilMs ?? Number.MAX_SAFE_INTEGER;
  const { rows: fixes } = await sql<{
    device_time_ms: number;
    lat: number;
    lon: number;
    hacc: number | null;
    speed_mps: number | null;
    activity_id: number | null;
  }>`
    select device_time_ms, lat, lon, hacc, speed_mps, activity_id from location_points
    where device_id = ${owner.deviceId}
      and device_time_ms >= ${slice.fromMs} and device_time_ms < ${until}
      and (activity_id is null or activity_id = any(${[...slice.activityIds]}::bigint[]))`.execute(
    trx,
  );
  const events = await trx
    .selectFrom('device_events')
    .select(['event_time_ms', 'event_type', 'activity_type'])
    .where('device_id', '=', owner.deviceId)
    .where('event_type', 'in', ['TRACKING_START', 'TRACKING_STOP'])
    .where('event_time_ms', '>=', slice.fromMs)
    .where('event_time_ms', '<', until)
    .execute();
  const items: TrackItem[] = [];
  for (const row of fixes) {
    const time = row.device_time_ms;
    if (row.activity_id === null && !slice.newFixTimes.has(time)) continue;
    items.push({
      kind: 'FIX',
      time,
      fix: { time, lat: row.lat, lon: row.lon, hacc: row.hacc, speed: row.speed_mps },
      activityId: row.activity_id,
    });
  }
  for (const row of events) {
    const time = row.event_time_ms;
    if (row.event_type === 'TRACKING_STOP') {
      items.push({ kind: 'STOP', time });
    } else {
      items.push({
        kind: 'START',
        time,
        activityType: z.catch(ActivityType, 'OTHER').parse(row.activity_type),
        isNew: slice.newStartTimes.has(time),
      });
    }
  }
  return items.sort(compareTrackItems);
}
