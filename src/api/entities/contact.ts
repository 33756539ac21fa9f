import * as z from 'zod/mini';
import { AlertType } from '../enums';
import { Id, Timestamp } from './common';

/** How one alert type reaches a contact: by email, call and/or SMS (app §3 "AlertConfigs"). */
export const ContactAlertConfig = z.object({
  Email: z.boolean(),
  Call: z.boolean(),
  Sms: z.boolean(),
});
export type ContactAlertConfig = z.infer<typeof ContactAlertConfig>;

/**
 * An emergency contact (guardian) of the wearer (app §3 "Emergency contact"; policy §3 "Contact").
 * - `CanCall` / `CanSms`: the contact may call / text the wearer's device.
 * - `ShareActivity`: receives activity shares (needs an email); `ShareAssistanceAlert` /
 *   `ShareEmergencyAlert`: receives assistance requests / emergency alerts.
 * - `AlertConfigs`: per alert type, the channels used; a type not listed uses the contact's defaults.
 * - `IsPrimary`: the starred primary contact (policy §1), an addition.
 * - `ConsentConfirmedTimestamp`: when the wearer confirmed that the contact agrees to receive emergency
 *   alerts, whose name and details then go to rescue services and to all other contacts (policy §1),
 *   epoch ms; null or missing when never confirmed. An addition.
 * `Email` and `Phone` are '' when not given.
 */
export const EmergencyContact = z.object({
  EmergencyContactID: Id,
  Name: z.string(),
  Email: z.string(),
  Phone: z.string(),
  Relationship: z.string(),
  HasAvatar: z.boolean(),
  CanCall: z.boolean(),
  CanSms: z.boolean(),
  ShareActivity: z.boolean(),
  ShareAssistanceAlert: z.boolean(),
  ShareEmergencyAlert: z.boolean(),
  AlertConfigs: z.partialRecord(AlertType, ContactAlertConfig),
  IsPrimary: z.optional(z.boolean()),
  ConsentConfirmedTimestamp: z.optional(z.nullable(Timestamp)),
});
export type EmergencyContact = z.infer<typeof EmergencyContact>;

/**
 * Whether a contact list is complete for login (app §4 login gating step 5): at least one contact shares
 * assistance alerts and at least one shares emergency alerts.
 */
export function contactsComplete(
  contacts: readonly Pick<EmergencyContact, 'ShareAssistanceAlert' | 'ShareEmergencyAlert'>[],
): boolean {
  return (
    contacts.some((contact) => contact.ShareAssistanceAlert) &&
    contacts.some((contact) => contact.ShareEmergencyAlert)
  );
}
