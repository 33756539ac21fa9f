import { describe, expect, it } from 'vitest';
import { CallFailedError, HttpError, NetworkError } from '../../../../src/api/client/apiErrors';
import { saveEmergencyContacts } from '../../../../src/api/calls/memberIntegrationContactsSave';
import { SAVE_ERROR_KEYS, saveFailureOf } from '../../../../src/features/contacts/saveFailure';

/** A 400 answer as the API client reports it when it keeps the body's `Issues`. */
function refused(issues: { Path: string; Message: string }[]): HttpError {
  return Object.assign(
    new HttpError('save-emergency-contacts', 400, 'REQUEST_INVALID', 'Invalid request'),
    { issues },
  );
}

describe('saveFailureOf (how a failed save is shown)', () => {
  it('maps the server’s issues to the editor’s fields; the consent time to the consent tick', () => {
    const failure = saveFailureOf(
      refused([
        { Path: 'body.EmergencyContacts.1.Email', Message: 'Validations.ShareActivityNeedsEmail' },
        {
          Path: 'body.EmergencyContacts.0.ConsentConfirmedTimestamp',
          Message: 'Contacts.ConsentRequired',
        },
        { Path: 'body.EmergencyContacts', Message: 'Validations.ContactsAssistanceRequired' },
        { Path: 'body.EmergencyContacts.0.AlertConfigs.FALL', Message: 'Invalid input' },
      ]),
    );
    expect(failure).toEqual({
      errorKey: 'Validations.InvalidValues',
      fieldMessages: [
        { path: 'EmergencyContacts.1.Email', key: 'Validations.ShareActivityNeedsEmail' },
        { path: 'EmergencyContacts.0.ConsentConfirmed', key: 'Contacts.ConsentRequired' },
        { path: 'EmergencyContacts', key: 'Validations.ContactsAssistanceRequired' },
      ],
    });
  });

  it('maps the contract’s own issues when the request never left', () => {
    const { error } = saveEmergencyContacts.request.safeParse({
      EmergencyContacts: [
        {
          Name: 'Ola',
          Email: '',
          Phone: '+4791234567',
          Relationship: '',
          CanCall: true,
          CanSms: true,
          ShareActivity: false,
          ShareAssistanceAlert: true,
          ShareEmergencyAlert: true,
          AlertConfigs: {},
        },
      ],
    });
    expect(saveFailureOf(error)).toEqual({
      errorKey: SAVE_ERROR_KEYS.invalid,
      fieldMessages: [
        { path: 'EmergencyContacts.0.ConsentConfirmed', key: 'Contacts.ConsentRequired' },
      ],
    });
  });

  it.each<[string, unknown, string]>([
    [
      'a 400 without issues',
      new HttpError('x', 400, 'REQUEST_INVALID', 'bad'),
      SAVE_ERROR_KEYS.invalid,
    ],
    [
      'a 404 (a contact removed elsewhere)',
      new HttpError('x', 404, 'NOT_FOUND', 'No such contact'),
      SAVE_ERROR_KEYS.notFound,
    ],
    ['no answer', new NetworkError('x', new Error('offline')), SAVE_ERROR_KEYS.network],
    ['a 500', new HttpError('x', 500, 'UNKNOWN', 'Internal server error'), SAVE_ERROR_KEYS.failed],
    ['a reported failure', new CallFailedError('x', 'UNKNOWN', ''), SAVE_ERROR_KEYS.failed],
    ['anything else', new Error('boom'), SAVE_ERROR_KEYS.failed],
  ])('%s → a general message only', (_name, error, key) => {
    expect(saveFailureOf(error)).toEqual({ errorKey: key, fieldMessages: [] });
  });
});
