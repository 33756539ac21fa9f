import { sql, type Kysely } from 'kysely';

/*
 * The totals behind ActivityStats.HeartRateAvgBPM (issue 7; docs/decisions.md "Heart rate"):
 * `activities.heart_rate_sum` (beats per minute summed over the activity's fixes that have a heart
 * rate, `location_points.heart_rate_bpm`) and `heart_rate_count` (how many fixes have one). The
 * average is sum / count, none while the count is 0. Both are integers, so adding fixes one batch at
 * a time and summing them all again give the same totals exactly.
 *
 * The ingest keeps them in the statements that insert fixes and update their heart rate
 * (server/telemetry/telemetryStore.ts), a re-cut and a trim count them again from the fixes. Adding
 * a column with a constant default rewrites no row; the fill below reads the fixes that already have
 * a heart rate (migration 0016) once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table activities
      add column heart_rate_sum bigint not null default 0,
      add column heart_rate_count bigint not null default 0;

    update activities a set heart_rate_sum = s.total, heart_rate_count = s.n
    from (
      select activity_id, sum(heart_rate_bpm) as total, count(*) as n from location_points
      where activity_id is not null and heart_rate_bpm is not null
      group by activity_id
    ) s
    where a.activity_id = s.activity_id;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table activities drop column if exists heart_rate_sum,
      drop column if exists heart_rate_count
  `.execute(db);
}
