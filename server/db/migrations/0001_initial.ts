import { sql, type Kysely } from 'kysely';

/**
 * The first schema: clients and domains, members (wearers), devices, contacts, equipment, activities,
 * location points, alerts, message threads, shares and subscriptions (spec application-behaviour §3).
 * See server/db/schema.ts for the column conventions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table clients (
      client_id text primary key,
      client_name text not null,
      member_sign_up_enabled boolean not null default true,
      country_code text not null,
      brand_code text not null,
      brand_id text not null,
      brand_color_dark text not null,
      brand_color_light text not null,
      support_email text not null,
      support_url text not null,
      units jsonb not null,
      is_default boolean not null default false,
      created_at timestamptz not null default now()
    );
    create unique index clients_one_default on clients (is_default) where is_default;

    create table client_documents (
      client_id text not null references clients on delete cascade,
      type text not null,
      locale text not null,
      filename text not null,
      content_type text not null,
      content text not null,
      last_update_ms bigint not null,
      effective_ms bigint not null,
      primary key (client_id, type, locale),
      unique (client_id, filename)
    );

    create table domains (
      domain_id text primary key,
      country_code text not null,
      description text not null,
      domain_url text not null,
      is_default boolean not null default false
    );
    create unique index domains_one_default on domains (is_default) where is_default;

    create table members (
      member_id uuid primary key default gen_random_uuid(),
      wearer_id bigint generated always as identity unique,
      identity_sub text not null unique,
      client_id text not null references clients,
      domain_id text not null references domains,
      email text not null,
      name_first text not null,
      name_last text not null,
      phone_number text,
      date_of_birth text,
      sex text,
      language_code text not null default 'en',
      country_code text,
      sub_region text,
      activity_types text[] not null default '{}',
      communication_options jsonb not null default '{}',
      terms_accepted_ms bigint,
      spam_me_ms bigint,
      marketing_opt_in_ms bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create unique index members_email_live on members (lower(email)) where deleted_at is null;

    create table devices (
      device_id bigint generated always as identity primary key,
      atlas_device_id text not null unique,
      imei text not null unique,
      activation_code_hash text,
      device_type text not null,
      device_nickname text not null default '',
      member_id uuid references members on delete set null,
      ingest_key_hash text unique,
      registered_at timestamptz,
      released_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index devices_member on devices (member_id);

    create table emergency_contacts (
      emergency_contact_id bigint generated always as identity primary key,
      member_id uuid not null references members on delete cascade,
      position integer not null,
      name text not null,
      email text,
      phone text,
      relationship text,
      is_primary boolean not null default false,
      has_avatar boolean not null default false,
      can_call boolean not null default false,
      can_sms boolean not null default false,
      share_activity boolean not null default false,
      share_assistance_alert boolean not null default false,
      share_emergency_alert boolean not null default false,
      alert_configs jsonb not null default '[]',
      consent_confirmed_ms bigint
    );
    create index emergency_contacts_member on emergency_contacts (member_id, position);

    create table equipment (
      wearer_equipment_id bigint generated always as identity primary key,
      member_id uuid not null references members on delete cascade,
      equipment_name text not null,
      equipment_type text not null,
      vessel_type text,
      brand text,
      model text,
      colour text,
      other_details text,
      activities text[] not null default '{}',
      activities_in_use text[] not null default '{}'
    );
    create index equipment_member on equipment (member_id);

    create table activities (
      activity_id bigint generated always as identity primary key,
      member_id uuid not null references members on delete cascade,
      device_id bigint references devices on delete set null,
      activity_type text not null,
      status text not null,
      timestamp_start_ms bigint not null,
      timestamp_end_ms bigint,
      last_fix_ms bigint,
      distance_m double precision not null default 0,
      duration_ms bigint not null default 0,
      speed_avg_mps double precision not null default 0,
      speed_max_mps double precision not null default 0,
      splits_settings jsonb,
      updated_at timestamptz not null default now()
    );
    create index activities_member_start on activities (member_id, timestamp_start_ms desc);

    create table location_points (
      device_id bigint not null references devices on delete cascade,
      device_time_ms bigint not null,
      activity_id bigint references activities on delete cascade,
      lon double precision not null check (lon between -180 and 180),
      lat double precision not null check (lat between -90 and 90),
      alt double precision,
      hacc double precision,
      speed_mps double precision,
      bearing_deg double precision,
      battery_pct double precision,
      received_at timestamptz not null default now(),
      primary key (device_id, device_time_ms)
    );
    create index location_points_activity_time on location_points (activity_id, device_time_ms);

    create table alerts (
      alert_id bigint generated always as identity primary key,
      member_id uuid not null references members on delete cascade,
      activity_id bigint references activities on delete set null,
      alert_type text not null,
      severity smallint not null check (severity between 0 and 4),
      close_state text not null,
      closure_reason text,
      closed_by_actor text,
      opened_ms bigint not null,
      closed_ms bigint,
      lon double precision,
      lat double precision,
      body_position text,
      rescue_orgs_notified text[] not null default '{}',
      paused_until_ms bigint
    );
    create index alerts_member_opened on alerts (member_id, opened_ms desc);
    create index alerts_activity on alerts (activity_id);

    create table alert_notes (
      alert_note_id bigint generated always as identity primary key,
      alert_id bigint not null references alerts on delete cascade,
      actor_type text not null,
      guardian_name text not null,
      share_viewer_id text,
      note_text text not null,
      created_ms bigint not null
    );
    create index alert_notes_alert on alert_notes (alert_id, created_ms);

    create table message_threads (
      message_thread_id bigint generated always as identity primary key,
      member_id uuid not null references members on delete cascade,
      activity_id bigint not null unique references activities on delete cascade
    );

    create table messages (
      message_id bigint generated always as identity primary key,
      message_thread_id bigint not null references message_threads on delete cascade,
      message_text text not null,
      reply_options text[] not null,
      sender_name text not null,
      share_id text,
      share_viewer_id text,
      sent_ms bigint not null,
      delivered_ms bigint,
      seen_ms bigint
    );
    create index messages_thread on messages (message_thread_id, sent_ms);

    create table message_replies (
      message_reply_id bigint generated always as identity primary key,
      message_id bigint not null references messages on delete cascade,
      reply_text text not null,
      received_ms bigint not null
    );

    create table shares (
      share_id text primary key,
      member_id uuid not null references members on delete cascade,
      kind text not null check (kind in ('activity', 'journey')),
      activity_id bigint references activities on delete cascade,
      journey_start_ms bigint,
      journey_end_ms bigint,
      vanity_stub text,
      totp_secret text,
      expires_ms bigint,
      revoked_ms bigint,
      created_at timestamptz not null default now(),
      check ((kind = 'activity' and activity_id is not null)
          or (kind = 'journey' and journey_start_ms is not null and journey_end_ms is not null))
    );
    create index shares_member on shares (member_id);

    create table subscription_products (
      price_id text primary key,
      product_code text not null,
      product_type text not null,
      product_name text not null,
      time_quantity integer not null,
      minimum_term integer not null default 0,
      mode text not null
    );

    create table subscriptions (
      subscription_id bigint generated always as identity primary key,
      member_id uuid not null references members on delete cascade,
      price_id text references subscription_products,
      payment_gateway_subscription_id text,
      expiry_ms bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now()
    );
    create index subscriptions_member on subscriptions (member_id, expiry_ms);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists subscriptions, subscription_products, shares, message_replies, messages,
      message_threads, alert_notes, alerts, location_points, activities, equipment, emergency_contacts,
      devices, members, domains, client_documents, clients cascade;
  `.execute(db);
}
