import { sql, type Kysely } from 'kysely';

/*
 * Device events of the alerts a device reports outright (server/alerts/deviceReportRules.ts): each
 * vital sensor's battery (percent in `percent`), the unanswered are-you-OK prompt, and the device's
 * check-in schedule (missed, checked in).
 */

const BEFORE = `'TRACKING_START', 'TRACKING_STOP', 'SOS', 'ASSISTANCE', 'MANUAL_EMERGENCY', 'FALL',
  'NOT_WORN', 'CHARGING', 'BATTERY', 'VITALS', 'CLOSE_ALERTS'`;
const ADDED = `'OXYGEN_SENSOR_BATTERY', 'RESPIRATORY_SENSOR_BATTERY', 'TEMPERATURE_SENSOR_BATTERY',
  'NO_RESPONSE', 'CHECK_IN_MISSED', 'CHECK_IN'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table device_events drop constraint device_events_event_type_check;
    alter table device_events add constraint device_events_event_type_check
      check (event_type in (${sql.raw(BEFORE)}, ${sql.raw(ADDED)}));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from device_events where event_type in (${sql.raw(ADDED)});
    alter table device_events drop constraint device_events_event_type_check;
    alter table device_events add constraint device_events_event_type_check
      check (event_type in (${sql.raw(BEFORE)}));
  `.execute(db);
}
