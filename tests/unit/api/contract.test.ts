import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { pathParams, type CallDef } from '../../../src/api/call';
import {
  activateDevice,
  callGroups,
  calls,
  deleteWearerReminder,
  getDeviceScheduleAction,
  memberWearerActivityTrim,
  memberWearerUpdate,
  messageSend,
  saveActivityTypes,
  saveEmergencyContacts,
  verifySocketUser,
} from '../../../src/api/calls';
import { buildRequest } from '../../../src/api/client/httpClient';

const allCalls: CallDef[] = Object.values(calls);

/**
 * Calls the spec does not list that we added where it leaves the design to us (docs/shares.md: the
 * member creates, lists and revokes share links; docs/decisions.md "Columnar track transfer": an
 * activity's LocationHistory as binary columns; docs/activities.md "Messages": the member reads an
 * activity's messages without a share).
 */
const ADDED_CALLS: [CallDef['api'], CallDef['method'], string][] = [
  ['member-integration', 'POST', '/member-wearer-activity-track'],
  ['member-integration', 'POST', '/member-wearer-activity-messages'],
  ['member-integration', 'POST', '/share-activity'],
  ['member-integration', 'GET', '/share-list'],
  ['member-integration', 'POST', '/share-revoke'],
];

/** Every call of spec application-behaviour §7, as [api, method, path]. */
const SPEC_CALLS: [CallDef['api'], CallDef['method'], string][] = [
  ['auth', 'POST', '/auth/signup-check-email'],
  ['auth', 'POST', '/member/set-terms'],
  ['auth', 'GET', '/member/get-member'],
  ['auth', 'POST', '/member/login-member-c2/{LanguageCode}'],
  ['auth', 'POST', '/member/change-email-step-1'],
  ['auth', 'POST', '/member/change-email-step-2'],
  ['member-integration', 'POST', '/activate-device'],
  ['member-integration', 'POST', '/remove-device'],
  ['member-integration', 'POST', '/save-device'],
  ['member-integration', 'GET', '/devices'],
  ['member-integration-public', 'GET', '/member-integration-clients'],
  ['member-integration-public', 'GET', '/member-integration-client/{ClientID}'],
  ['member-integration', 'GET', '/emergency-contacts'],
  ['member-integration', 'POST', '/emergency-contacts'],
  ['member-integration', 'GET', '/equipment'],
  ['member-integration', 'POST', '/equipment'],
  ['member-integration', 'POST', '/equipments'],
  ['member-integration', 'POST', '/equipment-delete'],
  ['member-integration', 'POST', '/activity-types'],
  ['member-integration', 'GET', '/subscriptions'],
  ['member-integration', 'GET', '/subscription-products'],
  ['member-integration', 'GET', '/load-member-client'],
  ['member-integration', 'GET', '/load-member-wearer'],
  ['member-integration', 'GET', '/disconnect-member-strava'],
  ['member-integration', 'POST', '/member-wearer-update'],
  ['member-integration', 'POST', '/member-wearer-update-communication-options'],
  ['member-integration', 'POST', '/member-wearer-activities'],
  ['member-integration', 'POST', '/member-wearer-activity-summaries'],
  ['member-integration', 'POST', '/member-wearer-activity-detail'],
  ['member-integration', 'POST', '/member-wearer-activity-delete'],
  ['member-integration', 'POST', '/member-wearer-activity-edit'],
  ['member-integration', 'POST', '/member-wearer-activity-splits'],
  ['member-integration', 'POST', '/member-wearer-activity-trim'],
  ['member-integration', 'GET', '/member-wearer-has-historic-activity'],
  ['member-integration-public', 'POST', '/rescue-orgs'],
  ['member-integration', 'POST', '/share-journey'],
  ['member-integration', 'GET', '/load-wearer-reminders/{WearerID}'],
  ['member-integration', 'POST', '/save-wearer-reminder'],
  ['member-integration', 'POST', '/delete-wearer-reminder/{WearerReminderID}/{WearerID}'],
  ['member-integration', 'POST', '/create-device-schedule-action'],
  ['member-integration', 'POST', '/update-device-schedule-action'],
  ['member-integration', 'GET', '/get-device-schedule-action/{DeviceID}'],
  ['member-integration', 'POST', '/delete-device-schedule-action/{ScheduledActionID}/{DeviceID}'],
  ['member-integration-public', 'POST', '/activity-sharing'],
  ['member-integration-public', 'POST', '/shared-journey-activity'],
  ['member-integration-public', 'POST', '/message-load-thread'],
  ['member-integration-public', 'POST', '/message-send'],
  ['member-integration-public', 'POST', '/alert-add-note'],
  ['member-integration-public', 'POST', '/alert-resolve-pause'],
  ['member-integration', 'POST', '/payment-gateway-session'],
  ['member-integration', 'POST', '/complete-payment-gateway-session'],
  ['member-integration', 'POST', '/cancel-subscription'],
  ['member-integration', 'POST', '/payment-method-update-gateway-session'],
  ['member-integration', 'POST', '/payment-method-create-gateway-session'],
  ['member-integration-public', 'POST', '/verify-socket-user'],
  ['central', 'GET', '/domains/list'],
  ['central', 'GET', '/urls/{ShortCode}'],
  ['central', 'POST', '/urls'],
];

function requestShape(def: CallDef): Record<string, z.core.$ZodType> {
  expect(def.request, `${def.name}: request must be an object schema`).toBeInstanceOf(
    z.ZodMiniObject,
  );
  return (def.request as z.ZodMiniObject).shape;
}

describe('calls registry', () => {
  it('keys every call by its own name', () => {
    for (const [key, def] of Object.entries(calls)) expect(def.name).toBe(key);
  });

  it('has no two calls with the same name across the groups', () => {
    const names = Object.values(callGroups).flatMap((group) =>
      Object.values(group).map((def: CallDef) => def.name),
    );
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(calls)).toHaveLength(names.length);
  });

  it('holds exactly the calls of spec §7 and our documented additions', () => {
    const actual = allCalls.map((def) => `${def.api} ${def.method} ${def.path}`).sort();
    const expected = [...SPEC_CALLS, ...ADDED_CALLS]
      .map(([api, method, path]) => `${api} ${method} ${path}`)
      .sort();
    expect(actual).toEqual(expected);
  });

  it('has no two calls on the same method and URL of one API', () => {
    const routes = allCalls.map((def) => `${def.api} ${def.method} ${def.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(allCalls.map((def) => [def.name, def] as const))(
    '%s: every path placeholder is a request field',
    (_name, def) => {
      expect(def.path.startsWith('/')).toBe(true);
      const fields = Object.keys(requestShape(def));
      for (const param of pathParams(def.path)) expect(fields).toContain(param);
    },
  );

  it.each(allCalls.filter((def) => def.method === 'GET').map((def) => [def.name, def] as const))(
    '%s: a GET request carries nothing but its path placeholders',
    (_name, def) => {
      expect(Object.keys(requestShape(def)).sort()).toEqual(pathParams(def.path).sort());
    },
  );
});

describe('call requests', () => {
  it('fills path placeholders from ids and leaves an empty body (delete-wearer-reminder)', () => {
    const request = deleteWearerReminder.request.parse({ WearerReminderID: 5, WearerID: 7 });
    const { url, init } = buildRequest(
      'https://eu.example/api/member-integration',
      deleteWearerReminder,
      request,
    );
    expect(url).toBe('https://eu.example/api/member-integration/delete-wearer-reminder/5/7');
    expect(init.body).toBe('{}');
  });

  it('reads an id placeholder from the URL text a server receives', () => {
    expect(getDeviceScheduleAction.request.parse({ DeviceID: '12' })).toEqual({ DeviceID: 12 });
    expect(getDeviceScheduleAction.request.safeParse({ DeviceID: 'abc' }).success).toBe(false);
    expect(getDeviceScheduleAction.request.safeParse({ DeviceID: '0' }).success).toBe(false);
  });

  it('rejects a bad activation request with the validation keys', () => {
    const result = activateDevice.request.safeParse({
      Code: '12345',
      DeviceNickname: 'My watch!',
      DeviceType: 'MSAFETY',
      Imei: '35693803564380',
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual([
      ['Code', 'Validations.CodeInvalid'],
      ['DeviceNickname', 'Validations.DeviceNicknameInvalid'],
      ['Imei', 'Validations.ImeiInvalid'],
    ]);
  });

  it('saves the phone normalised with a + prefix (member-wearer-update)', () => {
    const parsed = memberWearerUpdate.request.parse({
      DateOfBirth: '1980/02/29',
      EmailAddress: 'kari@example.no',
      LanguageCode: 'no',
      MarketingOptInTimestamp: null,
      NameFirst: 'Kari',
      NameLast: 'Nordmann',
      PhoneNumber: '0047 912 34 567',
      Sex: 'Female',
      TermsAcceptedTimestamp: 1_700_000_000_000,
    });
    expect(parsed.PhoneNumber).toBe('+4791234567');
  });

  it.each([
    [[], 'Validations.FavouritesMin'],
    [
      [
        'HIKING',
        'SAILING',
        'RUNNING',
        'SKIING',
        'SUP',
        'SURFING',
        'SWIMMING',
        'WALKING',
        'TRIP',
        'SHIFT',
      ],
      'Validations.FavouritesMax',
    ],
  ])('activity-types: %j fails with %s', (types, message) => {
    const result = saveActivityTypes.request.safeParse({ ActivityTypes: types });
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('activity-types: accepts 1 to 9 known types and refuses an unknown one', () => {
    expect(saveActivityTypes.request.parse({ ActivityTypes: ['HIKING', 'SAILING'] })).toEqual({
      ActivityTypes: ['HIKING', 'SAILING'],
    });
    expect(saveActivityTypes.request.safeParse({ ActivityTypes: ['PARAGLIDING'] }).success).toBe(
      false,
    );
  });

  it('trim: refuses new bounds less than one minute apart', () => {
    const base = { ActivityId: 1, NewActivityStart: 1_000_000 };
    const short = memberWearerActivityTrim.request.safeParse({
      ...base,
      NewActivityEnd: 1_059_999,
    });
    expect(short.error?.issues[0]?.message).toBe('Validations.TrimTooShort');
    expect(
      memberWearerActivityTrim.request.safeParse({ ...base, NewActivityEnd: 1_060_000 }).success,
    ).toBe(true);
  });

  it('save-emergency-contacts: needs a contact for assistance and one for emergency alerts', () => {
    const contact = {
      Name: 'Ola Nordmann',
      Email: 'ola@example.no',
      Phone: '+4791234567',
      Relationship: 'Brother',
      CanCall: true,
      CanSms: true,
      ShareActivity: true,
      ShareAssistanceAlert: true,
      ShareEmergencyAlert: false,
      AlertConfigs: { FALL: { Email: true, Call: true, Sms: false } },
    };
    const missing = saveEmergencyContacts.request.safeParse({ EmergencyContacts: [contact] });
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual([
      'Validations.ContactsEmergencyRequired',
    ]);
    const complete = saveEmergencyContacts.request.safeParse({
      EmergencyContacts: [
        contact,
        {
          ...contact,
          Name: 'Kari',
          ShareEmergencyAlert: true,
          ConsentConfirmedTimestamp: 1_795_400_000_000,
        },
      ],
    });
    expect(complete.success).toBe(true);
  });

  it('save-emergency-contacts: a contact for emergency alerts needs the wearer’s consent (policy §1)', () => {
    const result = saveEmergencyContacts.request.safeParse({
      EmergencyContacts: [
        {
          Name: 'Ola',
          Email: '',
          Phone: '+4791234567',
          Relationship: '',
          CanCall: false,
          CanSms: false,
          ShareActivity: false,
          ShareAssistanceAlert: true,
          ShareEmergencyAlert: true,
          AlertConfigs: {},
        },
      ],
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'EmergencyContacts.0.ConsentConfirmedTimestamp',
    ]);
  });

  it('save-emergency-contacts: sharing activities needs the contact email', () => {
    const result = saveEmergencyContacts.request.safeParse({
      EmergencyContacts: [
        {
          Name: 'Ola',
          Email: '',
          Phone: '+4791234567',
          Relationship: '',
          CanCall: false,
          CanSms: false,
          ShareActivity: true,
          ShareAssistanceAlert: true,
          ShareEmergencyAlert: true,
          ConsentConfirmedTimestamp: 1_795_400_000_000,
          AlertConfigs: {},
        },
      ],
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['EmergencyContacts.0.Email', 'Validations.ShareActivityNeedsEmail'],
    ]);
  });

  it('message-send: offers No and Yes when no reply options are given', () => {
    const parsed = messageSend.request.parse({
      ActivityId: 3,
      MessageText: 'Are you OK?',
      SenderName: 'Kari',
      ShareToken: 'eyJhbGciOiJIUzI1NiJ9.eyJ4IjoxfQ.c2ln',
    });
    expect(parsed.ReplyOptions).toEqual(['No', 'Yes']);
  });

  it('verify-socket-user: needs a member token or a share token', () => {
    expect(verifySocketUser.request.safeParse({ SocketID: 'abc' }).success).toBe(false);
    expect(
      verifySocketUser.request.safeParse({
        SocketID: 'abc',
        ShareToken: 'eyJhbGciOiJIUzI1NiJ9.eyJ4IjoxfQ.c2ln',
      }).success,
    ).toBe(true);
  });
});
