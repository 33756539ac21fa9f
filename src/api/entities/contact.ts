import * as z from 'zod/mini';
import { AlertType } from '../enums';
import {
  Email,
  MAX_LENGTH_MEDIUM,
  PersonName,
  Phone,
  checkShareActivityNeedsEmail,
  checkSharedAlertChoices,
  maxLength,
  uniqueIds,
} from '../validation';
import { checkEmergencyAlertConsent } from '../validation/contacts';
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
 * The fields of a contact as the member saves it, each with its own rule (app §5) but without the
 * rules across fields, for forms that extend it: name by the Name rule, email optional, phone
 * required, relationship up to 30 characters. A new contact has no `EmergencyContactID`. `HasAvatar`
 * is the server's to set.
 */
export const EmergencyContactInputFields = z.extend(z.omit(EmergencyContact, { HasAvatar: true }), {
  EmergencyContactID: z.optional(Id),
  Name: PersonName,
  Email: Email,
  Phone: Phone,
  Relationship: maxLength(MAX_LENGTH_MEDIUM),
});

/**
 * A contact as the member saves it: {@link EmergencyContactInputFields}, an email when the contact
 * shares activities (`Validations.ShareActivityNeedsEmail` on `Email`, policy §5), and a consent time
 * when the contact shares emergency alerts (`Contacts.ConsentRequired` on `ConsentConfirmedTimestamp`,
 * policy §1 "The wearer must confirm that the contact agrees").
 */
export const EmergencyContactInput = EmergencyContactInputFields.check(
  z.superRefine(checkShareActivityNeedsEmail),
  z.superRefine(checkEmergencyAlertConsent),
);
export type EmergencyContactInput = z.input<typeof EmergencyContactInput>;

/**
 * The whole contact list as saved by `POST emergency-contacts` (app §7): at least one contact shares
 * assistance alerts and at least one shares emergency alerts (app §4 and §5, policy §5), and no
 * contact's id is given twice (`Validations.DuplicateId`).
 */
export const EmergencyContactList = z
  .array(EmergencyContactInput)
  .check(z.superRefine(checkSharedAlertChoices), z.superRefine(uniqueIds('EmergencyContactID')));

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
