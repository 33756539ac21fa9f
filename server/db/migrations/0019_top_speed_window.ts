import { sql, type Kysely } from 'kysely';
import { accumulateFixes, statsColumns, type StatsFix } from '../../telemetry/activityStats';

/*
 * SpeedMaxMPS becomes the highest median of five consecutive speeds (docs/decisions.md
 * "ActivityStats"): one GPS fix that jumps and returns no longer gives a run a top speed of 37 km/h.
 * The running totals (`activities.stats_state`) gain the last five speeds of each series, so every
 * activity's totals and stats columns are computed again from its fixes, with the code the ingest and
 * a trim use (server/telemetry/activityStats.ts). Distance, duration and average come out as before.
 * One activity at a time, so a large history never sits in memory at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows: activities } = await sql<{ activity_id: number }>`
    select activity_id from activities where stats_state is not null order by activity_id
  `.execute(db);
  for (const { activity_id: activityId } of activities) {
    const { rows } = await sql<Omit<StatsFix, 'time'> & { time: number | string }>`
      select device_time_ms as "time", lat, lon, hacc, speed_mps as speed
      from location_points where activity_id = ${activityId}
      order by device_time_ms, device_id
    `.execute(db);
    // bigint columns arrive as strings.
    const fixes = rows.map((row) => ({ ...row, time: Number(row.time) }));
    const totals = accumulateFixes(fixes);
    const columns = statsColumns(totals);
    await sql`
      update activities set
        stats_state = ${JSON.stringify(totals)}::jsonb,
        distance_m = ${columns.distance_m},
        duration_ms = ${columns.duration_ms},
        speed_avg_mps = ${columns.speed_avg_mps},
        speed_max_mps = ${columns.speed_max_mps}
      where activity_id = ${activityId}
    `.execute(db);
  }
}

/** Nothing to undo: the older code reads the new totals (it ignores the extra lists). */
export async function down(): Promise<void> {
  // The stats columns keep the new top speed; the old rule would give it again with the next fix.
}
