import { sql, type Kysely } from 'kysely';

/*
 * The equipment an activity was done with (docs/activities.md "Equipment"): `activities.equipment`,
 * the member's items in use for the activity's type (policy §4 "Equipment in use") as ActivityEquipment
 * JSON, taken when the activity is created and again when its type changes
 * (server/activities/activityEquipment.ts). Null for activities made before: not recorded, rather than
 * guessed from today's equipment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table activities add column equipment jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table activities drop column if exists equipment`.execute(db);
}
