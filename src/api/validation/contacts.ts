import * as z from 'zod/mini';
import { typeError } from './messages';

/** The share flags of an emergency contact that {@link SharedAlertChoices} reads. */
export interface ContactAlertShares {
  ShareAssistanceAlert: boolean;
  ShareEmergencyAlert: boolean;
}

/** The fields of an emergency contact that {@link ShareActivityNeedsEmail} reads. */
export interface ContactActivityShare {
  ShareActivity: boolean;
  Email?: string | null | undefined;
}

/**
 * Adds the contact-list issues to `ctx` (for `z.superRefine` on any array of contacts that carry the
 * share flags): `Validations.ContactsAssistanceRequired` when no contact shares assistance alerts and
 * `Validations.ContactsEmergencyRequired` when none shares emergency alerts (application-behaviour §4
 * "Contacts are complete when …", §5 "Share assistance / share emergency"; policy-and-vocabulary §5).
 */
export function checkSharedAlertChoices(
  contacts: readonly ContactAlertShares[],
  ctx: z.core.$RefinementCtx,
): void {
  if (!contacts.some((contact) => contact.ShareAssistanceAlert)) {
    ctx.addIssue({
      code: 'custom',
      message: 'Validations.ContactsAssistanceRequired',
      input: contacts,
    });
  }
  if (!contacts.some((contact) => contact.ShareEmergencyAlert)) {
    ctx.addIssue({
      code: 'custom',
      message: 'Validations.ContactsEmergencyRequired',
      input: contacts,
    });
  }
}

/**
 * A list of emergency contacts' share flags `{ ShareAssistanceAlert, ShareEmergencyAlert }` (booleans)
 * in which at least one contact shares assistance alerts (else `Validations.ContactsAssistanceRequired`)
 * and at least one shares emergency alerts (else `Validations.ContactsEmergencyRequired`); both issues
 * are on the list itself (path `[]`). An empty list fails both (application-behaviour §4 and §5;
 * policy-and-vocabulary §5). Other fields of the contacts are stripped; to keep them, apply
 * {@link checkSharedAlertChoices} to your own array schema.
 */
export const SharedAlertChoices = z
  .array(
    z.object(
      {
        ShareAssistanceAlert: z.boolean({ error: typeError }),
        ShareEmergencyAlert: z.boolean({ error: typeError }),
      },
      { error: typeError },
    ),
    { error: typeError },
  )
  .check(z.superRefine(checkSharedAlertChoices));

/**
 * Adds `Validations.ShareActivityNeedsEmail` on the `Email` field when `contact` shares activity
 * tracking but has no email (missing, `null` or blank) (policy-and-vocabulary §5 "Sharing an activity
 * with a contact requires that contact's email"). For `z.superRefine` on any contact schema.
 */
export function checkShareActivityNeedsEmail(
  contact: ContactActivityShare,
  ctx: z.core.$RefinementCtx,
): void {
  if (contact.ShareActivity && (contact.Email ?? '').trim() === '') {
    ctx.addIssue({
      code: 'custom',
      message: 'Validations.ShareActivityNeedsEmail',
      input: contact.Email,
      path: ['Email'],
    });
  }
}

/**
 * An emergency contact's `{ ShareActivity: boolean, Email?: string | null }` in which sharing activity
 * tracking requires an email: `ShareActivity` true with a missing, `null` or blank `Email` fails with
 * `Validations.ShareActivityNeedsEmail` on `Email` (policy-and-vocabulary §5; application-behaviour §5
 * "a share-activity email"). The email's form is the `Email` rule's job. Other fields are stripped;
 * to keep them, apply {@link checkShareActivityNeedsEmail} to your own contact schema.
 */
export const ShareActivityNeedsEmail = z
  .object(
    {
      ShareActivity: z.boolean({ error: typeError }),
      Email: z.nullish(z.string({ error: typeError })),
    },
    { error: typeError },
  )
  .check(z.superRefine(checkShareActivityNeedsEmail));

/**
 * The message when a contact shares emergency alerts without the wearer's confirmation that the
 * contact agrees (policy-and-vocabulary §1). A key of the `Contacts` section (locales/en/Contacts.json)
 * until `Validations.ContactConsentRequired` exists.
 */
export const CONTACT_CONSENT_REQUIRED = 'Contacts.ConsentRequired';

/** The fields of an emergency contact that {@link checkEmergencyAlertConsent} reads. */
export interface ContactEmergencyConsent {
  ShareEmergencyAlert: boolean;
  /** When the wearer confirmed that the contact agrees, epoch ms; missing or null when never. */
  ConsentConfirmedTimestamp?: number | null | undefined;
}

/**
 * Adds {@link CONTACT_CONSENT_REQUIRED} on `ConsentConfirmedTimestamp` when `contact` shares emergency
 * alerts without a consent time (policy-and-vocabulary §1: contacts chosen for emergency alerts have
 * their name and details sent to rescue services and shown to all other contacts, so "the wearer must
 * confirm that the contact agrees"). For `z.superRefine` on any contact schema.
 */
export function checkEmergencyAlertConsent(
  contact: ContactEmergencyConsent,
  ctx: z.core.$RefinementCtx,
): void {
  if (contact.ShareEmergencyAlert && contact.ConsentConfirmedTimestamp == null) {
    ctx.addIssue({
      code: 'custom',
      message: CONTACT_CONSENT_REQUIRED,
      input: contact.ConsentConfirmedTimestamp,
      path: ['ConsentConfirmedTimestamp'],
    });
  }
}
