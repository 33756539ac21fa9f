import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { Units } from '../../src/api/entities/client';
import type { StatsState } from '../telemetry/activityStats';

/**
 * The database's tables, shaped after spec application-behaviour §3. Conventions:
 * - domain times are epoch milliseconds in `bigint` columns named `*_ms` (the API's timestamps);
 * - bookkeeping times are `timestamptz` named `*_at`;
 * - ids the spec shows as numbers (ActivityId, DeviceID, …) are `bigint` identities.
 */
export interface Database {
  clients: ClientsTable;
  client_documents: ClientDocumentsTable;
  domains: DomainsTable;
  members: MembersTable;
  devices: DevicesTable;
  emergency_contacts: EmergencyContactsTable;
  equipment: EquipmentTable;
  wearer_reminders: WearerRemindersTable;
  activities: ActivitiesTable;
  location_points: LocationPointsTable;
  device_events: DeviceEventsTable;
  alerts: AlertsTable;
  zones: ZonesTable;
  alert_notes: AlertNotesTable;
  message_threads: MessageThreadsTable;
  messages: MessagesTable;
  message_replies: MessageRepliesTable;
  shares: SharesTable;
  short_urls: ShortUrlsTable;
  subscription_products: SubscriptionProductsTable;
  subscriptions: SubscriptionsTable;
  outbox_messages: OutboxMessagesTable;
  identity_app_clients: IdentityAppClientsTable;
  identity_signing_keys: IdentitySigningKeysTable;
  identity_users: IdentityUsersTable;
  identity_codes: IdentityCodesTable;
  identity_refresh_tokens: IdentityRefreshTokensTable;
  identity_srp_sessions: IdentitySrpSessionsTable;
  identity_attempts: IdentityAttemptsTable;
  server_secrets: ServerSecretsTable;
}

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** A wearer's reminder (0029_wearer_reminders; spec app §3 "Wearer reminder"). */
export interface WearerRemindersTable {
  wearer_reminder_id: Generated<number>;
  member_id: number;
  wearer_id: number;
  reminder_template_id: number | null;
  text: string;
  /** `HH:mm`, the member's local time of day. */
  start_time: string;
  /** `HH:mm`; before `start_time` when the reminder runs past midnight. */
  end_time: string;
  /** ISO days, 1 Monday … 7 Sunday, ascending and distinct. */
  days_of_week: number[];
  /** DEVICE, EMAIL, SMS, distinct. */
  delivery_methods: string[];
  snooze_minutes: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ClientsTable {
  client_id: Generated<number>;
  client_name: string;
  member_sign_up_enabled: boolean;
  country_code: string;
  brand_code: string;
  brand_id: number;
  brand_color_dark: string;
  brand_color_light: string;
  support_email: string;
  support_url: string;
  units: JSONColumnType<Units>;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
}

export interface ClientDocumentsTable {
  client_id: number;
  type: string;
  locale: string;
  filename: string;
  content_type: string;
  content: string;
  last_update_ms: number;
  effective_ms: number;
}

export interface DomainsTable {
  domain_id: string;
  country_code: string;
  description: string;
  domain_url: string;
  is_default: Generated<boolean>;
}

export interface MembersTable {
  member_id: Generated<number>;
  wearer_id: Generated<number>;
  identity_sub: string;
  client_id: number;
  domain_id: string;
  email: string;
  name_first: string;
  name_last: string;
  phone_number: string | null;
  date_of_birth: string | null;
  sex: string | null;
  language_code: string;
  country_code: string | null;
  sub_region: string | null;
  activity_types: Generated<string[]>;
  communication_options: JSONColumnType<Record<string, boolean>, string | undefined>;
  terms_accepted_ms: number | null;
  spam_me_ms: number | null;
  marketing_opt_in_ms: number | null;
  /** The fitness-sharing app's access token (spec §3 StravaDetails), null when not connected. */
  strava_access_token: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
  /** GENERAL, PROTECT_ACTIVE or CARE: the default alert configurations followed (0010_alerts). */
  alert_profile: Generated<string>;
  /** Automatic alerts are held until then (epoch ms), null when not paused. */
  alerts_paused_until_ms: number | null;
  /**
   * Until when a person's close may hold an alert type (0028_alert_rearm: the latest close plus 24 h),
   * epoch ms; null when never. Keeps the ingest's alert watch on.
   */
  alert_holds_until_ms: Generated<number | null>;
}

export interface DevicesTable {
  device_id: Generated<number>;
  atlas_device_id: string;
  imei: string;
  activation_code_hash: string | null;
  device_type: string;
  device_nickname: string;
  member_id: number | null;
  /** The device's telemetry secret (base64url, ≥ 128 bits), retrievable by the owner; rotated on release. */
  ingest_key: string;
  /**
   * Server time (epoch ms) of the request that brought the device's newest item so far, and that
   * item's device time; null before one (migration 0020, server/telemetry/deviceLag.ts).
   */
  heard_ms: number | null;
  heard_device_ms: number | null;
  registered_at: Date | null;
  released_at: Date | null;
  created_at: CreatedAt;
}

export interface EmergencyContactsTable {
  emergency_contact_id: Generated<number>;
  member_id: number;
  position: number;
  name: string;
  email: string | null;
  phone: string | null;
  relationship: string | null;
  is_primary: boolean;
  has_avatar: Generated<boolean>;
  can_call: boolean;
  can_sms: boolean;
  share_activity: boolean;
  share_assistance_alert: boolean;
  share_emergency_alert: boolean;
  alert_configs: JSONColumnType<Record<string, { Email: boolean; Call: boolean; Sms: boolean }>>;
  consent_confirmed_ms: number | null;
}

export interface EquipmentTable {
  wearer_equipment_id: Generated<number>;
  member_id: number;
  equipment_name: string;
  equipment_type: string;
  vessel_type: string | null;
  brand: string | null;
  model: string | null;
  colour: string | null;
  other_details: string | null;
  /** Linked activity types; `activities_in_use` ⊆ `activities` (check constraint, migration 0007). */
  activities: Generated<string[]>;
  activities_in_use: Generated<string[]>;
}

export interface ActivitiesTable {
  activity_id: Generated<number>;
  member_id: number;
  device_id: number | null;
  activity_type: string;
  status: string;
  timestamp_start_ms: number;
  timestamp_end_ms: number | null;
  last_fix_ms: number | null;
  distance_m: Generated<number>;
  duration_ms: Generated<number>;
  speed_avg_mps: Generated<number>;
  speed_max_mps: Generated<number>;
  splits_settings: JSONColumnType<
    Record<string, unknown> | null,
    string | null | undefined,
    string | null
  >;
  updated_at: UpdatedAt;
  /** How the activity builder opened it: 'TRACKING_START' (also rows made elsewhere) or 'FIX'. */
  opened_by: ColumnType<string, string | undefined, string>;
  /** How it was closed: 'TRACKING_START', 'TRACKING_STOP' or 'SILENCE'; null while open. */
  closed_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The builder's running stats totals (server/telemetry/activityStats.ts); null when unknown. */
  stats_state: ColumnType<StatsState | null, string | null | undefined, string | null>;
  /**
   * Sum of `location_points.heart_rate_bpm` (beats per minute) over the activity's fixes that have
   * one, and how many they are (migration 0017): HeartRateAvgBPM is sum / count.
   */
  heart_rate_sum: Generated<number>;
  heart_rate_count: Generated<number>;
  /**
   * The equipment in use for the activity's type when it was created or last retyped, as
   * ActivityEquipment JSON (migration 0021, server/activities/activityEquipment.ts); null: not recorded.
   */
  equipment: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface LocationPointsTable {
  device_id: number;
  device_time_ms: number;
  activity_id: number | null;
  lon: number;
  lat: number;
  alt: number | null;
  hacc: number | null;
  speed_mps: number | null;
  bearing_deg: number | null;
  battery_pct: number | null;
  /**
   * Heart rate at the fix, whole beats per minute 1–300 (migration 0016): the VITALS event at the
   * same device time; null when none (server/telemetry/telemetryStore.ts).
   */
  heart_rate_bpm: number | null;
  /**
   * Vertical accuracy of `alt`, metres (migration 0018); null when the device reported none. Reads
   * leave out an altitude whose accuracy is over 10 m (server/telemetry/altitude.ts).
   */
  vacc: number | null;
  received_at: CreatedAt;
}

/**
 * A device event of the ingest (migration 0008; src/api/ingest.ts IngestEvent) at device time
 * `event_time_ms` (epoch ms), once per (device, time, type). Type-specific values: `activity_type`
 * (TRACKING_START), `body_position` (FALL), `percent` (BATTERY), and for VITALS `temperature_c` (°C),
 * `oxygen_pct` (SpO₂ %), `respiration_bpm` and `heart_rate_bpm` (per minute).
 */
export interface DeviceEventsTable {
  device_id: number;
  event_time_ms: number;
  event_type: string;
  activity_type: string | null;
  body_position: string | null;
  percent: number | null;
  temperature_c: number | null;
  oxygen_pct: number | null;
  respiration_bpm: number | null;
  heart_rate_bpm: number | null;
  received_at: CreatedAt;
}

export interface AlertsTable {
  alert_id: Generated<number>;
  member_id: number;
  activity_id: number | null;
  alert_type: string;
  severity: number;
  close_state: string;
  closure_reason: string | null;
  closed_by_actor: string | null;
  opened_ms: number;
  closed_ms: number | null;
  lon: number | null;
  lat: number | null;
  body_position: string | null;
  rescue_orgs_notified: Generated<string[]>;
  paused_until_ms: number | null;
  /** The device whose data raised it (0010_alerts), null for alerts made elsewhere. */
  device_id: number | null;
  /** The measured value that raised it, in its configuration's ThresholdUnits; null when none. */
  value: number | null;
  /** Last change, epoch ms. */
  updated_ms: number;
  closed_by_name: string | null;
  resolve_text: string | null;
  /**
   * When the condition of an alert a person closed returned to normal (0028_alert_rearm), epoch ms;
   * null while its type is held, and for alerts the system closed.
   */
  rearmed_ms: Generated<number | null>;
}

/** A member's SAFETY or DANGER zone (0010_alerts; app §3 "Zones"). */
export interface ZonesTable {
  zone_id: Generated<number>;
  member_id: number;
  name: string;
  zone_type: 'CIRCLE' | 'POLYGON' | 'BEACON';
  zone_kind: 'SAFETY' | 'DANGER';
  center_lon: number | null;
  center_lat: number | null;
  /** Circle radius, m. */
  radius_m: number | null;
  /** POLYGON ring as [lon, lat][] (degrees). */
  polygon: JSONColumnType<[number, number][] | null, string | null, string | null>;
  beacon_id: string | null;
  active: Generated<boolean>;
}

export interface AlertNotesTable {
  alert_note_id: Generated<number>;
  alert_id: number;
  actor_type: string;
  guardian_name: string;
  share_viewer_id: string | null;
  note_text: string;
  created_ms: number;
}

export interface MessageThreadsTable {
  message_thread_id: Generated<number>;
  member_id: number;
  activity_id: number;
}

export interface MessagesTable {
  message_id: Generated<number>;
  message_thread_id: number;
  message_text: string;
  reply_options: string[];
  sender_name: string;
  share_id: string | null;
  share_viewer_id: string | null;
  sent_ms: number;
  delivered_ms: number | null;
  seen_ms: number | null;
}

export interface MessageRepliesTable {
  message_reply_id: Generated<number>;
  message_id: number;
  reply_text: string;
  received_ms: number;
}

export interface SharesTable {
  share_id: string;
  member_id: number;
  kind: 'activity' | 'journey';
  activity_id: number | null;
  journey_start_ms: number | null;
  journey_end_ms: number | null;
  vanity_stub: string | null;
  totp_secret: string | null;
  expires_ms: number | null;
  revoked_ms: number | null;
  created_at: CreatedAt;
}

/** A short link `/go/{short_code}` (migration 0012; server/central). */
export interface ShortUrlsTable {
  short_code: string;
  full_url: string;
  member_id: number;
  share_id: string | null;
  created_at: CreatedAt;
}

export interface SubscriptionProductsTable {
  price_id: string;
  product_code: string;
  product_type: string;
  product_name: string;
  time_quantity: number;
  minimum_term: number;
  mode: string;
}

export interface SubscriptionsTable {
  subscription_id: Generated<number>;
  member_id: number;
  price_id: string | null;
  payment_gateway_subscription_id: string | null;
  expiry_ms: number;
  deleted: Generated<boolean>;
  created_at: CreatedAt;
}

export interface OutboxMessagesTable {
  message_id: Generated<number>;
  channel: 'email' | 'sms' | 'call';
  recipient: string;
  subject: string;
  body: string;
  code: string | null;
  created_ms: number;
  delivered_ms: number | null;
  delivery_error: string | null;
  /** The alert an alert notification is about (migration 0022); null for other messages. */
  alert_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Whom an alert notification went to, as named then (contact or rescue organisation). */
  recipient_name: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * When a delivery round or `send` claimed the message for handing over (epoch ms, migration
   * 0023); null while nobody has.
   */
  claimed_ms: ColumnType<number | null, number | null | undefined, number | null>;
  /** Hand-overs tried and failed so far (migration 0025). */
  attempts: ColumnType<number, number | undefined, number>;
  /** Not to be tried again before this time (epoch ms) after a failure; null: whenever due. */
  next_attempt_ms: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the outbox gave the message up, its tries spent (epoch ms); null while it may go. */
  given_up_ms: ColumnType<number | null, number | null | undefined, number | null>;
}

// The identity service's local user pool (server/identity, migration 0003_identity).

export interface IdentityAppClientsTable {
  user_pool_id: string;
  client_id: string;
  created_ms: number;
}

export interface IdentitySigningKeysTable {
  kid: string;
  private_key_pem: string;
  public_jwk: JSONColumnType<Record<string, string>>;
  created_ms: number;
}

export interface IdentityUsersTable {
  sub: string;
  email: string;
  email_verified: Generated<boolean>;
  /** A new address asked for by UpdateUserAttributes, until verified (migration 0026); else null. */
  pending_email: Generated<string | null>;
  phone_number: string | null;
  phone_number_verified: Generated<boolean>;
  given_name: string | null;
  family_name: string | null;
  birthdate: string | null;
  gender: string | null;
  custom_country: string | null;
  custom_sub_region: string | null;
  status: 'UNCONFIRMED' | 'CONFIRMED';
  /** Hex of the SRP salt integer. */
  srp_salt: string;
  /** Hex of the SRP verifier v = g^x mod N. */
  srp_verifier: string;
  failed_sign_ins: Generated<number>;
  locked_until_ms: number | null;
  last_sign_in_attempt_ms: number | null;
  created_ms: number;
  updated_ms: number;
}

export interface IdentityCodesTable {
  sub: string;
  purpose: 'sign_up' | 'forgot_password' | 'verify_email' | 'verify_phone_number' | 'change_email';
  code_hash: string;
  destination: string;
  created_ms: number;
  expires_ms: number;
}

export interface IdentityRefreshTokensTable {
  token_hash: string;
  sub: string;
  origin_jti: string;
  auth_time_s: number;
  created_ms: number;
  expires_ms: number;
  revoked_ms: number | null;
}

export interface IdentitySrpSessionsTable {
  secret_block_hash: string;
  session_hash: string;
  sub: string;
  client_public: string;
  server_private: string;
  server_public: string;
  expires_ms: number;
}

export interface IdentityAttemptsTable {
  sub: string;
  operation: string;
  at_ms: number;
}

export interface ServerSecretsTable {
  name: string;
  secret: Buffer;
  created_ms: number;
}
