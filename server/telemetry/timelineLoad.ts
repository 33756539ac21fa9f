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
 * TRACKING_START/STOP events and the fixes that belong to `activityIds` or were just inserted. A
 * stored fix without an activity that this request did not insert was detached on purpose (activity
 * trim) and stays out; so do fixes of a previous owner's activities.
 */
export async function loadTimeline(
  trx: Trx,
  owner: ActivityOwner,
  slice: TimelineSlice,
): Promise<TrackItem[]> {
  const until = slice.untilMs ?? Number.MAX_SAFE_INTEGER;
  // Fixes and tracking events in one statement: a re-cut is a late point's main cost, and on a
  // small machine each round trip to PostgreSQL costs more than these reads.
  const { rows } = await sql<{
    time_ms: number;
    lat: number | null;
    lon: number | null;
    hacc: number | null;
    speed_mps: number | null;
    activity_id: number | null;
    event_type: string | null;
    activity_type: string | null;
  }>`
    select device_time_ms as time_ms, lat, lon, hacc, speed_mps, activity_id,
      null::text as event_type, null::text as activity_type
    from location_points
    where device_id = ${owner.deviceId}
      and device_time_ms >= ${slice.fromMs} and device_time_ms < ${until}
      and (activity_id is null or activity_id = any(${[...slice.activityIds]}::bigint[]))
    union all
    select event_time_ms, null, null, null, null, null, event_type, activity_type
    from device_events
    where device_id = ${owner.deviceId} and event_type in ('TRACKING_START', 'TRACKING_STOP')
      and event_time_ms >= ${slice.fromMs} and event_time_ms < ${until}`.execute(trx);
  const items: TrackItem[] = [];
  for (const row of rows) {
    const time = row.time_ms;
    if (row.event_type === 'TRACKING_STOP') {
      items.push({ kind: 'STOP', time });
    } else if (row.event_type === 'TRACKING_START') {
      items.push({
        kind: 'START',
        time,
        activityType: z.catch(ActivityType, 'OTHER').parse(row.activity_type),
        isNew: slice.newStartTimes.has(time),
      });
    } else if (row.lat !== null && row.lon !== null) {
      if (row.activity_id === null && !slice.newFixTimes.has(time)) continue;
      items.push({
        kind: 'FIX',
        time,
        fix: { time, lat: row.lat, lon: row.lon, hacc: row.hacc, speed: row.speed_mps },
        activityId: row.activity_id,
      });
    }
  }
  return items.sort(compareTrackItems);
}
