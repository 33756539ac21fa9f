import type { Migration } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_outbox';
import * as m0003 from './0003_identity';
import * as m0004 from './0004_member_tokens';
import * as m0005 from './0005_change_email_codes';
import * as m0006 from './0006_device_registry';
import * as m0007 from './0007_equipment_rules';
import * as m0008 from './0008_telemetry';
import * as m0009 from './0009_socket_io';
import * as m0010 from './0010_alerts';
import * as m0011 from './0011_device_messages';
import * as m0012 from './0012_short_urls';
import * as m0014 from './0014_device_reported_alerts';
import * as m0015 from './0015_share_expiry_index';
import * as m0016 from './0016_point_heart_rate';
import * as m0017 from './0017_activity_heart_rate';
import * as m0018 from './0018_point_vertical_accuracy';
import * as m0019 from './0019_top_speed_window';
import * as m0020 from './0020_device_heard';
import * as m0021 from './0021_activity_equipment';
import * as m0022 from './0022_alert_notifications';
import * as m0023 from './0023_outbox_claims';
import * as m0024 from './0024_ingest_lookup_indexes';
import * as m0025 from './0025_outbox_retries';
import * as m0026 from './0026_pending_email';
import * as m0027 from './0027_device_code_failures';
import * as m0028 from './0028_alert_rearm';
import * as m0029 from './0029_wearer_reminders';

/**
 * Every migration, by name, in order. Names sort lexically; a new one is added here with the next
 * number. They are imported statically so the bundled server (dist/server) carries them.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_outbox': m0002,
  '0003_identity': m0003,
  '0004_member_tokens': m0004,
  '0005_change_email_codes': m0005,
  '0006_device_registry': m0006,
  '0007_equipment_rules': m0007,
  '0008_telemetry': m0008,
  '0009_socket_io': m0009,
  '0010_alerts': m0010,
  '0011_device_messages': m0011,
  '0012_short_urls': m0012,
  '0014_device_reported_alerts': m0014,
  '0015_share_expiry_index': m0015,
  '0016_point_heart_rate': m0016,
  '0017_activity_heart_rate': m0017,
  '0018_point_vertical_accuracy': m0018,
  '0019_top_speed_window': m0019,
  '0020_device_heard': m0020,
  '0021_activity_equipment': m0021,
  '0022_alert_notifications': m0022,
  '0023_outbox_claims': m0023,
  '0024_ingest_lookup_indexes': m0024,
  '0025_outbox_retries': m0025,
  '0026_pending_email': m0026,
  '0027_device_code_failures': m0027,
  '0028_alert_rearm': m0028,
  '0029_wearer_reminders': m0029,
};
