import { sql, type Kysely } from 'kysely';

/**
 * Equipment and wearer rules the database can hold by itself (spec application-behaviour §3, §5, §7):
 * - `equipment_in_use_linked`: an item is in use only for activity types it is linked to
 *   (`activities_in_use ⊆ activities`, policy §4 "Equipment in use");
 * - `equipment_vessel_type`: only a VESSEL has a vessel type (app §3 "Vessel types");
 * - `members.strava_access_token`: the fitness-sharing connection (app §3 `StravaDetails.Access_Token`),
 *   null when not connected; `GET disconnect-member-strava` clears it.
 * Rows written before are brought in line first. The cross-row rules (one VESSEL or VEHICLE in use per
 * activity type, at most 10 in use per type) are kept by server/member/equipmentRepository.ts, which
 * applies src/api/rules/equipmentInUse.ts in the saving transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update equipment
      set activities_in_use = array(
        select t from unnest(activities_in_use) with ordinality as u(t, n)
        where t = any(activities) order by n)
      where not (activities_in_use <@ activities);
    alter table equipment add constraint equipment_in_use_linked
      check (activities_in_use <@ activities);

    update equipment set vessel_type = null
      where vessel_type is not null and equipment_type <> 'VESSEL';
    alter table equipment add constraint equipment_vessel_type
      check (vessel_type is null or equipment_type = 'VESSEL');

    alter table members add column strava_access_token text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table members drop column if exists strava_access_token;
    alter table equipment drop constraint if exists equipment_vessel_type;
    alter table equipment drop constraint if exists equipment_in_use_linked;
  `.execute(db);
}
