import { sql } from 'kysely';
import { int8Array } from '../db/numberArrays';
import type { Trx } from './ingestDevice';
import { NEIGHBOURHOOD_FIXES, type LateFixNeighbourhood } from './lateFold';

/** Which open activity's neighbourhood {@link loadLateFixNeighbourhoods} reads, around which fixes. */
export interface NeighbourhoodSlice {
  readonly deviceId: number;
  readonly activityId: number;
  /** Device times (epoch ms) of the late fixes just stored under the activity; at least one. */
  readonly newTimes: ReadonlySet<number>;
}

/** A fix of a neighbourhood read: `side` −1 before the new fixes, 0 among them, 1 after them. */
interface NeighbourhoodRow {
  readonly slice: number;
  readonly side: number;
  readonly time_ms: number;
  readonly lat: number;
  readonly lon: number;
  readonly hacc: number | null;
  readonly speed_mps: number | null;
}

/**
 * The {@link LateFixNeighbourhood} of each slice's new fixes in its activity, in ONE statement, in
 * `slices` order: the activity's {@link NEIGHBOURHOOD_FIXES} fixes before the first new one, every fix
 * from the first new one to the last, and {@link NEIGHBOURHOOD_FIXES} after it — each side an index
 * range scan of `location_points_activity_time`, however long the activity. Read inside the ingest
 * transaction that stored the new fixes, after their insert.
 */
export async function loadLateFixNeighbourhoods(
  trx: Trx,
  slices: readonly NeighbourhoodSlice[],
): Promise<LateFixNeighbourhood[]> {
  if (slices.length === 0) return [];
  const bounds = slices.map((slice) => {
    const times = [...slice.newTimes];
    return { first: Math.min(...times), last: Math.max(...times) };
  });
  const { rows } = await sql<NeighbourhoodRow>`
    with s as (
      select * from unnest(
        ${int8Array(slices.map((slice) => slice.deviceId))}::bigint[],
        ${int8Array(slices.map((slice) => slice.activityId))}::bigint[],
        ${int8Array(bounds.map((bound) => bound.first))}::bigint[],
        ${int8Array(bounds.map((bound) => bound.last))}::bigint[]
      ) with ordinality as s(device_id, activity_id, first_ms, last_ms, slice)
    )
    select s.slice, n.side, n.device_time_ms as time_ms, n.lat, n.lon, n.hacc, n.speed_mps
    from s cross join lateral (
      (select -1 as side, p.device_time_ms, p.lat, p.lon, p.hacc, p.speed_mps
        from location_points p
        where p.activity_id = s.activity_id and p.device_id = s.device_id
          and p.device_time_ms < s.first_ms
        order by p.device_time_ms desc limit ${NEIGHBOURHOOD_FIXES})
      union all
      (select 0, p.device_time_ms, p.lat, p.lon, p.hacc, p.speed_mps
        from location_points p
        where p.activity_id = s.activity_id and p.device_id = s.device_id
          and p.device_time_ms between s.first_ms and s.last_ms)
      union all
      (select 1, p.device_time_ms, p.lat, p.lon, p.hacc, p.speed_mps
        from location_points p
        where p.activity_id = s.activity_id and p.device_id = s.device_id
          and p.device_time_ms > s.last_ms
        order by p.device_time_ms limit ${NEIGHBOURHOOD_FIXES})
    ) n`.execute(trx);
  const bySlice = slices.map((): NeighbourhoodRow[] => []);
  // `with ordinality` counts from 1 (a bigint, read as a number: server/db/database.ts).
  for (const row of rows) bySlice[row.slice - 1]?.push(row);
  return bySlice.map((sliceRows, index) => {
    const count = (side: number) => sliceRows.filter((row) => row.side === side).length;
    return {
      fixes: sliceRows
        .map((row) => ({
          time: row.time_ms,
          lat: row.lat,
          lon: row.lon,
          hacc: row.hacc,
          speed: row.speed_mps,
        }))
        .sort((a, b) => a.time - b.time),
      newTimes: slices[index]?.newTimes ?? new Set(),
      reachesStart: count(-1) < NEIGHBOURHOOD_FIXES,
      reachesEnd: count(1) < NEIGHBOURHOOD_FIXES,
    };
  });
}
