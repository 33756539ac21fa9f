import { sql, type Kysely } from 'kysely';

/*
 * Heart rate per stored fix (issue 7 "charts over time of … heart rate", policy "Splits columns:
 * average heart rate"): `location_points.heart_rate_bpm`, whole beats per minute 1–300, null when
 * the device gave none at the fix's time. The ingest fills it from the VITALS event at the fix's
 * device time (server/telemetry/telemetryStore.ts; docs/decisions.md "Heart rate").
 *
 * Fixes stored before take the heart rate of the VITALS events already stored at their times, by the
 * same rule.
 *
 * smallint: 2 bytes on the largest table (devices report whole beats: FIT's uint8, TCX and GPX
 * integers). The check is added `not valid`: the new column holds null on every row, and a validated
 * check would scan the whole table under the ALTER's exclusive lock for nothing; a `not valid` check
 * is still enforced on every insert and update (the fill below included).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table location_points add column heart_rate_bpm smallint;
    alter table location_points add constraint location_points_heart_rate_bpm_check
      check (heart_rate_bpm between 1 and 300) not valid;

    update location_points p set heart_rate_bpm = round(e.heart_rate_bpm::numeric)::smallint
    from device_events e
    where e.event_type = 'VITALS' and e.heart_rate_bpm >= 0.5
      and p.device_id = e.device_id and p.device_time_ms = e.event_time_ms;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table location_points drop column if exists heart_rate_bpm`.execute(db);
}
