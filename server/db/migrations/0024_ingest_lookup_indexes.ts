import { sql, type Kysely } from 'kysely';

/*
 * Indexes for the device lock's per-device lookups (server/telemetry/ingestDevice.ts `lockStatement`),
 * which every ingest request runs (the timeline reads of a re-cut, timelineLoad.ts, may use the
 * first too):
 * - `device_events_tracking`: a device's TRACKING_START/STOP events by time. Through the primary key
 *   (device, time, type) the newest tracking event was found by walking back over every later event
 *   of the device — a watch reporting vitals every second adds 3,600 an hour, so a request late in a
 *   long activity walked them all;
 * - `activities_device_id`: a device's highest activity id, read by walking the primary key back
 *   past every newer activity of other devices (or through `activities_device_start`, over every
 *   activity the device ever had);
 * - `activities_device_member`, functional-dependency statistics: a device's activities are its
 *   member's (bar a device handed on), which the planner, taking the two conditions of the latest
 *   activity's lookup as independent, did not know; it then expected one row and read all the
 *   device's activities through a bitmap and sorted them, instead of one step back along
 *   `activities_device_start`.
 * With these, each lookup is one index probe whatever the device's history: the lock read 24 pages
 * for a device with 300 activities and 6,000 vitals among 200 other devices' 3,000 newer activities,
 * against 145 before, which grew with every event and activity
 * (tests/unit/server/ingestLookupIndexes.test.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index device_events_tracking on device_events (device_id, event_time_ms)
      where event_type in ('TRACKING_START', 'TRACKING_STOP');
    create index activities_device_id on activities (device_id, activity_id);
    create statistics activities_device_member (dependencies) on device_id, member_id from activities;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop statistics if exists activities_device_member;
    drop index if exists activities_device_id;
    drop index if exists device_events_tracking;
  `.execute(db);
}
