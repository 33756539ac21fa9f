import type { EmergencyContact } from '../../src/api/entities/contact';
import { contactAlertChannels } from '../../src/api/entities/contactAlerts';
import type { AlertType, Severity } from '../../src/api/enums';
import type { OutboxSend } from '../outbox/outbox';
import type { TFunction } from 'i18next';
import type { Position } from './alertState';
import { notificationTexts } from './notificationText';

/*
 * Who is told about a new alert, and how (issue 5 item 3; app §3 "Emergency contact … AlertConfigs per
 * alert type (Email, Call, Sms)"; policy §1 "Alert and rescue routing policy"). Pure: the engine hands
 * the messages to the outbox in the alert's transaction.
 *
 * Contacts: an assistance request goes to the contacts who share assistance alerts, a manual emergency
 * or a fall to those who share emergency alerts; any other type to the contacts whose AlertConfigs
 * name it. A contact's AlertConfigs entry for the type picks the channels; without one, help requests
 * and falls use e-mail and SMS (a call too when the alert is critical and the contact may be called).
 * A channel needs the contact's address for it and the configuration's notification count above 0.
 * Rescue organisations notified get one e-mail with the wearer, the alert, the position and the
 * contacts who share emergency alerts (name and phone; policy §1: they agreed to it).
 */

/** What the messages say about an alert. Times epoch ms; `value` in the configuration's units. */
export interface AlertNotice {
  readonly alertId: number;
  readonly type: AlertType;
  readonly severity: Severity;
  readonly timeMs: number;
  readonly value: number | null;
  readonly units: string | null;
  readonly position: Position | null;
  readonly wearerName: string;
  /**
   * The member's language for messages and e-mails (ISO 639-1, spec §3 LanguageCode), in which the
   * contacts are written to; missing or null: English.
   */
  readonly language?: string | null;
  /** The rescue organisations told, by name (empty: contacts only). */
  readonly rescueOrgs: readonly { readonly code: string; readonly name: string }[];
}

/** How many messages per channel a contact gets for the alert (its configuration's counts). */
export interface ChannelCounts {
  readonly Email: number;
  readonly Sms: number;
  readonly Voice: number;
}

/** The alert types whose wording the `Notifications.Types` section has (others: `Types.Other`). */
const WORDED_TYPES: ReadonlySet<AlertType> = new Set([
  'ASSISTANCE',
  'MANUAL',
  'FALL',
  'GEOFENCE',
  'NO_DATA',
  'NO_GPS',
  'NO_MOTION',
  'NOT_WORN',
  'BATTERY_LOW',
  'BATTERY_CRITICAL',
  'TEMPERATURE_HIGH',
  'TEMPERATURE_LOW',
  'OXYGEN_LOW',
  'RESPIRATORY_HIGH',
  'RESPIRATORY_LOW',
]);

/** What the wearer did or has, in `t`'s language: "asked for assistance". */
function wording(t: TFunction<'Notifications'>, type: AlertType): string {
  return WORDED_TYPES.has(type) ? t(`Types.${type}`) : t('Types.Other', { type });
}

/** The address rescue organisation `code` receives alerts at (the partner's alert desk). */
export function rescueOrgAlertAddress(code: string): string {
  return `alerts+${code.toLowerCase()}@rescue-partners.lifeline.invalid`;
}

/** The alert in one paragraph, in `t`'s language: who, what, when (UTC), the value, where, rescue. */
function describe(t: TFunction<'Notifications'>, notice: AlertNotice): string {
  const time = new Date(notice.timeMs).toISOString().replace('T', ' ').slice(0, 16);
  const summary = t('Summary', { wearer: notice.wearerName, what: wording(t, notice.type), time });
  const position = notice.position;
  const where = position
    ? t('Position', {
        lat: position.lat.toFixed(5),
        lon: position.lon.toFixed(5),
        link: `https://www.openstreetmap.org/?mlat=${position.lat.toFixed(5)}&mlon=${position.lon.toFixed(5)}#map=15/${position.lat.toFixed(5)}/${position.lon.toFixed(5)}`,
      })
    : t('PositionUnknown');
  const value =
    notice.value === null
      ? ''
      : ` ${t('Measured', { value: `${notice.value}${notice.units ? ` ${notice.units}` : ''}` })}`;
  const rescue =
    notice.rescueOrgs.length > 0
      ? ` ${t('RescueTold', { names: notice.rescueOrgs.map((org) => org.name).join(', ') })}`
      : '';
  return `${summary}${value} ${where}${rescue}`;
}

/** The message's subject, in `t`'s language; EMERGENCY from severity 4 (Critical). */
function subject(t: TFunction<'Notifications'>, notice: AlertNotice): string {
  const words = { wearer: notice.wearerName, what: wording(t, notice.type) };
  return notice.severity >= 4 ? t('SubjectEmergency', words) : t('Subject', words);
}

/**
 * Whether `contact` is told about `type`, and on which channels (before counts and addresses): the
 * rule the contacts editor shows (src/api/entities/contactAlerts.ts `contactAlertChannels`).
 */
function channelsFor(
  contact: EmergencyContact,
  type: AlertType,
): { email: boolean; sms: boolean; call: boolean } | null {
  const channels = contactAlertChannels(contact, type);
  return channels && { email: channels.Email, sms: channels.Sms, call: channels.Call };
}

/**
 * The contacts who share emergency alerts, one line each (name, phone, relationship), `except` one:
 * what rescue organisations and the other contacts are shown (policy §1 "Contacts chosen for emergency
 * alerts have their name and contact details sent to rescue services and shown to all other
 * contacts"; the wearer confirmed they agreed).
 */
function emergencyContactLines(
  contacts: readonly EmergencyContact[],
  except?: EmergencyContact,
): string[] {
  return contacts
    .filter((contact) => contact.ShareEmergencyAlert && contact !== except)
    .map(
      (contact) =>
        `- ${contact.Name}${contact.Phone ? `, ${contact.Phone}` : ''}${contact.Relationship ? ` (${contact.Relationship})` : ''}`,
    );
}

/**
 * The messages to the wearer's emergency contacts for a new alert `notice`, limited by the alert
 * configuration's per-channel `counts` (0 switches a channel off; one message per channel is sent).
 * The e-mail also lists the other contacts who share emergency alerts, so those told can reach each
 * other (policy §1); a text message stays short.
 */
export function contactNotifications(
  contacts: readonly EmergencyContact[],
  notice: AlertNotice,
  counts: ChannelCounts,
): OutboxSend[] {
  const t = notificationTexts(notice.language ?? null);
  const text = describe(t, notice);
  const messages: OutboxSend[] = [];
  for (const contact of contacts) {
    const channels = channelsFor(contact, notice.type);
    if (!channels) continue;
    const greeting = `${t('Greeting', { name: contact.Name })} `;
    const about = { alertId: notice.alertId, recipientName: contact.Name };
    if (channels.email && counts.Email > 0 && contact.Email !== '') {
      const others = emergencyContactLines(contacts, contact);
      messages.push({
        ...about,
        channel: 'email',
        to: contact.Email,
        subject: subject(t, notice),
        body:
          `${greeting}${text}\n\n` +
          (others.length > 0
            ? `${t('OtherContacts', { wearer: notice.wearerName })}\n${others.join('\n')}\n\n`
            : '') +
          t('Reason', { wearer: notice.wearerName }),
      });
    }
    if (channels.sms && counts.Sms > 0 && contact.Phone !== '') {
      messages.push({
        ...about,
        channel: 'sms',
        to: contact.Phone,
        subject: subject(t, notice),
        body: text,
      });
    }
    if (channels.call && counts.Voice > 0 && contact.Phone !== '') {
      messages.push({
        ...about,
        channel: 'call',
        to: contact.Phone,
        subject: subject(t, notice),
        body: `${greeting}${text}`,
      });
    }
  }
  return messages;
}

/**
 * The e-mails to the rescue organisations of `notice.rescueOrgs`: the alert, the wearer's position and
 * the contacts who share emergency alerts with their phone numbers (policy §1).
 */
export function rescueNotifications(
  contacts: readonly EmergencyContact[],
  notice: AlertNotice,
): OutboxSend[] {
  // Partner organisations' alert desks read English (docs/decisions.md "Alert messages in the
  // member's language").
  const t = notificationTexts('en');
  const emergencyContacts = emergencyContactLines(contacts);
  const body =
    `${describe(t, notice)}\n\nLifeline alert ${notice.alertId}.\n` +
    (emergencyContacts.length > 0
      ? `Emergency contacts:\n${emergencyContacts.join('\n')}`
      : 'No emergency contacts.');
  return notice.rescueOrgs.map((org) => ({
    alertId: notice.alertId,
    recipientName: org.name,
    channel: 'email' as const,
    to: rescueOrgAlertAddress(org.code),
    subject: subject(t, notice),
    body,
  }));
}
