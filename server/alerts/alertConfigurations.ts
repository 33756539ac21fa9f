import type { AlertConfiguration, NotificationCounts } from '../../src/api/entities';
import type { AlertType, Severity } from '../../src/api/enums';

/*
 * The default alert configurations (app §3 "Alert configuration", §9 "Default alert thresholds") in
 * the three profiles the spec names: GENERAL (a member out on an activity), PROTECT_ACTIVE (lone
 * workers and active protection: no motion counts after 30 minutes, vitals matter) and CARE (care
 * recipients: falls, wandering and vitals are critical). Thresholds are the spec's; severities per
 * profile and the HistoryRange assignment are ours (docs/decisions.md "Alerts"). Severity 0 (None)
 * switches a rule off.
 */

/** The alert profiles of app §3, stored per member (`members.alert_profile`). */
export const ALERT_PROFILES = ['GENERAL', 'PROTECT_ACTIVE', 'CARE'] as const;
export type AlertProfile = (typeof ALERT_PROFILES)[number];

/** Whether `value` names an {@link AlertProfile}. */
export function isAlertProfile(value: string): value is AlertProfile {
  return (ALERT_PROFILES as readonly string[]).includes(value);
}

/** Severity per profile: [GENERAL, PROTECT_ACTIVE, CARE]. */
type Severities = readonly [Severity, Severity, Severity];

interface Rule {
  readonly type: AlertType;
  readonly severities: Severities;
  /** Threshold per profile (same order), in `units`; null when the type has none. */
  readonly thresholds: readonly [number | null, number | null, number | null];
  readonly secondary: number | null;
  readonly units: string | null;
  /** Minutes of history looked at (spec §9 lists 3, 15, 10, 360 without a unit). */
  readonly historyRange: number | null;
  readonly featuresRequired: readonly string[];
  readonly dashboard: boolean;
}

const same = (value: number | null) => [value, value, value] as const;

/** Seconds in an hour and in half an hour: the no-data / no-GPS / no-motion thresholds (spec §9). */
const HOUR_S = 3600;
const HALF_HOUR_S = 1800;

const RULES: readonly Rule[] = [
  rule('ASSISTANCE', [4, 4, 4], same(null), null, null, null, ['SOS_BUTTON']),
  rule('MANUAL', [4, 4, 4], same(null), null, null, null, ['SOS_BUTTON']),
  rule('FALL', [4, 4, 4], same(50), null, '%', null, ['FALL_DETECTION']),
  rule('NO_RESPONSE', [3, 4, 4], same(null), null, null, null, []),
  rule('CHECK_IN_MISSED', [3, 3, 4], same(null), null, null, null, []),
  rule('GEOFENCE', [3, 3, 4], same(5), null, 'km', 360, ['GPS']),
  rule('NO_DATA', [3, 3, 3], same(HOUR_S), null, 's', null, []),
  rule('NO_GPS', [2, 3, 3], same(HOUR_S), null, 's', null, ['GPS']),
  rule('NO_MOTION', [2, 4, 3], [HOUR_S, HALF_HOUR_S, HALF_HOUR_S], null, 's', null, ['GPS']),
  rule('NOT_WORN', [1, 2, 3], same(HOUR_S), 900, 's', null, ['WEAR_DETECTION']),
  rule('BATTERY_LOW', [1, 2, 2], same(15), null, '%', null, []),
  rule('BATTERY_CRITICAL', [2, 3, 3], same(5), null, '%', null, []),
  rule('OXYGEN_BATTERY_LOW', [1, 2, 2], same(15), null, '%', null, ['OXYGEN']),
  rule('OXYGEN_BATTERY_CRITICAL', [2, 3, 3], same(5), null, '%', null, ['OXYGEN']),
  rule('RESPIRATORY_BATTERY_LOW', [1, 2, 2], same(15), null, '%', null, ['RESPIRATION']),
  rule('RESPIRATORY_BATTERY_CRITICAL', [2, 3, 3], same(5), null, '%', null, ['RESPIRATION']),
  rule('TEMPERATURE_BATTERY_LOW', [1, 2, 2], same(15), null, '%', null, ['TEMPERATURE']),
  rule('TEMPERATURE_BATTERY_CRITICAL', [2, 3, 3], same(5), null, '%', null, ['TEMPERATURE']),
  rule('TEMPERATURE_HIGH', [2, 3, 4], same(37.2), null, 'C', 15, ['TEMPERATURE']),
  rule('TEMPERATURE_LOW', [2, 3, 4], same(32), null, 'C', 15, ['TEMPERATURE']),
  rule('OXYGEN_LOW', [2, 3, 4], same(95), null, '%', 3, ['OXYGEN']),
  rule('RESPIRATORY_HIGH', [2, 3, 4], same(21), null, 'BPM', 10, ['RESPIRATION']),
  rule('RESPIRATORY_LOW', [2, 3, 4], same(11), null, 'BPM', 10, ['RESPIRATION']),
];

function rule(
  type: AlertType,
  severities: Severities,
  thresholds: Rule['thresholds'],
  secondary: number | null,
  units: string | null,
  historyRange: number | null,
  featuresRequired: readonly string[],
): Rule {
  return {
    type,
    severities,
    thresholds,
    secondary,
    units,
    historyRange,
    featuresRequired,
    dashboard: severities[0] >= 3,
  };
}

const PROFILE_INDEX: Record<AlertProfile, 0 | 1 | 2> = { GENERAL: 0, PROTECT_ACTIVE: 1, CARE: 2 };

/**
 * Notifications per alert: emergency contacts are told once on each channel of their own choice
 * (app §3 "AlertConfigs per alert type (Email, Call, Sms)", which the contacts editor shows and
 * alertNotifications.ts sends by) for every alert above None; the counts switch no channel off, so
 * what the editor shows ticked is what is sent. The wearer's watch gets no push from here.
 * (Until 2026-12-07 SMS needed Warning and calls Critical, so an SMS or a call the editor showed was
 * silently dropped for lower alerts, and a contact who chose only a call heard nothing of them.)
 */
function contactCounts(severity: Severity): NotificationCounts {
  if (severity >= 1) return { Email: 1, Sms: 1, Voice: 1, Push: 0 };
  return { Email: 0, Sms: 0, Voice: 0, Push: 0 };
}

/**
 * The default configuration of every alert type the engine evaluates, for `profile` (app §3, §9):
 * thresholds in `ThresholdUnits` ('%', 'C', 'BPM', 's', 'km'); `Label` and `Hint` are translation
 * keys `Alerts.Types.<type>` and `Alerts.Hints.<type>`.
 */
export function defaultAlertConfigurations(profile: AlertProfile): AlertConfiguration[] {
  const index = PROFILE_INDEX[profile];
  return RULES.map((entry) => {
    const severity = entry.severities[index];
    return {
      AlertType: entry.type,
      Severity: severity,
      ThresholdValue: entry.thresholds[index],
      SecondaryThresholdValue: entry.secondary,
      ThresholdUnits: entry.units,
      Label: `Alerts.Types.${entry.type}`,
      Hint: `Alerts.Hints.${entry.type}`,
      HistoryRange: entry.historyRange,
      FeaturesRequired: [...entry.featuresRequired],
      PropsRequired: [],
      Dashboard: entry.dashboard,
      EmergencyContactNotifications: contactCounts(severity),
      WearerNotifications: { Email: 0, Sms: 0, Voice: 0, Push: severity >= 1 ? 1 : 0 },
    };
  });
}

/** The configurations of `profile` by alert type. */
export type AlertConfigMap = ReadonlyMap<AlertType, AlertConfiguration>;

/** {@link defaultAlertConfigurations} of `profile` keyed by type. */
export function alertConfigMap(profile: AlertProfile): AlertConfigMap {
  return new Map(defaultAlertConfigurations(profile).map((config) => [config.AlertType, config]));
}
