import { beforeEach, describe, expect, it } from 'vitest';
import type { ActivityDetail } from '../../../../src/api/entities/activity';
import { EntityChanges } from '../../../../src/api/socket';
import {
  MINUTE,
  T0,
  addWearer,
  fix,
  ingest,
  post,
  registerViewingServer,
  share,
  sosActivity,
  viewerSocket,
  type ViewingServer,
  type Wearer,
} from './viewingServer';

/*
 * alert-add-note and alert-resolve-pause through a share (issue 8 item 4; app §6 "Notes and resolving
 * need a viewer id", §7; policy §4 "Alerts") on alerts the real ingest raised from an SOS, in virtual
 * time: notes, resolving (one winner among concurrent guardians), "no longer active", the activity's
 * status, the viewers' sockets, and the pause that holds later alerts and ends by itself.
 */

const server: ViewingServer = registerViewingServer();
const NOT_ACTIVE = { ErrorCode: 'ALERT_NOT_ACTIVE', Error: 'The alert is no longer active' };
const NO_SUCH_ALERT = { ErrorCode: 'NOT_FOUND', Error: 'No such alert' };
/** When the tests' guardians act: after the SOS of `sosActivity` (T0 + 90 s). */
const ACT_AT = T0 + 3 * MINUTE;
let wearerCount = 0;

/** A fresh wearer with an SOS alert open on a live activity, and an activity share of it. */
async function sosScene() {
  wearerCount += 1;
  const wearer = await addWearer(server, `wearer${wearerCount}@example.com`);
  server.now = T0 + 2 * MINUTE;
  const live = await sosActivity(server, wearer);
  const created = await share(server, wearer.memberId, { kind: 'activity', ...live });
  server.now = ACT_AT;
  return { wearer, ...live, token: created.token };
}

const note = (token: string, alertId: number, extra: object = {}) =>
  post(server, 'alert-add-note', {
    ShareToken: token,
    ShareViewerId: 'viewer-a',
    AlertID: alertId,
    GuardianName: 'Erik',
    NoteText: 'Calling the coastguard now.',
    ...extra,
  });

const resolve = (token: string, alertId: number, extra: object = {}) =>
  post(server, 'alert-resolve-pause', {
    ShareToken: token,
    ShareViewerId: 'viewer-a',
    AlertID: alertId,
    GuardianName: 'Erik',
    ResolveText: 'Spoke to her, she is safe ashore.',
    PauseMinutes: 0,
    ...extra,
  });

const alertRow = (alertId: number) =>
  server.database.db
    .selectFrom('alerts')
    .selectAll()
    .where('alert_id', '=', alertId)
    .executeTakeFirstOrThrow();

const notesOf = (alertId: number) =>
  server.database.db
    .selectFrom('alert_notes')
    .selectAll()
    .where('alert_id', '=', alertId)
    .orderBy('alert_note_id')
    .execute();

const activityStatus = async (activityId: number) =>
  (
    await server.database.db
      .selectFrom('activities')
      .select('status')
      .where('activity_id', '=', activityId)
      .executeTakeFirstOrThrow()
  ).status;

const pausedUntil = async (wearer: Wearer) =>
  (
    await server.database.db
      .selectFrom('members')
      .select('alerts_paused_until_ms')
      .where('member_id', '=', wearer.memberId)
      .executeTakeFirstOrThrow()
  ).alerts_paused_until_ms;

const openAlerts = async (wearer: Wearer) =>
  (
    await server.database.db
      .selectFrom('alerts')
      .select('alert_type')
      .where('member_id', '=', wearer.memberId)
      .where('close_state', '=', 'OPEN')
      .orderBy('alert_id')
      .execute()
  ).map((row) => row.alert_type);

beforeEach(() => {
  server.now = ACT_AT;
});

describe('alert-add-note', () => {
  it('stores a guardian’s note on an open alert; the viewers hear it and see it', async () => {
    const scene = await sosScene();
    const socket = await viewerSocket(server, scene.token);
    const res = await note(scene.token, scene.alertId);
    expect([res.statusCode, res.json()]).toEqual([200, { Success: true }]);
    expect(await notesOf(scene.alertId)).toMatchObject([
      {
        actor_type: 'GUARDIAN',
        guardian_name: 'Erik',
        share_viewer_id: 'viewer-a',
        note_text: 'Calling the coastguard now.',
        created_ms: ACT_AT,
      },
    ]);
    expect((await alertRow(scene.alertId)).updated_ms).toBe(ACT_AT);

    const changes = EntityChanges.parse(await socket.nth('EntityChanges', 1));
    expect(changes).toEqual([
      {
        EntityType: 'Alert',
        EntityId: scene.alertId,
        ChangeType: 'updated',
        Timestamp: ACT_AT,
        WearerID: scene.wearer.wearerId,
        ActivityId: scene.activityId,
      },
    ]);
    const view = await post(server, 'activity-sharing', { ShareToken: scene.token });
    const activity = view.json<{ Activity: ActivityDetail }>().Activity;
    expect(activity.Alerts?.[0]?.Notes).toMatchObject([
      { AuthorName: 'Erik', ActorType: 'GUARDIAN', NoteText: 'Calling the coastguard now.' },
    ]);
    expect(activity.Timeline?.map((item) => item.TimelineItemType)).toContain('ALERT_NOTE');
  });
});

describe('alert-resolve-pause', () => {
  it('resolves the alert as the guardian; the activity becomes RESOLVED and the viewers hear both', async () => {
    const scene = await sosScene();
    const socket = await viewerSocket(server, scene.token);
    expect(await activityStatus(scene.activityId)).toBe('ASSISTANCE');
    const res = await resolve(scene.token, scene.alertId);
    expect([res.statusCode, res.json()]).toEqual([200, { Success: true }]);
    expect(await alertRow(scene.alertId)).toMatchObject({
      close_state: 'CLOSED_BY_USER',
      closure_reason: null,
      closed_by_actor: 'GUARDIAN',
      closed_by_name: 'Erik',
      resolve_text: 'Spoke to her, she is safe ashore.',
      closed_ms: ACT_AT,
      updated_ms: ACT_AT,
      paused_until_ms: null,
    });
    expect(await activityStatus(scene.activityId)).toBe('RESOLVED');
    expect(await pausedUntil(scene.wearer)).toBeNull();
    // The member's alert watch stays on while the resolve may hold an alert (alertState.ts `held`).
    const watch = await server.database.db
      .selectFrom('members')
      .select('alert_holds_until_ms')
      .where('member_id', '=', scene.wearer.memberId)
      .executeTakeFirstOrThrow();
    expect(watch.alert_holds_until_ms).toBe(ACT_AT + 24 * 60 * MINUTE);

    const changes = EntityChanges.parse(await socket.nth('EntityChanges', 1));
    expect(
      changes.map((change) => [change.EntityType, change.EntityId, change.ChangeType]),
    ).toEqual([
      ['Alert', scene.alertId, 'updated'],
      ['Activity', scene.activityId, 'updated'],
    ]);
    const view = await post(server, 'activity-sharing', { ShareToken: scene.token });
    const activity = view.json<{ Activity: ActivityDetail }>().Activity;
    expect(activity.Status).toBe('RESOLVED');
    expect(activity.Alerts?.[0]).toMatchObject({
      CloseState: 'CLOSED_BY_USER',
      ClosedByActorType: 'GUARDIAN',
      ClosedByName: 'Erik',
      ResolveText: 'Spoke to her, she is safe ashore.',
      TimestampClosed: ACT_AT,
    });
  });

  it('answers "The alert is no longer active" to any action on a resolved alert, writing nothing', async () => {
    const scene = await sosScene();
    expect((await resolve(scene.token, scene.alertId)).statusCode).toBe(200);
    const closed = await alertRow(scene.alertId);
    server.now = ACT_AT + MINUTE;
    for (const act of [note, resolve]) {
      const res = await act(scene.token, scene.alertId, { GuardianName: 'Bea' });
      expect([res.statusCode, res.json()]).toEqual([409, NOT_ACTIVE]);
    }
    expect(await alertRow(scene.alertId)).toEqual(closed);
    expect(await notesOf(scene.alertId)).toEqual([]);
  });

  it('lets exactly one of several guardians resolving at once succeed', async () => {
    const scene = await sosScene();
    const guardians = ['Ada', 'Bea', 'Cai', 'Dag', 'Eir'];
    const answers = await Promise.all(
      guardians.map((name, i) =>
        resolve(scene.token, scene.alertId, { GuardianName: name, ShareViewerId: `viewer-${i}` }),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(guardians.length - 1);
    for (const res of answers.filter((answer) => answer.statusCode === 409)) {
      expect(res.json()).toEqual(NOT_ACTIVE);
    }
    const winner = guardians[codes.indexOf(200)];
    expect((await alertRow(scene.alertId)).closed_by_name).toBe(winner);
  });

  it('pauses the wearer’s automatic alerts: a low battery is held, an SOS is not, and the pause ends by itself', async () => {
    const scene = await sosScene();
    const res = await resolve(scene.token, scene.alertId, { PauseMinutes: 30 });
    expect(res.statusCode, res.body).toBe(200);
    const pauseEnd = ACT_AT + 30 * MINUTE;
    expect(await pausedUntil(scene.wearer)).toBe(pauseEnd);
    expect((await alertRow(scene.alertId)).paused_until_ms).toBe(pauseEnd);

    const battery = async (minutesAfter: number, percent: number) => {
      server.now = ACT_AT + minutesAfter * MINUTE;
      const seconds = (server.now - T0) / 1000;
      await ingest(
        server,
        scene.wearer,
        [fix(seconds, 0.002)],
        [{ Time: server.now, Type: 'BATTERY', Percent: percent }],
      );
    };
    await battery(10, 10);
    expect(await openAlerts(scene.wearer)).toEqual([]);

    // The wearer's own SOS is never held; resolving it with a shorter pause keeps the longer one.
    server.now = ACT_AT + 12 * MINUTE;
    await ingest(server, scene.wearer, [], [{ Time: server.now, Type: 'SOS' }]);
    const second = await server.database.db
      .selectFrom('alerts')
      .select('alert_id')
      .where('member_id', '=', scene.wearer.memberId)
      .where('close_state', '=', 'OPEN')
      .executeTakeFirstOrThrow();
    const again = await resolve(scene.token, second.alert_id, { PauseMinutes: 5 });
    expect(again.statusCode, again.body).toBe(200);
    expect((await alertRow(second.alert_id)).paused_until_ms).toBe(server.now + 5 * MINUTE);
    expect(await pausedUntil(scene.wearer)).toBe(pauseEnd);

    await battery(29, 9);
    expect(await openAlerts(scene.wearer)).toEqual([]);
    await battery(30, 9);
    expect(await openAlerts(scene.wearer)).toEqual(['BATTERY_LOW']);
  });
});

describe('viewer id and scope', () => {
  it.each([
    ['alert-add-note', note],
    ['alert-resolve-pause', resolve],
  ])(
    '%s needs a viewer id (400 body.ShareViewerId) and writes nothing without one',
    async (_call, act) => {
      const scene = await sosScene();
      const before = await alertRow(scene.alertId);
      for (const viewer of [undefined, '']) {
        const res = await act(scene.token, scene.alertId, { ShareViewerId: viewer });
        expect(res.statusCode).toBe(400);
        const body = res.json<{ ErrorCode: string; Issues: { Path: string }[] }>();
        expect(body.ErrorCode).toBe('REQUEST_INVALID');
        expect(body.Issues.map((issue) => issue.Path)).toEqual(['body.ShareViewerId']);
      }
      expect(await alertRow(scene.alertId)).toEqual(before);
      expect(await notesOf(scene.alertId)).toEqual([]);
    },
  );

  it('a journey share reaches the alerts opened in its window only, not later ones of its activities', async () => {
    wearerCount += 1;
    const wearer = await addWearer(server, `wearer${wearerCount}@example.com`);
    server.now = T0 + 2 * MINUTE;
    // The SOS is at T0 + 90 s, during the activity that started at T0.
    const live = await sosActivity(server, wearer);
    const before = await share(server, wearer.memberId, {
      kind: 'journey',
      startMs: T0 - MINUTE,
      endMs: T0 + MINUTE,
    });
    const around = await share(server, wearer.memberId, {
      kind: 'journey',
      startMs: T0 - MINUTE,
      endMs: T0 + 2 * MINUTE,
    });
    server.now = ACT_AT;
    const alertsSeen = async (token: string) =>
      (
        await post(server, 'shared-journey-activity', {
          ShareToken: token,
          ActivityId: live.activityId,
        })
      )
        .json<{ Activity: ActivityDetail }>()
        .Activity.Alerts?.map((alert) => alert.AlertID);
    // The activity overlaps both windows; its SOS came after the first one ended.
    expect(await alertsSeen(before.token)).toEqual([]);
    expect(await alertsSeen(around.token)).toEqual([live.alertId]);
    for (const act of [note, resolve]) {
      const res = await act(before.token, live.alertId);
      expect([res.statusCode, res.json()]).toEqual([404, NO_SUCH_ALERT]);
    }
    expect(await notesOf(live.alertId)).toEqual([]);
    expect(await openAlerts(wearer)).toEqual(['ASSISTANCE']);
    const noted = await note(around.token, live.alertId);
    expect(noted.statusCode, noted.body).toBe(200);
  });

  it('reaches no alert outside the share: another member’s, another activity’s, an unknown one', async () => {
    const scene = await sosScene();
    const other = await sosScene();
    // A later activity of the same wearer, with its own SOS alert, is not in the activity share.
    await resolve(scene.token, scene.alertId);
    server.now = ACT_AT + 20 * MINUTE;
    await ingest(
      server,
      scene.wearer,
      [fix(20 * 60 + 100)],
      [
        { Time: T0 + (20 * 60 + 100) * 1000, Type: 'TRACKING_START', ActivityType: 'HIKING' },
        { Time: T0 + (20 * 60 + 110) * 1000, Type: 'SOS' },
      ],
    );
    const later = await server.database.db
      .selectFrom('alerts')
      .select(['alert_id', 'activity_id'])
      .where('member_id', '=', scene.wearer.memberId)
      .where('close_state', '=', 'OPEN')
      .executeTakeFirstOrThrow();
    expect(later.activity_id).not.toBe(scene.activityId);
    for (const alertId of [other.alertId, later.alert_id, 987_654_321]) {
      for (const act of [note, resolve]) {
        const res = await act(scene.token, alertId);
        expect([res.statusCode, res.json()]).toEqual([404, NO_SUCH_ALERT]);
      }
    }
    expect(await openAlerts(other.wearer)).toEqual(['ASSISTANCE']);
    expect(await openAlerts(scene.wearer)).toEqual(['ASSISTANCE']);
    expect(await notesOf(other.alertId)).toEqual([]);
  });
});
