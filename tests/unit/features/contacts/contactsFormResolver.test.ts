import { describe, expect, it } from 'vitest';
import { nestFieldErrors } from '../../../../src/features/contacts/contactsFormResolver';

describe('nestFieldErrors (react-hook-form error shape)', () => {
  it('nests item errors into arrays and puts the array’s own error at root', () => {
    const name = { type: 'custom', message: 'Validations.Required' };
    const list = { type: 'custom', message: 'Validations.ContactsEmergencyRequired' };
    const nested = nestFieldErrors({ 'EmergencyContacts.1.Name': name, EmergencyContacts: list }, [
      'EmergencyContacts',
    ]);
    const contacts = nested.EmergencyContacts as unknown[] & { root?: unknown };
    expect(Array.isArray(contacts)).toBe(true);
    expect(contacts[0]).toBeUndefined();
    expect(contacts[1]).toEqual({ Name: name });
    expect(contacts.root).toBe(list);
  });

  it('keeps a plain field as it is', () => {
    const error = { type: 'custom', message: 'Validations.Required' };
    expect(nestFieldErrors({ email: error }, [])).toEqual({ email: error });
  });
});
