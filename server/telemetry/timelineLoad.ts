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

/** A row of a timeline read: a fix (`lat` … `activity_id`) or a tracking event (`event_type` …). */
interface TimelineRow {
  readonly time_ms: number;
  readonly lat: number | null;
  readonly lon: number | null;
  readonly hacc: number | null;
  readonly speed_mps: number | null;
  readonly activity_id: number | null;
  readonly event_type: string | null;
  readonly activity_type: string | null;
}

/** `rows` as timeline items, sorted; fixes without an activity count only when new in `slice`. */
function trackItems(
  rows: readonly TimelineRow[],
  slice: Pick<TimelineSlice, 'newFixTimes' | 'newStartTimes'>,
): TrackItem[] {
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
  const { rows } = await sql<TimelineRow>`
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
  return trackItems(rows, slice);
}

/** Which open activity's timeline {@link loadActivityTimelines} reads. */
export interface ActivityTimelineSlice {
  readonly deviceId: number;
  readonly activityId: number;
  /** The activity's start, epoch ms: reading starts there (inclusive) and runs to the end. */
  readonly fromMs: number;
}

/**
 * The timelines of several devices' open activities in ONE statement, in `slices` order: for each,
 * the device's TRACKING_START/STOP events from `fromMs` on and its fixes from `fromMs` on that belong
 * to `activityId` — what {@link loadTimeline} answers for the slice `{fromMs, untilMs: null,
 * activityIds: [activityId]}` with no new items. The group commit's fold of late fixes
 * (groupedWrite.ts) reads all of a group's activities at once: on the 2-core bench machine each
 * statement costs the server about 0.15 ms of its main thread in the system call alone
 * (docs/decisions.md "Ingest throughput").
 */
export async function loadActivityTimelines(
  trx: Trx,
  slices: readonly ActivityTimelineSlice[],
): Promise<TrackItem[][]> {
  if (slices.length === 0) return [];
  const { rows } = await sql<TimelineRow & { readonly slice: number }>`
    with s as (
      select * from unnest(
        ${slices.map((slice) => slice.deviceId)}::bigint[],
        ${slices.map((slice) => slice.activityId)}::bigint[],
        ${slices.map((slice) => slice.fromMs)}::bigint[]
      ) with ordinality as s(device_id, activity_id, from_ms, slice)
    )
    select s.slice, p.device_time_ms as time_ms, p.lat, p.lon, p.hacc, p.speed_mps,
      p.activity_id, null::text as event_type, null::text as activity_type
    from s join location_points p on p.device_id = s.device_id
      and p.device_time_ms >= s.from_ms and p.activity_id = s.activity_id
    union all
    select s.slice, e.event_time_ms, null, null, null, null, null, e.event_type, e.activity_type
    from s join device_events e on e.device_id = s.device_id
      and e.event_type in ('TRACKING_START', 'TRACKING_STOP') and e.event_time_ms >= s.from_ms`.execute(
    trx,
  );
  const bySlice = slices.map((): TimelineRow[] => []);
  // `with ordinality` counts from 1 (a bigint, read as a number: server/db/database.ts).
  for (const row of rows) bySlice[row.slice - 1]?.push(row);
  const none = { newFixTimes: new Set<number>(), newStartTimes: new Set<number>() };
  return bySlice.map((sliceRows) => trackItems(sliceRows, none));
}
