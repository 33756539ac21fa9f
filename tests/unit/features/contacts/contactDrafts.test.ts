import { describe, expect, it } from 'vitest';
import {
  ContactsForm,
  blankDraft,
  contactInputsOf,
  draftOf,
  type ContactDraftInput,
} from '../../../../src/features/contacts/contactDrafts';
import { EmergencyContactList } from '../../../../src/api/entities/contactInput';
import { OLA_CONSENT_AT, kari, ola } from './contactsTestData';

const NOW = 1_795_400_000_000;
const valid = (overrides: Partial<ContactDraftInput> = {}): ContactDraftInput => ({
  ...draftOf(ola),
  ...overrides,
});
const issuesOf = (contacts: ContactDraftInput[]) =>
  ContactsForm.safeParse({ EmergencyContacts: contacts }).error?.issues.map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]) ?? [];

describe('the contacts form (app §5, policy §1 and §5)', () => {
  it('accepts the saved contacts as they are', () => {
    expect(issuesOf([draftOf(ola), draftOf(kari)])).toEqual([]);
  });

  it.each<[string, Partial<ContactDraftInput>, [string, string]]>([
    ['an empty name', { Name: '' }, ['EmergencyContacts.0.Name', 'Validations.Required']],
    [
      'a name with digits',
      { Name: 'Ola2' },
      ['EmergencyContacts.0.Name', 'Validations.NameInvalidCharacters'],
    ],
    [
      'a name over 20 characters',
      { Name: 'O'.repeat(21) },
      ['EmergencyContacts.0.Name', 'Validations.MaxLength'],
    ],
    [
      'a relationship over 30 characters',
      { Relationship: 'r'.repeat(31) },
      ['EmergencyContacts.0.Relationship', 'Validations.MaxLength'],
    ],
    ['no phone', { Phone: '' }, ['EmergencyContacts.0.Phone', 'Validations.Required']],
    [
      'a phone too short',
      { Phone: '123' },
      ['EmergencyContacts.0.Phone', 'Validations.PhoneInvalid'],
    ],
    [
      'a phone with letters',
      { Phone: '+47 abc 34 567' },
      ['EmergencyContacts.0.Phone', 'Validations.PhoneInvalid'],
    ],
    [
      'a malformed email',
      { Email: 'ola@' },
      ['EmergencyContacts.0.Email', 'Validations.InvalidEmail'],
    ],
    [
      'activity sharing without email',
      { Email: '' },
      ['EmergencyContacts.0.Email', 'Validations.ShareActivityNeedsEmail'],
    ],
    [
      'emergency alerts without consent',
      { ConsentConfirmed: false },
      ['EmergencyContacts.0.ConsentConfirmed', 'Contacts.ConsentRequired'],
    ],
    [
      'no contact for assistance',
      { ShareAssistanceAlert: false },
      ['EmergencyContacts', 'Validations.ContactsAssistanceRequired'],
    ],
    [
      'no contact for emergency alerts',
      { ShareEmergencyAlert: false },
      ['EmergencyContacts', 'Validations.ContactsEmergencyRequired'],
    ],
  ])('refuses %s', (_name, overrides, issue) => {
    expect(issuesOf([valid(overrides)])).toEqual([issue]);
  });

  it('refuses an empty list with both list messages', () => {
    expect(issuesOf([])).toEqual([
      ['EmergencyContacts', 'Validations.ContactsAssistanceRequired'],
      ['EmergencyContacts', 'Validations.ContactsEmergencyRequired'],
    ]);
  });

  it('does not ask for consent from a contact that gets no emergency alerts', () => {
    expect(issuesOf([draftOf(ola), { ...draftOf(kari), ConsentConfirmed: false }])).toEqual([]);
  });
});

describe('editor rows ↔ contacts', () => {
  it('reads a stored consent time as confirmed and none as not', () => {
    expect(draftOf(ola)).toMatchObject({ ConsentConfirmed: true, IsPrimary: true });
    expect(draftOf(kari)).toMatchObject({ ConsentConfirmed: false, IsPrimary: false });
  });

  it('starts a new contact for both alert kinds, consent not yet given', () => {
    expect(blankDraft()).toMatchObject({
      ShareAssistanceAlert: true,
      ShareEmergencyAlert: true,
      ShareActivity: false,
      ConsentConfirmed: false,
    });
  });

  it.each<[string, Partial<ContactDraftInput>, number | null]>([
    ['keeps a stored consent time', {}, OLA_CONSENT_AT],
    ['stamps a new consent with the save time', { ConsentConfirmedTimestamp: null }, NOW],
    [
      'clears the time when the contact gets no emergency alerts',
      { ShareEmergencyAlert: false },
      null,
    ],
    ['sends no time when consent is not ticked', { ConsentConfirmed: false }, null],
  ])('%s', (_name, overrides, expected) => {
    const [input] = contactInputsOf([valid(overrides)], NOW);
    expect(input?.ConsentConfirmedTimestamp).toBe(expected);
    expect(input).not.toHaveProperty('ConsentConfirmed');
  });

  it('gives a list the contract accepts', () => {
    const form = ContactsForm.parse({
      EmergencyContacts: [
        { ...blankDraft(), Name: 'Nora', Phone: '+47 400 00 000', ConsentConfirmed: true },
      ],
    });
    const inputs = contactInputsOf(form.EmergencyContacts, NOW);
    expect(EmergencyContactList.safeParse(inputs).success).toBe(true);
    expect(inputs[0]).toMatchObject({ Name: 'Nora', ConsentConfirmedTimestamp: NOW });
    expect(inputs[0]).not.toHaveProperty('EmergencyContactID');
  });
});
