import * as z from 'zod/mini';
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
import { Id } from './common';
import { EmergencyContact } from './contact';

/*
 * An emergency contact as the member saves it (app §5, §7 POST emergency-contacts). Apart from the
 * contact as it is read (contact.ts), so that what loads the contacts at start does not bring the
 * rules of saving them (issue 7: the login route's JavaScript).
 */

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
