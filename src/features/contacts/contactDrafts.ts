import * as z from 'zod/mini';
import type { EmergencyContact } from '../../api/entities/contact';
import {
  EmergencyContactInputFields,
  type EmergencyContactInput,
} from '../../api/entities/contactInput';
import { checkShareActivityNeedsEmail, checkSharedAlertChoices } from '../../api/validation';
import { CONTACT_CONSENT_REQUIRED } from '../../api/validation/contacts';

/**
 * One contact as the editor holds it: the contract's {@link EmergencyContactInputFields} plus
 * `ConsentConfirmed`, the wearer's tick that the contact agrees to emergency alerts (policy §1). The
 * consent *time* is not the form's: the save epic sets it from the store clock when a contact is
 * newly confirmed, and keeps `ConsentConfirmedTimestamp` (the server's) otherwise. Rules: the
 * contract's field rules, an email when sharing activities (`Validations.ShareActivityNeedsEmail`),
 * and the consent tick when sharing emergency alerts (`Contacts.ConsentRequired` on
 * `ConsentConfirmed`).
 */
export const ContactDraft = z
  .extend(EmergencyContactInputFields, {
    IsPrimary: z.boolean(),
    ConsentConfirmed: z.boolean(),
  })
  .check(
    z.superRefine(checkShareActivityNeedsEmail),
    z.superRefine((draft, ctx) => {
      if (draft.ShareEmergencyAlert && !draft.ConsentConfirmed) {
        ctx.addIssue({
          code: 'custom',
          message: CONTACT_CONSENT_REQUIRED,
          input: draft.ConsentConfirmed,
          path: ['ConsentConfirmed'],
        });
      }
    }),
  );
/** An editor row as the form holds it. */
export type ContactDraftInput = z.input<typeof ContactDraft>;
/** An editor row once the form's rules passed (what the save action carries). */
export type ContactDraftOutput = z.output<typeof ContactDraft>;

/**
 * The editor's form (app §3 "Emergency contact", §5): the contacts in the member's order, of which at
 * least one shares assistance alerts and one emergency alerts (`Validations.ContactsAssistanceRequired`,
 * `Validations.ContactsEmergencyRequired` on `EmergencyContacts`; app §4 step 5, policy §5).
 */
export const ContactsForm = z.object({
  EmergencyContacts: z.array(ContactDraft).check(z.superRefine(checkSharedAlertChoices)),
});
/** The editor form's values. */
export type ContactsFormInput = z.input<typeof ContactsForm>;

/** A saved contact as an editor row; a stored consent time counts as confirmed. */
export function draftOf(contact: EmergencyContact): ContactDraftInput {
  return {
    EmergencyContactID: contact.EmergencyContactID,
    Name: contact.Name,
    Email: contact.Email,
    Phone: contact.Phone,
    Relationship: contact.Relationship,
    CanCall: contact.CanCall,
    CanSms: contact.CanSms,
    ShareActivity: contact.ShareActivity,
    ShareAssistanceAlert: contact.ShareAssistanceAlert,
    ShareEmergencyAlert: contact.ShareEmergencyAlert,
    AlertConfigs: contact.AlertConfigs,
    IsPrimary: contact.IsPrimary ?? false,
    ConsentConfirmedTimestamp: contact.ConsentConfirmedTimestamp ?? null,
    ConsentConfirmed: contact.ConsentConfirmedTimestamp != null,
  };
}

/**
 * A new, empty contact. It may call and text the watch and is proposed for assistance requests and
 * emergency alerts — what a first contact is for (app §4 step 5) — but the consent is left for the
 * wearer to tick, and activity sharing (which needs an email) is off.
 */
export function blankDraft(): ContactDraftInput {
  return {
    Name: '',
    Email: '',
    Phone: '',
    Relationship: '',
    CanCall: true,
    CanSms: true,
    ShareActivity: false,
    ShareAssistanceAlert: true,
    ShareEmergencyAlert: true,
    AlertConfigs: {},
    IsPrimary: false,
    ConsentConfirmedTimestamp: null,
    ConsentConfirmed: false,
  };
}

/**
 * The editor's rows as the `POST emergency-contacts` list (app §7). `ConsentConfirmedTimestamp`
 * (epoch ms): for a contact sharing emergency alerts and ticked as agreeing, the stored time when
 * there is one, else `now` (the moment of this save); null for a contact not sharing emergency alerts
 * or not ticked (the contract then refuses the list). `ConsentConfirmed` is not sent.
 */
export function contactInputsOf(
  drafts: readonly ContactDraftOutput[],
  now: number,
): EmergencyContactInput[] {
  return drafts.map(({ ConsentConfirmed, ConsentConfirmedTimestamp, ...contact }) => ({
    ...contact,
    ConsentConfirmedTimestamp:
      contact.ShareEmergencyAlert && ConsentConfirmed ? (ConsentConfirmedTimestamp ?? now) : null,
  }));
}
