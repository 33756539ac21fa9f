import { sql, type Kysely } from 'kysely';

/**
 * The alert engine (issue 5 item 3; server/alerts):
 * - `alerts`: the device that raised it, the measured `value` (in its configuration's units), when it
 *   last changed (`updated_ms`), who closed or resolved it (`closed_by_name`, `resolve_text`), and one
 *   open alert per member and type at most (`alerts_open_type`: the engine's dedupe, safe under
 *   concurrent requests).
 * - `members.alert_profile`: the default alert configurations the wearer follows (GENERAL,
 *   PROTECT_ACTIVE, CARE; app §3) and `alerts_paused_until_ms`: automatic alerts held until then
 *   (alert-resolve-pause), null when not paused.
 * - `zones`: the member's SAFETY / DANGER zones (CIRCLE centre + radius m, POLYGON ring, BEACON id).
 * - `device_events` may carry CLOSE_ALERTS: the wearer cancelled the alerts on the device.
 * - `outbox_messages.channel` may be `call` (a voice call to a contact, AlertConfigs Call).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table alerts
      add column device_id bigint references devices on delete set null,
      add column value double precision,
      add column updated_ms bigint,
      add column closed_by_name text,
      add column resolve_text text;
    update alerts set updated_ms = coalesce(closed_ms, opened_ms);
    alter table alerts alter column updated_ms set not null;
    create unique index alerts_open_type on alerts (member_id, alert_type) where close_state = 'OPEN';

    alter table members
      add column alert_profile text not null default 'GENERAL'
        check (alert_profile in ('GENERAL', 'PROTECT_ACTIVE', 'CARE')),
      add column alerts_paused_until_ms bigint;

    create table zones (
      zone_id bigint generated always as identity primary key,
      member_id bigint not null references members on delete cascade,
      name text not null,
      zone_type text not null check (zone_type in ('CIRCLE', 'POLYGON', 'BEACON')),
      zone_kind text not null check (zone_kind in ('SAFETY', 'DANGER')),
      center_lon double precision check (center_lon between -180 and 180),
      center_lat double precision check (center_lat between -90 and 90),
      radius_m double precision check (radius_m > 0),
      polygon jsonb,
      beacon_id text,
      active boolean not null default true,
      check ((zone_type = 'CIRCLE' and center_lon is not null and center_lat is not null
                and radius_m is not null)
          or (zone_type = 'POLYGON' and polygon is not null)
          or (zone_type = 'BEACON' and beacon_id is not null))
    );
    create index zones_member on zones (member_id) where active;

    alter table device_events drop constraint device_events_event_type_check;
    alter table device_events add constraint device_events_event_type_check check (event_type in
      ('TRACKING_START', 'TRACKING_STOP', 'SOS', 'ASSISTANCE', 'MANUAL_EMERGENCY', 'FALL',
       'NOT_WORN', 'CHARGING', 'BATTERY', 'VITALS', 'CLOSE_ALERTS'));

    alter table outbox_messages drop constraint outbox_messages_channel_check;
    alter table outbox_messages add constraint outbox_messages_channel_check
      check (channel in ('email', 'sms', 'call'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from outbox_messages where channel = 'call';
    alter table outbox_messages drop constraint outbox_messages_channel_check;
    alter table outbox_messages add constraint outbox_messages_channel_check
      check (channel in ('email', 'sms'));
    delete from device_events where event_type = 'CLOSE_ALERTS';
    alter table device_events drop constraint device_events_event_type_check;
    alter table device_events add constraint device_events_event_type_check check (event_type in
      ('TRACKING_START', 'TRACKING_STOP', 'SOS', 'ASSISTANCE', 'MANUAL_EMERGENCY', 'FALL',
       'NOT_WORN', 'CHARGING', 'BATTERY', 'VITALS'));
    drop table if exists zones;
    alter table members drop column if exists alerts_paused_until_ms,
      drop column if exists alert_profile;
    drop index if exists alerts_open_type;
    alter table alerts drop column if exists resolve_text, drop column if exists closed_by_name,
      drop column if exists updated_ms, drop column if exists value, drop column if exists device_id;
  `.execute(db);
}
