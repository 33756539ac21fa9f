import type { ContactAlertConfig } from './contact';
import type { AlertType } from '../enums';

/*
 * Which alerts reach an emergency contact, and how (app §3 "AlertConfigs per alert type (Email, Call,
 * Sms)"; policy §1): one rule for the contacts editor, which shows it, and the server, which sends by
 * it (server/alerts/alertNotifications.ts).
 */

/** A way an alert reaches a contact (app §3 "AlertConfigs per alert type (Email, Call, Sms)"). */
export type AlertChannel = keyof ContactAlertConfig;

/** The channels in the order the editor shows them. */
export const ALERT_CHANNELS: readonly AlertChannel[] = ['Email', 'Call', 'Sms'];

/** The alert type a contact sharing assistance requests is told about (policy §1). */
export const ASSISTANCE_ALERT_TYPES: readonly AlertType[] = ['ASSISTANCE'];

/**
 * The alert types a contact sharing emergency alerts is told about, whose channels the editor offers:
 * the wearer's SOS (MANUAL), a fall, no motion, a missed check-in, leaving a geofence, the watch taken
 * off, and a nearly empty battery — the alerts of the general and protect-active profiles that call
 * for a person to act. The care profile's vital-sign and sensor-battery alerts, the technical NO_DATA
 * / NO_GPS, TRIP_SHARE (a share, not an alert) and NONE / UNKNOWN / NO_RESPONSE are left to the
 * contact's defaults (app §3 "Alert types").
 */
export const EMERGENCY_ALERT_TYPES: readonly AlertType[] = [
  'MANUAL',
  'FALL',
  'NO_MOTION',
  'CHECK_IN_MISSED',
  'GEOFENCE',
  'NOT_WORN',
  'BATTERY_CRITICAL',
];

/** What {@link alertTypesFor} and {@link alertChannelsFor} read of a contact. */
export interface ContactAlertChoices {
  readonly Email: string;
  readonly ShareAssistanceAlert: boolean;
  readonly ShareEmergencyAlert: boolean;
  readonly AlertConfigs: Partial<Record<AlertType, ContactAlertConfig>>;
}

/** The alert types `contact` is told about: assistance and/or emergency types, by its share flags. */
export function alertTypesFor(contact: ContactAlertChoices): readonly AlertType[] {
  return [
    ...(contact.ShareAssistanceAlert ? ASSISTANCE_ALERT_TYPES : []),
    ...(contact.ShareEmergencyAlert ? EMERGENCY_ALERT_TYPES : []),
  ];
}

/** Whether `contact` can be reached by email (an address is given). */
export function hasEmail(contact: Pick<ContactAlertChoices, 'Email'>): boolean {
  return contact.Email.trim() !== '';
}

/** The alert types a contact is phoned about unless it chose otherwise: a person asked for help or fell. */
export const CALLED_BY_DEFAULT: ReadonlySet<AlertType> = new Set(['ASSISTANCE', 'MANUAL', 'FALL']);

/**
 * The channels for `type`: the contact's own setting for it, else the contact's defaults — an SMS
 * to its phone (always given), an email when it has an address, and a call for a help request or a
 * fall ({@link CALLED_BY_DEFAULT}).
 */
export function alertChannelsFor(
  contact: ContactAlertChoices,
  type: AlertType,
): ContactAlertConfig {
  return (
    contact.AlertConfigs[type] ?? {
      Email: hasEmail(contact),
      Call: CALLED_BY_DEFAULT.has(type),
      Sms: true,
    }
  );
}

/**
 * How `contact` is told about an alert of `type`, or null when it is not: the types of its share
 * flags ({@link alertTypesFor}) on {@link alertChannelsFor}'s channels — none of a flag turned off;
 * a type of no flag only when the contact configured it.
 */
export function contactAlertChannels(
  contact: ContactAlertChoices,
  type: AlertType,
): ContactAlertConfig | null {
  if (alertTypesFor(contact).includes(type)) return alertChannelsFor(contact, type);
  // A type of a share flag the contact has turned off is not told, whatever its stored channels:
  // turning the flag off withdraws the consent (the editor keeps the channels it set earlier).
  const flagged = ASSISTANCE_ALERT_TYPES.includes(type) || EMERGENCY_ALERT_TYPES.includes(type);
  return flagged ? null : (contact.AlertConfigs[type] ?? null);
}

/**
 * `contact`'s AlertConfigs with one channel of `type` set to `on`; the type's other channels keep what
 * {@link alertChannelsFor} shows, so a type first set here is stored whole.
 */
export function withAlertChannel(
  contact: ContactAlertChoices,
  type: AlertType,
  channel: AlertChannel,
  on: boolean,
): Partial<Record<AlertType, ContactAlertConfig>> {
  return {
    ...contact.AlertConfigs,
    [type]: { ...alertChannelsFor(contact, type), [channel]: on },
  };
}
