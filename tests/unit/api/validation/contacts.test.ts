import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ShareActivityNeedsEmail,
  SharedAlertChoices,
  checkSharedAlertChoices,
} from '../../../../src/api/validation';
import { issuesOf, messagesOf } from './support';

const contact = (ShareAssistanceAlert: boolean, ShareEmergencyAlert: boolean) => ({
  ShareAssistanceAlert,
  ShareEmergencyAlert,
});

describe('SharedAlertChoices (application-behaviour §4, §5; policy-and-vocabulary §5)', () => {
  it.each<[string, unknown, string[]]>([
    ['one contact sharing both', [contact(true, true)], []],
    ['two contacts sharing one each', [contact(true, false), contact(false, true)], []],
    [
      'no contact',
      [],
      ['Validations.ContactsAssistanceRequired', 'Validations.ContactsEmergencyRequired'],
    ],
    [
      'a contact sharing nothing',
      [contact(false, false)],
      ['Validations.ContactsAssistanceRequired', 'Validations.ContactsEmergencyRequired'],
    ],
    ['assistance only', [contact(true, false)], ['Validations.ContactsEmergencyRequired']],
    [
      'emergency only',
      [contact(false, true), contact(false, true)],
      ['Validations.ContactsAssistanceRequired'],
    ],
    ['a missing flag', [{ ShareAssistanceAlert: true }], ['Validations.Required']],
    [
      'a flag as 1',
      [{ ShareAssistanceAlert: 1, ShareEmergencyAlert: true }],
      ['Validations.InvalidValues'],
    ],
    ['not a list', undefined, ['Validations.Required']],
  ])('%s → %j', (_case, value, expected) => {
    expect(messagesOf(SharedAlertChoices, value)).toEqual(expected);
  });

  it('reports on the list itself', () => {
    expect(issuesOf(SharedAlertChoices, [contact(false, true)])[0]?.path).toEqual([]);
  });

  it('checkSharedAlertChoices works on a richer contact schema and keeps its fields', () => {
    const Contacts = z
      .array(
        z.object({
          Name: z.string(),
          ShareAssistanceAlert: z.boolean(),
          ShareEmergencyAlert: z.boolean(),
        }),
      )
      .superRefine(checkSharedAlertChoices);
    const list = [{ Name: 'Ann', ...contact(true, true) }];
    expect(Contacts.parse(list)).toEqual(list);
    expect(messagesOf(Contacts, [{ Name: 'Ann', ...contact(true, false) }])).toEqual([
      'Validations.ContactsEmergencyRequired',
    ]);
  });
});

describe('ShareActivityNeedsEmail (policy-and-vocabulary §5)', () => {
  it.each<[unknown, string[]]>([
    [{ ShareActivity: false }, []],
    [{ ShareActivity: false, Email: '' }, []],
    [{ ShareActivity: false, Email: null }, []],
    [{ ShareActivity: true, Email: 'ann@example.com' }, []],
    [{ ShareActivity: true }, ['Validations.ShareActivityNeedsEmail']],
    [{ ShareActivity: true, Email: '' }, ['Validations.ShareActivityNeedsEmail']],
    [{ ShareActivity: true, Email: '   ' }, ['Validations.ShareActivityNeedsEmail']],
    [{ ShareActivity: true, Email: null }, ['Validations.ShareActivityNeedsEmail']],
    [{}, ['Validations.Required']],
    [{ ShareActivity: 'yes' }, ['Validations.InvalidValues']],
  ])('%j → %j', (value, expected) => {
    expect(messagesOf(ShareActivityNeedsEmail, value)).toEqual(expected);
  });

  it('reports on the Email field', () => {
    expect(issuesOf(ShareActivityNeedsEmail, { ShareActivity: true })[0]?.path).toEqual(['Email']);
  });
});
