import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * The device registry (spec policy §3 "Device", §4 "Device rules", §8 "Device activation"):
 * - `devices.ingest_key` replaces `ingest_key_hash`: the device's telemetry secret, kept retrievable
 *   because the owner of a smartphone-app device reads it again on the devices page to set up a phone
 *   tracker app; the telemetry ingest finds a device by it (never by IMEI). Existing rows get a fresh
 *   random key (192 bits, base64url).
 * - `device_activation_attempts`: one row per activate-device attempt of a member (epoch ms), so
 *   guessing a 6-digit activation code is limited per member (server/devices/activationAttempts.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table devices drop column ingest_key_hash;
    alter table devices add column ingest_key text unique;
  `.execute(db);
  const { rows } = await sql<{ device_id: number }>`select device_id from devices`.execute(db);
  for (const row of rows) {
    const key = randomBytes(24).toString('base64url');
    await sql`update devices set ingest_key = ${key} where device_id = ${row.device_id}`.execute(
      db,
    );
  }
  await sql`
    alter table devices alter column ingest_key set not null;

    create table device_activation_attempts (
      member_id bigint not null references members on delete cascade,
      at_ms bigint not null
    );
    create index device_activation_attempts_member on device_activation_attempts (member_id, at_ms);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists device_activation_attempts;
    alter table devices drop column ingest_key;
    alter table devices add column ingest_key_hash text unique;
  `.execute(db);
}
