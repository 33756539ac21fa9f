import { beforeAll, describe, expect, it } from 'vitest';
import type { EmergencyContact } from '../../../src/api/entities/contact';
import { memberIntegrationTokens, registerListeningTestServer } from './signedUpMember';

const server = registerListeningTestServer();
let alice: string;
let bob: string;

/** When the wearer confirmed the contact's agreement to emergency alerts (policy §1), epoch ms. */
const CONSENT_AT = 1_795_400_000_000;

beforeAll(async () => {
  [alice, bob] = await memberIntegrationTokens(server, ['alice@example.com', 'bob@example.com']);
});

const contact = (overrides: Record<string, unknown> = {}) => ({
  Name: 'Ola',
  Email: 'ola@example.com',
  Phone: '0047 912 34 567',
  Relationship: 'Brother',
  CanCall: true,
  CanSms: true,
  ShareActivity: true,
  ShareAssistanceAlert: true,
  ShareEmergencyAlert: true,
  AlertConfigs: { FALL: { Email: true, Call: true, Sms: false } },
  IsPrimary: true,
  ConsentConfirmedTimestamp: CONSENT_AT,
  ...overrides,
});

const url = '/api/member-integration/emergency-contacts';
const save = (token: string, contacts: unknown[]) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: { EmergencyContacts: contacts },
  });
const list = async (token: string) =>
  (
    await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
  ).json<{
    EmergencyContacts: EmergencyContact[];
  }>().EmergencyContacts;

describe('emergency contacts (spec §7) with ownership checks', () => {
  it('creates, updates and removes the member’s own contacts', async () => {
    expect(await list(alice)).toEqual([]);
    const created = await save(alice, [
      contact(),
      contact({ Name: 'Kari', Email: '', ShareActivity: false, IsPrimary: false }),
    ]);
    expect(created.statusCode).toBe(200);
    const saved = await list(alice);
    expect(saved.map((c) => [c.Name, c.Phone, c.IsPrimary, c.ConsentConfirmedTimestamp])).toEqual([
      ['Ola', '+4791234567', true, CONSENT_AT],
      ['Kari', '+4791234567', false, CONSENT_AT],
    ]);
    const [ola] = saved;
    const updated = await save(alice, [
      { ...contact({ Name: 'Ola Nordmann' }), EmergencyContactID: ola?.EmergencyContactID },
    ]);
    expect(updated.statusCode).toBe(200);
    expect((await list(alice)).map((c) => c.Name)).toEqual(['Ola Nordmann']);
  });

  it('keeps the consent time of each emergency contact and none for the others (policy §1)', async () => {
    const res = await save(alice, [
      contact({ ShareEmergencyAlert: false, ConsentConfirmedTimestamp: null }),
      contact({
        Name: 'Kari',
        ShareAssistanceAlert: false,
        ConsentConfirmedTimestamp: CONSENT_AT + 1,
      }),
    ]);
    expect(res.statusCode).toBe(200);
    const answered = res.json<{ EmergencyContacts: EmergencyContact[] }>().EmergencyContacts;
    expect(
      answered.map((c) => [c.Name, c.ShareEmergencyAlert, c.ConsentConfirmedTimestamp]),
    ).toEqual([
      ['Ola', false, null],
      ['Kari', true, CONSENT_AT + 1],
    ]);
    expect(await list(alice)).toEqual(answered);
  });

  it("refuses another member's contact id and leaves both lists unchanged", async () => {
    const [ola] = await list(alice);
    const before = await list(alice);
    const res = await save(bob, [
      { ...contact({ Name: 'Hijack' }), EmergencyContactID: ola?.EmergencyContactID },
    ]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ErrorCode: 'NOT_FOUND', Error: 'No such contact' });
    expect(await list(alice)).toEqual(before);
    expect(await list(bob)).toEqual([]);
  });

  it.each([
    ['no contact for assistance alerts', [contact({ ShareAssistanceAlert: false })]],
    ['no contact for emergency alerts', [contact({ ShareEmergencyAlert: false })]],
    ['sharing activities without an e-mail', [contact({ Email: '' })]],
    ['a name with digits', [contact({ Name: 'Ola2' })]],
    ['a name of spaces only', [contact({ Name: '   ' })]],
    ['a phone too short', [contact({ Phone: '123' })]],
    [
      'an emergency contact without the consent time',
      [contact({ ConsentConfirmedTimestamp: undefined })],
    ],
    [
      'an emergency contact whose consent time is null',
      [contact({ ConsentConfirmedTimestamp: null })],
    ],
    ['a consent time that is not epoch ms', [contact({ ConsentConfirmedTimestamp: -1 })]],
  ])('rejects %s with a 400 and writes nothing', async (_name, contacts) => {
    const before = await list(alice);
    const res = await save(alice, contacts);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'REQUEST_INVALID' });
    expect(await list(alice)).toEqual(before);
  });

  it('names the contact lacking consent and the translation key in the 400 issues', async () => {
    const res = await save(alice, [
      contact(),
      contact({ Name: 'Kari', ConsentConfirmedTimestamp: undefined }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Issues: unknown[] }>().Issues).toEqual([
      {
        Path: 'body.EmergencyContacts.1.ConsentConfirmedTimestamp',
        Message: 'Contacts.ConsentRequired',
      },
    ]);
  });

  it('rejects one contact given twice with a 400 naming the later entry, and keeps the list', async () => {
    await save(alice, [contact()]);
    const before = await list(alice);
    const id = before[0]?.EmergencyContactID;
    const res = await save(alice, [
      contact({ EmergencyContactID: id }),
      contact({ EmergencyContactID: id, Name: 'Zed', ShareEmergencyAlert: false }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Issues: unknown[] }>().Issues).toEqual([
      { Path: 'body.EmergencyContacts.1.EmergencyContactID', Message: 'Validations.DuplicateId' },
    ]);
    expect(await list(alice)).toEqual(before);
  });

  it('needs a member token', async () => {
    const res = await server.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
  });
});
