import { describe, expect, it } from 'vitest';
import {
  ActivityDetail,
  ActivitySummary,
  Alert,
  CommunicationOptions,
  DEFAULT_COMMUNICATION_OPTIONS,
  DEFAULT_UNITS,
  LocationPoint,
  ShareToken,
  SplitsSettings,
  Units,
  Zone,
  contactsComplete,
  decodeShareTokenClaims,
  hasUnseenReplies,
  messageState,
  supportUrlFor,
  type Message,
  type MessageThread,
} from '../../../src/api/entities';

const summary = {
  ActivityId: 42,
  ActivityType: 'HIKING',
  TimestampStart: 1_700_000_000_000,
  TimestampEnd: 1_700_003_600_000,
  ActivityStats: {
    Distance: { Displayed: 5230, Meters: 5311.4, Type: 'GNSS' },
    DurationMs: 3_600_000,
    SpeedAvgMPS: 1.45,
    SpeedMaxMPS: 2.9,
  },
};

describe('ActivitySummary (app §3)', () => {
  it('parses a summary as the server sends it', () => {
    expect(ActivitySummary.parse(summary)).toEqual(summary);
  });

  it('accepts an open activity (no end yet)', () => {
    expect(ActivitySummary.safeParse({ ...summary, TimestampEnd: null }).success).toBe(true);
  });

  it.each([
    ['a string id', { ...summary, ActivityId: '42' }],
    ['an unknown type', { ...summary, ActivityType: 'PARAGLIDING' }],
    ['the alert pseudo-type', { ...summary, ActivityType: 'ALERT' }],
    [
      'a seconds duration',
      { ...summary, ActivityStats: { ...summary.ActivityStats, DurationMs: 1.5 } },
    ],
    [
      'a non-GNSS distance',
      {
        ...summary,
        ActivityStats: {
          ...summary.ActivityStats,
          Distance: { ...summary.ActivityStats.Distance, Type: 'STEPS' },
        },
      },
    ],
    ['missing stats', { ...summary, ActivityStats: undefined }],
  ])('refuses %s', (_what, value) => {
    expect(ActivitySummary.safeParse(value).success).toBe(false);
  });
});

describe('LocationPoint (app §3)', () => {
  const point = { Time: 1_700_000_000_000, X: 10.75, Y: 59.91, Hacc: 4, Alt: 12.5, Speed: 1.2 };

  it('accepts nulls where a device may not report', () => {
    expect(LocationPoint.parse({ ...point, Hacc: null, Alt: null, Speed: null })).toMatchObject({
      Hacc: null,
    });
  });

  it.each([
    ['longitude over 180', { X: 181 }],
    ['latitude under -90', { Y: -91 }],
    ['negative speed', { Speed: -1 }],
    ['missing altitude', { Alt: undefined }],
  ])('refuses %s', (_what, change) => {
    expect(LocationPoint.safeParse({ ...point, ...change }).success).toBe(false);
  });

  it('is part of an activity detail', () => {
    const detail = ActivityDetail.parse({ ...summary, LocationHistory: [point] });
    expect(detail.LocationHistory).toEqual([point]);
  });
});

function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function jwt(payload: unknown): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.c2lnbmF0dXJl`;
}

describe('share token claims (app §3)', () => {
  const claims = { C2Url: 'https://eu.lifeline.example', MemberID: 7, ClientID: 2, WearerID: 9 };

  it('decodes C2Url, MemberID, ClientID and WearerID from the token', () => {
    const token = jwt({ ...claims, exp: 1_900_000_000 });
    expect(ShareToken.safeParse(token).success).toBe(true);
    expect(decodeShareTokenClaims(token)).toEqual({ ...claims, exp: 1_900_000_000 });
  });

  it('reads non-ASCII payloads', () => {
    const token = jwt({ ...claims, C2Url: 'https://ø.example/' });
    expect(decodeShareTokenClaims(token)?.C2Url).toBe('https://ø.example/');
  });

  it.each([
    ['not a JWT', 'abc'],
    ['a payload that is not JSON', 'eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.c2ln'],
    ['a missing claim', jwt({ C2Url: claims.C2Url, MemberID: 7, ClientID: 2 })],
    ['a C2Url that is not a URL', jwt({ ...claims, C2Url: 'eu' })],
  ])('gives null for %s', (_what, token) => {
    expect(decodeShareTokenClaims(token)).toBeNull();
  });
});

describe('units (app §3 "Units defaults")', () => {
  it('defaults to the spec values', () => {
    expect(DEFAULT_UNITS).toEqual({
      DateFormat: 'YYYY-MM-DD',
      Distance: 'km',
      Height: 'm',
      LocationFormat: 'dms',
      Speed: 'km/h',
      SpeedWind: 'kts',
      Temperature: 'C',
      Time: 'UTC',
      TimeFormat: '24 hour',
      Timezone: 'UTC',
      Weight: 'kg',
    });
    expect(Units.parse(DEFAULT_UNITS)).toEqual(DEFAULT_UNITS);
  });

  it.each([
    ['nl', 'https://help.example/nl/support'],
    ['de', 'https://help.example/de/support'],
    ['fr', 'https://help.example/fr/support'],
    ['no', 'https://help.example/en/support'],
    ['ja', 'https://help.example/en/support'],
  ] as const)('support URL locale for %s', (language, expected) => {
    expect(supportUrlFor('https://help.example/{{locale}}/support', language)).toBe(expected);
  });
});

describe('communication options (app §3)', () => {
  it('default to true, each of the nine', () => {
    const values = Object.values(DEFAULT_COMMUNICATION_OPTIONS);
    expect(values).toHaveLength(9);
    expect(values.every((value) => value)).toBe(true);
  });

  it('keep an explicit false', () => {
    expect(CommunicationOptions.parse({ NotifyWind: false }).NotifyWind).toBe(false);
  });
});

function message(state: Partial<Message['WearerMessageState']>): Message {
  return {
    MessageID: 1,
    MessageText: 'OK?',
    SenderName: 'Kari',
    ReplyOptions: ['No', 'Yes'],
    SentTimestamp: 1000,
    WearerMessageState: { DeliveredTime: null, SeenTime: null, Replies: [], ...state },
  };
}

describe('message delivery status (app §4)', () => {
  it.each([
    ['OUTBOX', {}],
    ['DELIVERED', { DeliveredTime: 2000 }],
    ['SEEN', { DeliveredTime: 2000, SeenTime: 3000 }],
    ['SEEN', { SeenTime: 3000 }],
  ] as const)('%s for %j', (expected, state) => {
    expect(messageState(message(state))).toBe(expected);
  });

  const thread: MessageThread = {
    MessageThreadID: 1,
    ActivityId: 42,
    Messages: [
      message({ Replies: [{ ReplyText: 'Yes', ReceivedTime: 5000 }] }),
      message({ Replies: [{ ReplyText: 'No', ReceivedTime: 4000 }] }),
    ],
  };

  it.each([
    [null, true],
    [4999, true],
    [5000, false],
    [6000, false],
  ])('replies unseen when last viewed at %j: %s', (lastViewed, expected) => {
    expect(hasUnseenReplies(thread, lastViewed)).toBe(expected);
  });

  it('a thread without replies has none unseen', () => {
    expect(hasUnseenReplies({ Messages: [message({})] }, null)).toBe(false);
  });
});

describe('contacts completeness (app §4 login gating step 5)', () => {
  const contact = (assistance: boolean, emergency: boolean) => ({
    ShareAssistanceAlert: assistance,
    ShareEmergencyAlert: emergency,
  });

  it.each([
    [[], false],
    [[contact(true, false)], false],
    [[contact(false, true)], false],
    [[contact(true, false), contact(false, true)], true],
    [[contact(true, true)], true],
  ])('%j → %s', (contacts, expected) => {
    expect(contactsComplete(contacts)).toBe(expected);
  });
});

describe('splits settings (app §5)', () => {
  it.each([
    [
      { SplitType: 'DISTANCE_KM', Distance: '0,5' },
      { SplitType: 'DISTANCE_KM', Distance: 0.5 },
    ],
    [
      { SplitType: 'TIME_MINUTES', Time: 60 },
      { SplitType: 'TIME_MINUTES', Time: 60 },
    ],
  ])('parses %j', (input, expected) => {
    expect(SplitsSettings.parse(input)).toEqual(expected);
  });

  it.each([
    [{ SplitType: 'DISTANCE_KM', Distance: 0.05 }, 'Validations.Min'],
    [{ SplitType: 'DISTANCE_KM', Distance: 101 }, 'Validations.Max'],
    [{ SplitType: 'TIME_MINUTES', Time: 61 }, 'Validations.Max'],
    [{ SplitType: 'TIME_MINUTES', Time: '' }, 'Validations.Required'],
  ])('refuses %j with %s', (input, key) => {
    expect(SplitsSettings.safeParse(input).error?.issues[0]?.message).toBe(key);
  });
});

describe('zones (app §3)', () => {
  it('parse by their type', () => {
    const circle = {
      ZoneID: 1,
      Name: 'Harbour',
      ZoneKind: 'SAFETY',
      ZoneType: 'CIRCLE',
      Center: { X: 10.7, Y: 59.9 },
      RadiusMeters: 200,
    };
    expect(Zone.parse(circle)).toEqual(circle);
    expect(Zone.safeParse({ ...circle, ZoneType: 'POLYGON' }).success).toBe(false);
    const beacon = { ...circle, ZoneType: 'BEACON', BeaconId: 'b-1', Center: null };
    expect(Zone.safeParse(beacon).success).toBe(true);
  });
});

describe('Alert (app §3)', () => {
  const alert = {
    AlertID: 5,
    WearerID: 9,
    ActivityId: 42,
    AlertType: 'FALL',
    Severity: 4,
    TimestampStart: 1000,
    TimestampUpdated: 2000,
    TimestampClosed: null,
    CloseState: 'OPEN',
    ClosureReason: null,
    ClosedByActorType: null,
    ClosedByName: null,
    ResolveText: null,
    PausedUntilTimestamp: null,
    Location: null,
    Value: null,
    BodyPosition: 'LYING_ON_BACK',
    CheckInState: null,
    Notes: [],
    RescueOrgsNotified: [],
  };

  it('parses an open fall alert', () => {
    expect(Alert.parse(alert)).toEqual(alert);
  });

  it.each([
    ['the app §3 alert name', { AlertType: 'FallDown' }],
    ['a severity name', { Severity: 'Critical' }],
    ['an unknown closure reason', { ClosureReason: 'NEWER_ALERT' }],
  ])('refuses %s', (_what, change) => {
    expect(Alert.safeParse({ ...alert, ...change }).success).toBe(false);
  });
});
