import { sql, type Kysely } from 'kysely';

/**
 * Device ingest and the activity builder (issue 5 items 1–2; server/telemetry):
 * - `device_events`: one row per device event of the ingest (TRACKING_START with its activity type,
 *   TRACKING_STOP, SOS, ASSISTANCE, MANUAL_EMERGENCY, FALL with the body position, NOT_WORN, CHARGING,
 *   BATTERY with percent, VITALS with °C / SpO₂ % / breaths and beats per minute), at device time
 *   `event_time_ms` (epoch ms); idempotent on (device, time, type). The alert engine reads them.
 * - `activities.opened_by` ('TRACKING_START' | 'FIX') and `closed_by` ('TRACKING_START' |
 *   'TRACKING_STOP' | 'SILENCE', null while open): how the builder cut the device's timeline; rows made
 *   elsewhere count as opened by an event, so the builder never merges fixes into them across a gap.
 * - `activities.stats_state`: the running totals behind the ActivityStats (server/telemetry/
 *   activityStats.ts), null when unknown (the builder then recomputes from the stored fixes).
 * - `activities_device_start`: the builder finds a device's activities by start time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table device_events (
      device_id bigint not null references devices on delete cascade,
      event_time_ms bigint not null,
      event_type text not null check (event_type in ('TRACKING_START', 'TRACKING_STOP', 'SOS',
        'ASSISTANCE', 'MANUAL_EMERGENCY', 'FALL', 'NOT_WORN', 'CHARGING', 'BATTERY', 'VITALS')),
      activity_type text,
      body_position text,
      percent double precision,
      temperature_c double precision,
      oxygen_pct double precision,
      respiration_bpm double precision,
      heart_rate_bpm double precision,
      received_at timestamptz not null default now(),
      primary key (device_id, event_time_ms, event_type)
    );

    alter table activities
      add column opened_by text not null default 'TRACKING_START'
        check (opened_by in ('TRACKING_START', 'FIX')),
      add column closed_by text check (closed_by in ('TRACKING_START', 'TRACKING_STOP', 'SILENCE')),
      add column stats_state jsonb;
    create index activities_device_start on activities (device_id, timestamp_start_ms);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists activities_device_start;
    alter table activities drop column if exists stats_state, drop column if exists closed_by,
      drop column if exists opened_by;
    drop table if exists device_events;
  `.execute(db);
}
