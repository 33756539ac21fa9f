import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMMUNICATION_OPTIONS } from '../../../src/api/entities/communication';
import type { Wearer } from '../../../src/api/entities/member';
import { datePartsOf, formatDateYmd } from '../../../src/api/validation';
import { memberIntegrationTokens, registerListeningTestServer } from './signedUpMember';

const server = registerListeningTestServer();
let alice: string;
let bob: string;

beforeAll(async () => {
  [alice, bob] = await memberIntegrationTokens(server, ['alice@example.com', 'bob@example.com']);
});

const base = '/api/member-integration';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (token: string, path: string, payload: object) =>
  server.app.inject({ method: 'POST', url: `${base}/${path}`, headers: auth(token), payload });
const get = (token: string, path: string) =>
  server.app.inject({ method: 'GET', url: `${base}/${path}`, headers: auth(token) });
const wearer = async (token: string): Promise<Wearer> =>
  (await get(token, 'load-member-wearer')).json<Wearer>();

/** The date `years` years before today, `YYYY/MM/DD` (today's calendar date in this time zone). */
function yearsAgo(years: number, days = 0): string {
  const today = new Date();
  const date = new Date(today.getFullYear() - years, today.getMonth(), today.getDate() + days);
  return formatDateYmd(datePartsOf(date));
}

const details = (overrides: Record<string, unknown> = {}) => ({
  DateOfBirth: '1990/05/17',
  EmailAddress: 'alice@example.com',
  LanguageCode: 'no',
  MarketingOptInTimestamp: 1_700_000_000_000,
  NameFirst: 'Alice',
  NameLast: 'Nordmann',
  PhoneNumber: '0047 912 34 567',
  Sex: 'Female',
  TermsAcceptedTimestamp: 1_800_000_000_000,
  ...overrides,
});

describe('GET load-member-wearer (spec §7)', () => {
  it('answers the caller’s wearer with all-true communication options by default', async () => {
    const record = await wearer(alice);
    expect(record).toMatchObject({
      Email: 'alice@example.com',
      NameFirst: 'Dana',
      ActivityTypes: [],
      StravaDetails: null,
      CommunicationOptions: DEFAULT_COMMUNICATION_OPTIONS,
    });
    expect(Object.values(record.CommunicationOptions).every(Boolean)).toBe(true);
    expect(record.WearerID).not.toBe((await wearer(bob)).WearerID);
  });

  it('merges stored options over the defaults', async () => {
    await server.database.db
      .updateTable('members')
      .set({ communication_options: JSON.stringify({ NotifyWave: false, Unknown: 'x' }) })
      .where('email', '=', 'bob@example.com')
      .execute();
    expect((await wearer(bob)).CommunicationOptions).toEqual({
      ...DEFAULT_COMMUNICATION_OPTIONS,
      NotifyWave: false,
    });
  });

  it('needs a member token', async () => {
    const res = await server.app.inject({ method: 'GET', url: `${base}/load-member-wearer` });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST member-wearer-update (spec §7, rules of §5)', () => {
  it('saves the personal details, the phone normalised with +, and answers the WearerID', async () => {
    const before = await wearer(alice);
    const res = await post(alice, 'member-wearer-update', details());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ WearerID: before.WearerID });
    expect(await wearer(alice)).toMatchObject({
      NameFirst: 'Alice',
      NameLast: 'Nordmann',
      DateOfBirth: '1990/05/17',
      PhoneNumber: '+4791234567',
      Sex: 'Female',
      LanguageCode: 'no',
      MarketingOptInTimestamp: 1_700_000_000_000,
      TermsAcceptedTimestamp: 1_800_000_000_000,
      Email: 'alice@example.com',
    });
    expect((await wearer(bob)).NameFirst).toBe('Dana');
  });

  it('never takes back a terms acceptance: an older or missing time keeps the stored one', async () => {
    await post(
      alice,
      'member-wearer-update',
      details({ TermsAcceptedTimestamp: 1_800_000_000_000 }),
    );
    // A form loaded before the member accepted newer terms sends the old time, or none.
    for (const stale of [1_700_000_000_000, null]) {
      const res = await post(
        alice,
        'member-wearer-update',
        details({ TermsAcceptedTimestamp: stale, NameLast: 'Hansen' }),
      );
      expect(res.statusCode).toBe(200);
      expect(await wearer(alice)).toMatchObject({
        NameLast: 'Hansen',
        TermsAcceptedTimestamp: 1_800_000_000_000,
      });
    }
    await post(
      alice,
      'member-wearer-update',
      details({ TermsAcceptedTimestamp: 1_900_000_000_000 }),
    );
    expect((await wearer(alice)).TermsAcceptedTimestamp).toBe(1_900_000_000_000);
  });

  it('accepts the e-mail in another case and a member turning 16 today', async () => {
    const res = await post(
      alice,
      'member-wearer-update',
      details({ EmailAddress: 'Alice@Example.com', DateOfBirth: yearsAgo(16) }),
    );
    expect(res.statusCode).toBe(200);
    expect((await wearer(alice)).DateOfBirth).toBe(yearsAgo(16));
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a member aged 15 (16 tomorrow)', { DateOfBirth: yearsAgo(16, 1) }, 'body.DateOfBirth'],
    ['a member aged 15', { DateOfBirth: yearsAgo(15) }, 'body.DateOfBirth'],
    ['an invalid date', { DateOfBirth: '2023/02/29' }, 'body.DateOfBirth'],
    ['a day-first date', { DateOfBirth: '17/05/1990' }, 'body.DateOfBirth'],
    ['a first name with digits', { NameFirst: 'Al1ce' }, 'body.NameFirst'],
    ['an empty last name', { NameLast: '' }, 'body.NameLast'],
    ['a phone too short', { PhoneNumber: '12345' }, 'body.PhoneNumber'],
    ['another e-mail', { EmailAddress: 'mallory@example.com' }, 'body.EmailAddress'],
    ['bob’s e-mail', { EmailAddress: 'bob@example.com' }, 'body.EmailAddress'],
    ['an unknown sex', { Sex: 'Other' }, 'body.Sex'],
  ])('rejects %s with a 400 and writes nothing', async (_name, overrides, path) => {
    const before = await wearer(alice);
    const res = await post(
      alice,
      'member-wearer-update',
      details({ ...overrides, NameFirst: overrides.NameFirst ?? 'Changed' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'REQUEST_INVALID' });
    expect(res.json<{ Issues: { Path: string }[] }>().Issues.map((i) => i.Path)).toEqual([path]);
    expect(await wearer(alice)).toEqual(before);
  });
});

describe('POST member-wearer-update-communication-options (spec §7)', () => {
  it('round-trips the options and the marketing opt-in time', async () => {
    const options = {
      ...DEFAULT_COMMUNICATION_OPTIONS,
      NotifySharkAlert: false,
      EmailPersonalUsageSummary: false,
    };
    const res = await post(alice, 'member-wearer-update-communication-options', {
      CommunicationOptions: options,
      MarketingOptInTimestamp: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Success: true });
    const record = await wearer(alice);
    expect(record.CommunicationOptions).toEqual(options);
    expect(record.MarketingOptInTimestamp).toBeNull();
  });

  it('saves an option left out of the request as its default, true', async () => {
    await post(alice, 'member-wearer-update-communication-options', {
      CommunicationOptions: { NotifyWind: false },
      MarketingOptInTimestamp: 1_750_000_000_000,
    });
    const record = await wearer(alice);
    expect(record.CommunicationOptions).toEqual({
      ...DEFAULT_COMMUNICATION_OPTIONS,
      NotifyWind: false,
    });
    expect(record.MarketingOptInTimestamp).toBe(1_750_000_000_000);
  });

  it('rejects an option that is not a boolean with a 400 and writes nothing', async () => {
    const before = await wearer(alice);
    const res = await post(alice, 'member-wearer-update-communication-options', {
      CommunicationOptions: { NotifyWind: 'yes' },
      MarketingOptInTimestamp: null,
    });
    expect(res.statusCode).toBe(400);
    expect(await wearer(alice)).toEqual(before);
  });
});

describe('POST activity-types (spec §7; 1 to 9 favourites, policy §5 and §9)', () => {
  it('saves the favourites without duplicates and answers the wearer', async () => {
    const res = await post(alice, 'activity-types', {
      ActivityTypes: ['KAYAKING', 'SUP', 'KAYAKING', 'HIKING'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Wearer>().ActivityTypes).toEqual(['KAYAKING', 'SUP', 'HIKING']);
    expect((await wearer(alice)).ActivityTypes).toEqual(['KAYAKING', 'SUP', 'HIKING']);
  });

  it('accepts 9 favourites', async () => {
    const nine = [
      'BOATING',
      'CANOEING',
      'CLIMBING',
      'COASTEERING',
      'CYCLING',
      'DRIVE',
      'FISHING',
      'HIKING',
      'KAYAKING',
    ];
    const res = await post(bob, 'activity-types', { ActivityTypes: nine });
    expect(res.statusCode).toBe(200);
    expect(res.json<Wearer>().ActivityTypes).toEqual(nine);
  });

  it.each<[string, unknown]>([
    ['no favourites', []],
    [
      '10 favourites',
      [
        'BOATING',
        'CANOEING',
        'CLIMBING',
        'COASTEERING',
        'CYCLING',
        'DRIVE',
        'FISHING',
        'HIKING',
        'KAYAKING',
        'SUP',
      ],
    ],
    ['an unknown activity type', ['KAYAKING', 'FLYING']],
    ['not a list', 'KAYAKING'],
  ])('rejects %s with a 400 and writes nothing', async (_name, types) => {
    const before = await wearer(alice);
    const res = await post(alice, 'activity-types', { ActivityTypes: types });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'REQUEST_INVALID' });
    expect(await wearer(alice)).toEqual(before);
  });
});

describe('GET disconnect-member-strava (spec §7)', () => {
  it('clears the caller’s StravaDetails only', async () => {
    await server.database.db
      .updateTable('members')
      .set({ strava_access_token: 'tok-123' })
      .execute();
    expect((await wearer(alice)).StravaDetails).toEqual({ Access_Token: 'tok-123' });
    const res = await get(alice, 'disconnect-member-strava');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Success: true });
    expect((await wearer(alice)).StravaDetails).toBeNull();
    expect((await wearer(bob)).StravaDetails).toEqual({ Access_Token: 'tok-123' });
    expect((await get(alice, 'disconnect-member-strava')).json()).toEqual({ Success: true });
  });
});
