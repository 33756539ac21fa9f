import { sql, type Kysely } from 'kysely';

/*
 * Wrong activation codes per device (server/devices/activationAttempts.ts `DEVICE_CODE_FAILURE_LIMIT`):
 * one row per activate-device attempt that named the device's IMEI with a wrong code (epoch ms), so
 * the device's 6-digit code cannot be guessed by many accounts taking turns, each within its own
 * per-member limit (device_activation_attempts, migration 0006).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table device_code_failures (
      device_id bigint not null references devices on delete cascade,
      at_ms bigint not null
    );
    create index device_code_failures_device on device_code_failures (device_id, at_ms);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists device_code_failures`.execute(db);
}
