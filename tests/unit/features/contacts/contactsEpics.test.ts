import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import type { EmergencyContact } from '../../../../src/api/entities/contact';
import { draftOf, type ContactDraftOutput } from '../../../../src/features/contacts/contactDrafts';
import {
  contactsSaveRequested,
  selectContactsEditor,
} from '../../../../src/features/contacts/contactsEditorSlice';
import { selectAllContacts } from '../../../../src/store/entities/contactsSlice';
import { OLA_CONSENT_AT, kari, ola } from './contactsTestData';
import { CONTACTS_URL, NOW, memberHandlers, signedInStore } from './signedInStore';
import { registerMswServer } from '../../support/mswServer';
import { until } from '../../support/until';

const server = registerMswServer();

type Sent = { EmergencyContacts: Record<string, unknown>[] };

/** A signed-in member whose contacts are Ola and Kari; POSTs answer with `answer`. */
async function setup(answer: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  server.use(
    ...memberHandlers([ola, kari]),
    http.post(CONTACTS_URL, async ({ request }) => {
      const body = (await request.json()) as Sent;
      sent.push(body);
      return answer(body);
    }),
  );
  const store = await signedInStore();
  return { store, sent };
}

/** The server's answer: the sent list with ids for new contacts. */
function saved(body: Sent): EmergencyContact[] {
  return body.EmergencyContacts.map((contact, i) => ({
    HasAvatar: false,
    EmergencyContactID: 100 + i,
    ...contact,
  })) as EmergencyContact[];
}

const newContact: ContactDraftOutput = {
  ...draftOf(ola),
  EmergencyContactID: undefined,
  Name: 'Nora',
  Phone: '+47 400 00 000',
  IsPrimary: false,
  ConsentConfirmedTimestamp: null,
  ConsentConfirmed: true,
};
delete newContact.EmergencyContactID;

describe('saving the contacts (app §7 POST emergency-contacts)', () => {
  it('sends the whole list, stamps a new consent with the store clock and stores the answer', async () => {
    const { store, sent } = await setup((body) =>
      HttpResponse.json({ EmergencyContacts: saved(body) }),
    );
    store.dispatch(contactsSaveRequested([draftOf(ola), newContact]));
    await until(() => selectContactsEditor(store.getState()).save === 'done');
    expect(sent).toHaveLength(1);
    expect(
      sent[0]?.EmergencyContacts.map((c) => [
        c.EmergencyContactID,
        c.Name,
        c.ConsentConfirmedTimestamp,
      ]),
    ).toEqual([
      [ola.EmergencyContactID, 'Ola', OLA_CONSENT_AT],
      [undefined, 'Nora', NOW],
    ]);
    expect(sent[0]?.EmergencyContacts[0]).not.toHaveProperty('ConsentConfirmed');
    expect(selectAllContacts(store.getState()).map((c) => [c.EmergencyContactID, c.Name])).toEqual([
      [ola.EmergencyContactID, 'Ola'],
      [101, 'Nora'],
    ]);
    expect(selectContactsEditor(store.getState()).savedCount).toBe(1);
  });

  it('ignores a second save while one is in flight (exhaustMap)', async () => {
    const { store, sent } = await setup(async (body) => {
      await delay(30);
      return HttpResponse.json({ EmergencyContacts: saved(body) });
    });
    store.dispatch(contactsSaveRequested([draftOf(ola)]));
    store.dispatch(contactsSaveRequested([draftOf(ola), newContact]));
    await until(() => selectContactsEditor(store.getState()).save === 'done');
    expect(sent.map((body) => body.EmergencyContacts.length)).toEqual([1]);
  });

  it.each<[string, () => Response, string]>([
    [
      'a refused list',
      () =>
        HttpResponse.json(
          { ErrorCode: 'REQUEST_INVALID', Error: 'Invalid request' },
          { status: 400 },
        ),
      'Validations.InvalidValues',
    ],
    [
      'a contact removed elsewhere',
      () =>
        HttpResponse.json({ ErrorCode: 'NOT_FOUND', Error: 'No such contact' }, { status: 404 }),
      'Contacts.Errors.NotFound',
    ],
    [
      'a server error',
      () =>
        HttpResponse.json(
          { ErrorCode: 'UNKNOWN', Error: 'Internal server error' },
          { status: 500 },
        ),
      'Contacts.Errors.SaveFailed',
    ],
    ['no answer', () => HttpResponse.error(), 'Contacts.Errors.Network'],
  ])(
    'fails on %s with a translated message and keeps the stored contacts',
    async (_name, answer, key) => {
      const { store, sent } = await setup(answer);
      store.dispatch(contactsSaveRequested([{ ...draftOf(ola), Name: 'Changed' }]));
      await until(() => selectContactsEditor(store.getState()).save === 'failed');
      expect(sent).toHaveLength(1);
      expect(selectContactsEditor(store.getState()).errorKey).toBe(key);
      expect(selectAllContacts(store.getState()).map((c) => c.Name)).toEqual(['Ola', 'Kari']);
    },
  );

  it('sends nothing when the list breaks the contract and shows the contract’s messages', async () => {
    const { store, sent } = await setup((body) =>
      HttpResponse.json({ EmergencyContacts: saved(body) }),
    );
    store.dispatch(contactsSaveRequested([{ ...draftOf(ola), ConsentConfirmed: false }]));
    await until(() => selectContactsEditor(store.getState()).save === 'failed');
    expect(sent).toEqual([]);
    expect(selectContactsEditor(store.getState())).toMatchObject({
      errorKey: 'Validations.InvalidValues',
      fieldMessages: [
        { path: 'EmergencyContacts.0.ConsentConfirmed', key: 'Contacts.ConsentRequired' },
      ],
    });
  });
});
