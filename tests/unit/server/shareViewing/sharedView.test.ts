import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { base32Decode } from '../../../../server/shares/base32';
import { revokeShare } from '../../../../server/shares/shareService';
import { totp } from '../../../../server/shares/totp';
import type { ActivityDetail } from '../../../../src/api/entities/activity';
import type { Journey } from '../../../../src/api/entities/journey';
import { insertActivity } from '../shares/shareFixtures';
import {
  DAY,
  HOUR,
  MINUTE,
  T0,
  addWearer,
  post,
  registerViewingServer,
  share,
  sosActivity,
  type Wearer,
} from './viewingServer';

/*
 * activity-sharing and shared-journey-activity (issue 8 items 2–3; app §7 "Shared viewing (public)",
 * §6 share viewer) with real share tokens: what an activity share and a journey share open, what
 * they do not, and one answer for every token that does not open (no oracle).
 */

const server = registerViewingServer();
const SHARE_NOT_FOUND = { ErrorCode: 'NOT_FOUND', Error: 'Share not found' };
const NO_SUCH_ACTIVITY = { ErrorCode: 'NOT_FOUND', Error: 'No such activity' };

let wanda: Wearer;
let olaf: Wearer;
let live = { activityId: 0, alertId: 0 };
/** Wanda's journey window and her activities around it (finished, 1 h each). */
const window = { startMs: T0 - 3 * DAY, endMs: T0 - DAY };
const journey = { before: 0, acrossStart: 0, inside: 0, after: 0, olafInside: 0 };

interface SharingAnswer {
  Activity: ActivityDetail | null;
  Journey: Journey | null;
  MemberDetails: unknown;
}

beforeAll(async () => {
  const { db } = server.database;
  wanda = await addWearer(server, 'wanda@example.com');
  olaf = await addWearer(server, 'olaf@example.com');
  server.now = T0 + 2 * MINUTE;
  live = await sosActivity(server, wanda);
  journey.before = await insertActivity(db, wanda.memberId, window.startMs - 2 * HOUR);
  journey.acrossStart = await insertActivity(db, wanda.memberId, window.startMs - 30 * MINUTE);
  journey.inside = await insertActivity(db, wanda.memberId, window.startMs + DAY);
  journey.after = await insertActivity(db, wanda.memberId, window.endMs + MINUTE);
  journey.olafInside = await insertActivity(db, olaf.memberId, window.startMs + DAY);
  // Fixes of the activity across the window's start: one before the window, one inside it.
  await db
    .updateTable('activities')
    .set({ device_id: wanda.deviceId })
    .where('activity_id', '=', journey.acrossStart)
    .execute();
  await db
    .insertInto('location_points')
    .values(
      [window.startMs - 10 * MINUTE, window.startMs + 10 * MINUTE].map((time) => ({
        device_id: wanda.deviceId,
        device_time_ms: time,
        activity_id: journey.acrossStart,
        lat: 59.01,
        lon: 6.05,
      })),
    )
    .execute();
});

beforeEach(() => {
  server.now = T0 + 2 * MINUTE;
});

const activityShare = () => share(server, wanda.memberId, { kind: 'activity', ...live });
const journeyShare = () => share(server, wanda.memberId, { kind: 'journey', ...window });

describe('activity-sharing', () => {
  it('opens an activity share: the activity as the member sees it, with its alerts and timeline', async () => {
    const { token } = await activityShare();
    const res = await post(server, 'activity-sharing', { ShareToken: token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SharingAnswer>();
    expect(body.Journey).toBeNull();
    expect(body.MemberDetails).toEqual({
      WearerID: wanda.wearerId,
      NameFirst: 'Wanda',
      NameLast: 'Wearer',
    });
    const activity = body.Activity;
    expect(activity).toMatchObject({
      ActivityId: live.activityId,
      ActivityType: 'KAYAKING',
      TimestampStart: T0,
      TimestampEnd: null,
      Status: 'ASSISTANCE',
    });
    expect(activity?.LocationHistory.map((point) => point.Time)).toEqual([T0, T0 + MINUTE]);
    expect(
      activity?.Alerts?.map((alert) => [alert.AlertID, alert.AlertType, alert.CloseState]),
    ).toEqual([[live.alertId, 'ASSISTANCE', 'OPEN']]);
    expect(activity?.Timeline?.map((item) => item.TimelineItemType)).toEqual([
      'ACTIVITY_START',
      'ALERT_START',
    ]);
  });

  it('opens the share of an activity whose splits the member set (the number sent as itself)', async () => {
    const { db } = server.database;
    await db
      .updateTable('activities')
      .set({ splits_settings: JSON.stringify({ SplitType: 'DISTANCE_KM', Distance: 0.5 }) })
      .where('activity_id', '=', live.activityId)
      .execute();
    try {
      const { token } = await activityShare();
      const res = await post(server, 'activity-sharing', { ShareToken: token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<SharingAnswer>().Activity?.SplitsSettings).toEqual({
        SplitType: 'DISTANCE_KM',
        Distance: 0.5,
      });
      const one = await post(server, 'shared-journey-activity', {
        ShareToken: token,
        ActivityId: live.activityId,
      });
      expect(one.statusCode, one.body).toBe(200);
    } finally {
      await db
        .updateTable('activities')
        .set({ splits_settings: null })
        .where('activity_id', '=', live.activityId)
        .execute();
    }
  });

  it('opens a journey share: the member’s activities overlapping the window, oldest first', async () => {
    const { token } = await journeyShare();
    const res = await post(server, 'activity-sharing', { ShareToken: token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SharingAnswer>();
    expect(body.Activity).toBeNull();
    expect(body.MemberDetails).toEqual({
      WearerID: wanda.wearerId,
      NameFirst: 'Wanda',
      NameLast: 'Wearer',
    });
    expect(body.Journey?.JourneyStart).toBe(window.startMs);
    expect(body.Journey?.JourneyEnd).toBe(window.endMs);
    expect(body.Journey?.ActivitySummaries.map((summary) => summary.ActivityId)).toEqual([
      journey.acrossStart,
      journey.inside,
    ]);
  });

  it('opens a TOTP share only with its current code, and never once the share is locked', async () => {
    const created = await share(server, wanda.memberId, { kind: 'activity', ...live }, true);
    const secret = base32Decode(created.totpSecret ?? '');
    const open = (code?: string) =>
      post(server, 'activity-sharing', {
        ShareToken: created.token,
        ...(code === undefined ? {} : { ShareTotp: code }),
      });
    expect((await open(totp(secret, server.now))).statusCode).toBe(200);
    for (const code of [undefined, '000000', totp(secret, server.now + HOUR)]) {
      const res = await open(code);
      expect([res.statusCode, res.json()]).toEqual([404, SHARE_NOT_FOUND]);
    }
    for (let i = 0; i < 10; i += 1) await open(String(100000 + i));
    const locked = await open(totp(secret, server.now));
    expect([locked.statusCode, locked.json()]).toEqual([404, SHARE_NOT_FOUND]);
  });
});

describe('shared-journey-activity', () => {
  it('opens an activity of the journey, its location history limited to the window', async () => {
    const { token } = await journeyShare();
    const res = await post(server, 'shared-journey-activity', {
      ShareToken: token,
      ActivityId: journey.acrossStart,
    });
    expect(res.statusCode, res.body).toBe(200);
    const activity = res.json<{ Activity: ActivityDetail }>().Activity;
    expect(activity.ActivityId).toBe(journey.acrossStart);
    expect(activity.LocationHistory.map((point) => point.Time)).toEqual([
      window.startMs + 10 * MINUTE,
    ]);
  });

  it.each([
    ['before the window', () => journey.before],
    ['after the window', () => journey.after],
    ['of another member, inside the window', () => journey.olafInside],
    ['unknown', () => 987_654_321],
  ])('answers one not-found for an activity %s', async (_name, activityId) => {
    const { token } = await journeyShare();
    const res = await post(server, 'shared-journey-activity', {
      ShareToken: token,
      ActivityId: activityId(),
    });
    expect([res.statusCode, res.json()]).toEqual([404, NO_SUCH_ACTIVITY]);
  });

  it('opens only its own activity through an activity share', async () => {
    const { token } = await activityShare();
    const own = await post(server, 'shared-journey-activity', {
      ShareToken: token,
      ActivityId: live.activityId,
    });
    expect(own.statusCode).toBe(200);
    const other = await post(server, 'shared-journey-activity', {
      ShareToken: token,
      ActivityId: journey.inside,
    });
    expect([other.statusCode, other.json()]).toEqual([404, NO_SUCH_ACTIVITY]);
  });
});

/** A token whose payload claims `claims` over the original signature (base64url JSON). */
function withClaims(token: string, claims: Record<string, unknown>): string {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
  const forged = Buffer.from(JSON.stringify({ ...decoded, ...claims })).toString('base64url');
  return `${header}.${forged}.${signature}`;
}

/** A valid body of each shared-viewing call around `token`. */
const CALLS: [string, (token: string) => object][] = [
  ['activity-sharing', (token) => ({ ShareToken: token })],
  ['shared-journey-activity', (token) => ({ ShareToken: token, ActivityId: live.activityId })],
  ['message-load-thread', (token) => ({ ShareToken: token, ActivityId: live.activityId })],
  [
    'message-send',
    (token) => ({
      ShareToken: token,
      ActivityId: live.activityId,
      MessageText: 'Are you safe?',
      SenderName: 'Harbour',
    }),
  ],
  [
    'alert-add-note',
    (token) => ({
      ShareToken: token,
      ShareViewerId: 'viewer-1',
      AlertID: live.alertId,
      GuardianName: 'Harbour',
      NoteText: 'Calling the coastguard',
    }),
  ],
  [
    'alert-resolve-pause',
    (token) => ({
      ShareToken: token,
      ShareViewerId: 'viewer-1',
      AlertID: live.alertId,
      GuardianName: 'Harbour',
      ResolveText: 'Safe ashore',
      PauseMinutes: 0,
    }),
  ],
];

/** No message, no note, and Wanda's SOS alert still open. */
async function expectNothingWritten(): Promise<void> {
  const { db } = server.database;
  expect(await db.selectFrom('messages').select('message_id').execute()).toEqual([]);
  expect(await db.selectFrom('alert_notes').select('alert_note_id').execute()).toEqual([]);
  const alert = await db
    .selectFrom('alerts')
    .select('close_state')
    .where('alert_id', '=', live.alertId)
    .executeTakeFirstOrThrow();
  expect(alert.close_state).toBe('OPEN');
}

describe('tokens that do not open', () => {
  const cases: [string, () => Promise<string>][] = [
    [
      'a tampered signature',
      async () => {
        const { token } = await activityShare();
        const last = token.at(-2) === 'A' ? 'B' : 'A';
        return `${token.slice(0, -2)}${last}${token.slice(-1)}`;
      },
    ],
    [
      'claims changed to another member',
      async () =>
        withClaims((await activityShare()).token, {
          MemberID: olaf.memberId,
          WearerID: olaf.wearerId,
        }),
    ],
    [
      'a revoked share',
      async () => {
        const created = await activityShare();
        await revokeShare(server.database.db, {
          memberId: wanda.memberId,
          shareId: created.shareId,
          nowMs: server.now,
        });
        return created.token;
      },
    ],
    [
      'an expired share',
      async () => {
        const { token } = await activityShare();
        server.now += 8 * DAY;
        return token;
      },
    ],
    [
      'a TOTP share without its code',
      async () => (await share(server, wanda.memberId, { kind: 'activity', ...live }, true)).token,
    ],
  ];

  it.each(cases)(
    'answers 404 "Share not found" on every call for %s, and writes nothing',
    async (_name, tokenOf) => {
      const token = await tokenOf();
      for (const [call, body] of CALLS) {
        const res = await post(server, call, body(token));
        expect([call, res.statusCode, res.json()]).toEqual([call, 404, SHARE_NOT_FOUND]);
      }
      await expectNothingWritten();
    },
  );

  it("reaches none of the member's ids with a valid share of another member", async () => {
    const { token } = await share(server, olaf.memberId, {
      kind: 'journey',
      startMs: T0 - DAY,
      endMs: T0 + DAY,
    });
    expect((await post(server, 'activity-sharing', { ShareToken: token })).statusCode).toBe(200);
    for (const [call, body] of CALLS.slice(1)) {
      const res = await post(server, call, body(token));
      const what = call.startsWith('alert-') ? 'alert' : 'activity';
      expect([call, res.statusCode, res.json()]).toEqual([
        call,
        404,
        { ErrorCode: 'NOT_FOUND', Error: `No such ${what}` },
      ]);
    }
    await expectNothingWritten();
  });

  it('answers "Share not found" once the shared activity is deleted (the share goes with it)', async () => {
    const { db } = server.database;
    const doomed = await insertActivity(db, wanda.memberId, T0 - 10 * DAY);
    const { token } = await share(server, wanda.memberId, { kind: 'activity', activityId: doomed });
    await db.deleteFrom('activities').where('activity_id', '=', doomed).execute();
    const res = await post(server, 'activity-sharing', { ShareToken: token });
    expect([res.statusCode, res.json()]).toEqual([404, SHARE_NOT_FOUND]);
  });
});
