import { sql, type Kysely } from 'kysely';

/*
 * Vertical accuracy per stored fix (spec app §9 "Activity altitude accuracy maximum is 10"):
 * `location_points.vacc`, the device's altitude accuracy in metres (float4), null when the device
 * reported none. The altitude itself stays stored as sent; the activity's reads leave out the
 * altitude of a fix whose vertical accuracy is over 10 m (server/telemetry/altitude.ts).
 *
 * The check is added `not valid`, as migration 0016's: every existing row holds null, and a
 * validated check would scan the largest table under the ALTER's lock for nothing; a `not valid`
 * check is still enforced on every insert and update.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table location_points add column vacc real;
    alter table location_points add constraint location_points_vacc_check
      check (vacc >= 0) not valid;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table location_points drop column if exists vacc`.execute(db);
}
