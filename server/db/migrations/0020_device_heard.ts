import { sql, type Kysely } from 'kysely';

/*
 * What the server last heard from each device (docs/decisions.md "Whose clock"): `devices.heard_ms`,
 * the server time (epoch ms) of the request that brought the device's newest item (fix or event) so
 * far, and `heard_device_ms`, that item's device time. Their difference is the device's clock lag —
 * the server's clock minus the device's at its newest report, delivery delay included — by which the
 * silence and time rules read "now" on the device's clock (server/telemetry/deviceLag.ts). Null
 * until a device's next report: its lag counts as 0, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table devices add column heard_ms bigint, add column heard_device_ms bigint
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table devices drop column if exists heard_ms, drop column if exists heard_device_ms
  `.execute(db);
}
