import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  WearerReminderInput,
  type ReminderTemplate,
  type WearerReminder,
} from '../../../src/api/entities/reminder';
import { SUPPORTED_LANGUAGES } from '../../../src/app/languages';
import { REMINDERS_PER_WEARER_MAX } from '../../../server/member/reminderRepository';
import { reminderTemplates } from '../../../server/member/reminderTemplates';
import { memberIntegrationTokens, registerListeningTestServer } from './signedUpMember';
import { connectProbe, type Probe } from './socketProbe';

/*
 * The wearer's reminders (spec app §3 "Wearer reminder", §7 load-wearer-reminders,
 * save-wearer-reminder, delete-wearer-reminder; policy §3 "Reminder"): the calling member's own
 * wearer only, the contract's validation before anything is written, the templates in the member's
 * language, and a WearerReminder change to the member's sockets after each committed write.
 */

const server = registerListeningTestServer();
const probes: Probe[] = [];
let alice: string;
let bob: string;
let aliceWearer: number;
let bobWearer: number;

const base = '/api/member-integration';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function wearerOf(email: string): Promise<number> {
  const row = await server.database.db
    .selectFrom('members')
    .select('wearer_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.wearer_id;
}

beforeAll(async () => {
  [alice, bob] = await memberIntegrationTokens(server, ['alice@example.com', 'bob@example.com']);
  aliceWearer = await wearerOf('alice@example.com');
  bobWearer = await wearerOf('bob@example.com');
});

beforeEach(async () => {
  await server.database.db.deleteFrom('wearer_reminders').execute();
  await server.database.db.updateTable('members').set({ language_code: 'en' }).execute();
});

afterAll(() => {
  for (const probe of probes) probe.close();
});

const load = (token: string, wearerId: number) =>
  server.app.inject({
    method: 'GET',
    url: `${base}/load-wearer-reminders/${String(wearerId)}`,
    headers: auth(token),
  });

const save = (token: string, payload: object) =>
  server.app.inject({
    method: 'POST',
    url: `${base}/save-wearer-reminder`,
    headers: auth(token),
    payload,
  });

const remove = (token: string, reminderId: number, wearerId: number) =>
  server.app.inject({
    method: 'POST',
    url: `${base}/delete-wearer-reminder/${String(reminderId)}/${String(wearerId)}`,
    headers: auth(token),
    payload: {},
  });

const reminder = (overrides: Record<string, unknown> = {}) => ({
  WearerID: aliceWearer,
  ReminderTemplateID: null,
  Text: 'Take the heart pills',
  StartTime: '08:00',
  EndTime: '08:30',
  DaysOfWeek: [1, 3, 5],
  DeliveryMethods: ['DEVICE'],
  SnoozeMinutes: 10,
  ...overrides,
});

async function saved(token: string, payload: object): Promise<WearerReminder> {
  const res = await save(token, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WearerReminder>();
}

async function remindersOf(token: string, wearerId: number): Promise<WearerReminder[]> {
  const res = await load(token, wearerId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ WearerReminders: WearerReminder[] }>().WearerReminders;
}

const rowCount = async () =>
  Number(
    (
      await server.database.db
        .selectFrom('wearer_reminders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET load-wearer-reminders/{WearerID} (spec §7)', () => {
  it('answers no reminders and the templates, in the member’s language', async () => {
    const res = await load(alice, aliceWearer);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ WearerReminders: unknown[]; ReminderTemplates: ReminderTemplate[] }>();
    expect(body.WearerReminders).toEqual([]);
    expect(body.ReminderTemplates.map((t) => [t.ReminderTemplateID, t.Name])).toEqual([
      [1, 'Medication'],
      [2, 'Drink water'],
      [3, 'Charge the watch'],
      [4, 'Check in'],
    ]);
    await server.database.db
      .updateTable('members')
      .set({ language_code: 'de' })
      .where('wearer_id', '=', aliceWearer)
      .execute();
    const german = (await load(alice, aliceWearer)).json<{
      ReminderTemplates: ReminderTemplate[];
    }>().ReminderTemplates;
    expect(german[0]).toMatchObject({ Name: 'Medikamente', Text: 'Zeit für Ihre Medikamente' });
  });

  it('answers 404 for another member’s wearer and 401 without a token', async () => {
    await saved(bob, reminder({ WearerID: bobWearer }));
    const res = await load(alice, bobWearer);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ErrorCode: 'NOT_FOUND' });
    const anonymous = await server.app.inject({
      method: 'GET',
      url: `${base}/load-wearer-reminders/${String(aliceWearer)}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST save-wearer-reminder (spec §7, policy §3 "Reminder")', () => {
  it('creates a reminder, answers it as stored, and lists it for its member only', async () => {
    const created = await saved(
      alice,
      reminder({
        Text: '  Take the heart pills ',
        DaysOfWeek: [5, 1, 3, 1],
        DeliveryMethods: ['SMS', 'DEVICE', 'SMS'],
        ReminderTemplateID: 1,
      }),
    );
    expect(created).toEqual({
      WearerReminderID: expect.any(Number) as number,
      WearerID: aliceWearer,
      ReminderTemplateID: 1,
      Text: 'Take the heart pills',
      StartTime: '08:00',
      EndTime: '08:30',
      DaysOfWeek: [1, 3, 5],
      DeliveryMethods: ['DEVICE', 'SMS'],
      SnoozeMinutes: 10,
    });
    expect(await remindersOf(alice, aliceWearer)).toEqual([created]);
    expect(await remindersOf(bob, bobWearer)).toEqual([]);
  });

  it('updates its own reminder; another member’s id is not found and changes nothing', async () => {
    const created = await saved(alice, reminder());
    const updated = await saved(
      alice,
      reminder({
        WearerReminderID: created.WearerReminderID,
        StartTime: '22:00',
        EndTime: '06:00',
      }),
    );
    expect(updated).toMatchObject({ WearerReminderID: created.WearerReminderID, EndTime: '06:00' });

    const foreign = await save(
      bob,
      reminder({ WearerID: bobWearer, WearerReminderID: created.WearerReminderID, Text: 'Mine' }),
    );
    expect(foreign.statusCode).toBe(404);
    const other = await save(bob, reminder({ Text: 'Into Alice’s list' }));
    expect(other.statusCode).toBe(404);
    expect(await remindersOf(alice, aliceWearer)).toEqual([updated]);
  });

  it.each([
    ['an empty text', { Text: '   ' }, 'body.Text', 'Validations.Required'],
    ['a text over 50 characters', { Text: 'x'.repeat(51) }, 'body.Text', 'Validations.MaxLength'],
    ['a time that is not HH:mm', { StartTime: '24:00' }, 'body.StartTime', 'Expected HH:mm'],
    ['no day', { DaysOfWeek: [] }, 'body.DaysOfWeek', undefined],
    ['day 8', { DaysOfWeek: [8] }, 'body.DaysOfWeek.0', undefined],
    ['no delivery method', { DeliveryMethods: [] }, 'body.DeliveryMethods', undefined],
    [
      'an unknown delivery method',
      { DeliveryMethods: ['PIGEON'] },
      'body.DeliveryMethods.0',
      undefined,
    ],
    ['a day of snooze and more', { SnoozeMinutes: 1441 }, 'body.SnoozeMinutes', undefined],
    [
      'an unknown template',
      { ReminderTemplateID: 99 },
      'body.ReminderTemplateID',
      'Validations.InvalidValues',
    ],
    ['no WearerID', { WearerID: undefined }, 'body.WearerID', undefined],
  ] as const)(
    'refuses %s with a 400 on its field and writes nothing',
    async (_name, change, path, message) => {
      const res = await save(alice, reminder(change));
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<{ ErrorCode: string; Issues: { Path: string; Message: string }[] }>();
      expect(body.ErrorCode).toBe('REQUEST_INVALID');
      expect(body.Issues.map((issue) => issue.Path)).toContain(path);
      if (message !== undefined) {
        expect(body.Issues.find((issue) => issue.Path === path)?.Message).toBe(message);
      }
      expect(await rowCount()).toBe(0);
    },
  );

  it(`keeps at most ${String(REMINDERS_PER_WEARER_MAX)} reminders a wearer, even when saves race`, async () => {
    // 48 first, then five at once for the last two places.
    for (let i = 0; i < REMINDERS_PER_WEARER_MAX - 2; i += 1) await saved(alice, reminder());
    const racing = await Promise.all(Array.from({ length: 5 }, () => save(alice, reminder())));
    expect(racing.map((res) => res.statusCode).sort()).toEqual([200, 200, 400, 400, 400]);
    const refused = racing.find((res) => res.statusCode === 400);
    expect(refused?.json()).toMatchObject({
      ErrorCode: 'REQUEST_INVALID',
      Issues: [{ Path: 'body', Message: 'Validations.InvalidValues' }],
    });
    expect(await remindersOf(alice, aliceWearer)).toHaveLength(REMINDERS_PER_WEARER_MAX);
    expect((await save(bob, reminder({ WearerID: bobWearer }))).statusCode).toBe(200);
  });
});

describe('POST delete-wearer-reminder/{WearerReminderID}/{WearerID} (spec §7)', () => {
  it('answers an id past any stored one as not the caller’s, not as a server error', async () => {
    const huge = 2 ** 31;
    expect((await remove(alice, huge, aliceWearer)).json()).toEqual({ Success: false });
    const res = await save(alice, reminder({ WearerReminderID: huge }));
    expect(res.statusCode).toBe(404);
    expect(await rowCount()).toBe(0);
  });

  it('deletes its own reminder once; another member’s stays', async () => {
    const mine = await saved(alice, reminder());
    const bobs = await saved(bob, reminder({ WearerID: bobWearer }));
    expect((await remove(alice, mine.WearerReminderID, aliceWearer)).json()).toEqual({
      Success: true,
    });
    expect((await remove(alice, mine.WearerReminderID, aliceWearer)).json()).toEqual({
      Success: false,
    });
    expect((await remove(alice, bobs.WearerReminderID, aliceWearer)).json()).toEqual({
      Success: false,
    });
    expect((await remove(alice, bobs.WearerReminderID, bobWearer)).statusCode).toBe(404);
    expect(await remindersOf(alice, aliceWearer)).toEqual([]);
    expect(await remindersOf(bob, bobWearer)).toEqual([bobs]);
  });
});

describe('WearerReminder EntityChanges (spec §4 "Reminders … refresh on change events")', () => {
  it('tells the member’s sockets of each committed save and delete, and no one else', async () => {
    const sockets: Probe[] = [];
    for (const token of [alice, bob]) {
      const probe = await connectProbe(server.origin, probes);
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/member-integration-public/verify-socket-user',
        payload: { MemberIntegrationToken: token, SocketID: probe.id },
      });
      expect(res.json()).toEqual({ Success: true });
      sockets.push(probe);
    }
    const [aliceSocket, bobSocket] = sockets as [Probe, Probe];
    const created = await saved(alice, reminder());
    await saved(alice, reminder({ WearerReminderID: created.WearerReminderID, Text: 'Pills' }));
    expect((await save(alice, reminder({ Text: '' }))).statusCode).toBe(400);
    await remove(alice, created.WearerReminderID, aliceWearer);
    await remove(alice, created.WearerReminderID, aliceWearer);
    await aliceSocket.nth('EntityChanges', 3);
    await aliceSocket.ping();
    await bobSocket.ping();
    const change = (ChangeType: string) => [
      {
        EntityType: 'WearerReminder',
        EntityId: created.WearerReminderID,
        ChangeType,
        Timestamp: expect.any(Number) as number,
        WearerID: aliceWearer,
      },
    ];
    expect(aliceSocket.received('EntityChanges')).toEqual([
      change('created'),
      change('updated'),
      change('deleted'),
    ]);
    expect(bobSocket.received('EntityChanges')).toEqual([]);
  });
});

describe('reminderTemplates', () => {
  it.each(SUPPORTED_LANGUAGES.filter((language) => language !== 'en'))(
    'answers the templates in %s',
    (language) => {
      const english = reminderTemplates('en').map((template) => template.Text);
      const translated = reminderTemplates(language).map((template) => template.Text);
      expect(translated.filter((text, index) => text !== english[index])).toHaveLength(
        english.length,
      );
    },
  );

  it.each([...SUPPORTED_LANGUAGES, 'xx'])(
    'in %s, each template saved as it is passes the save’s own rules',
    (language) => {
      for (const template of reminderTemplates(language)) {
        const { Name, ...fields } = template;
        expect(Name.length).toBeGreaterThan(0);
        const parsed = WearerReminderInput.safeParse({ ...fields, WearerID: 1 });
        expect(parsed.success, `${language} ${Name}`).toBe(true);
      }
    },
  );
});
