import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARES_PER_SOCKET_MAX } from '../../../../server/realtime/rooms';
import { memberIntegrationTokens, registerListeningTestServer } from '../signedUpMember';
import { connectProbe, type Probe } from '../socketProbe';
import { insertActivity } from './shareFixtures';

/*
 * One socket watching several shares (issue 8 item 6, the operator monitor; docs/monitor.md): share
 * identities accumulate on a socket up to SHARES_PER_SOCKET_MAX, a member identity never mixes with
 * them, revoking one share takes only that share's rooms from a socket that watches others, and so
 * does the socket's own LEAVE_SHARE (the monitor removed the share).
 */

const server = registerListeningTestServer();
const VERIFY_URL = '/api/member-integration-public/verify-socket-user';
const probes: Probe[] = [];
const EMAILS = ['ann@example.com', 'ben@example.com', 'cat@example.com'] as const;
type Person = { token: string; memberId: number; wearerId: number; activityId: number };
let ann: Person;
let ben: Person;
let cat: Person;

beforeAll(async () => {
  const tokens = await memberIntegrationTokens(server, EMAILS);
  const people: Person[] = [];
  for (const [index, email] of EMAILS.entries()) {
    const row = await server.database.db
      .selectFrom('members')
      .select(['member_id', 'wearer_id'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const activityId = await insertActivity(server.database.db, row.member_id, Date.now() - 60_000);
    people.push({
      token: tokens[index] ?? '',
      memberId: row.member_id,
      wearerId: row.wearer_id,
      activityId,
    });
  }
  [ann, ben, cat] = people as [Person, Person, Person];
});

afterAll(() => {
  for (const probe of probes) probe.close();
});

async function share(person: Person): Promise<{ ShareId: string; ShareToken: string }> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/member-integration/share-activity',
    headers: { authorization: `Bearer ${person.token}` },
    payload: { ActivityId: person.activityId },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function revoke(person: Person, ShareId: string): Promise<void> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/member-integration/share-revoke',
    headers: { authorization: `Bearer ${person.token}` },
    payload: { ShareId },
  });
  expect(res.json()).toEqual({ RevokeStatus: true });
}

async function verify(body: object): Promise<unknown> {
  const res = await server.app.inject({ method: 'POST', url: VERIFY_URL, payload: body });
  return res.json();
}

const update = (person: Person, Time = Date.now()) => ({
  WearerID: person.wearerId,
  ActivityId: person.activityId,
  Points: [{ Time, X: 6.05, Y: 59.01, Hacc: 5, Alt: null, Speed: 1.2 }],
  Battery: 80,
  Status: 'ACTIVE' as const,
  Heading: null,
});

describe('a socket watching several shares', () => {
  it('joins every verified share’s rooms and hears their telemetry, nothing of a third member', async () => {
    const [annShare, benShare] = [await share(ann), await share(ben)];
    const monitor = await connectProbe(server.origin, probes);
    for (const shared of [annShare, benShare]) {
      expect(await verify({ ShareToken: shared.ShareToken, SocketID: monitor.id })).toEqual({
        Success: true,
      });
    }
    expect(new Set(await server.app.realtime.roomsOf(monitor.id))).toEqual(
      new Set([
        monitor.id,
        `share:${annShare.ShareId}`,
        `activity:${ann.activityId}`,
        `share:${benShare.ShareId}`,
        `activity:${ben.activityId}`,
      ]),
    );

    server.app.realtime.publishTelemetry(cat.memberId, update(cat));
    server.app.realtime.publishTelemetry(ann.memberId, update(ann));
    server.app.realtime.publishTelemetry(ben.memberId, update(ben));
    await monitor.nth('TelemetryWearerUpdate', 2);
    // A later marker: by the time it arrives, a misrouted update of the third member would have too.
    server.app.realtime.publishTelemetry(ann.memberId, update(ann));
    await monitor.nth('TelemetryWearerUpdate', 3);
    await monitor.ping();
    const heard = monitor.received('TelemetryWearerUpdate') as { WearerID: number }[];
    expect(heard.map((u) => u.WearerID).sort()).toEqual(
      [ann.wearerId, ann.wearerId, ben.wearerId].sort(),
    );
  });

  it('never mixes a member with shares: a share leaves the member’s rooms, a member the shares’', async () => {
    const annShare = await share(ann);
    const socket = await connectProbe(server.origin, probes);
    await verify({ MemberIntegrationToken: ben.token, SocketID: socket.id });
    expect(await verify({ ShareToken: annShare.ShareToken, SocketID: socket.id })).toEqual({
      Success: true,
    });
    expect(await server.app.realtime.roomsOf(socket.id)).toEqual([
      socket.id,
      `share:${annShare.ShareId}`,
      `activity:${ann.activityId}`,
    ]);
    await verify({ MemberIntegrationToken: cat.token, SocketID: socket.id });
    expect(await server.app.realtime.roomsOf(socket.id)).toEqual([
      socket.id,
      `member:${cat.memberId}`,
    ]);
  });

  it('revoking one share keeps the socket connected and watching the others', async () => {
    const [annShare, benShare, annAgain] = [await share(ann), await share(ben), await share(ann)];
    const monitor = await connectProbe(server.origin, probes);
    const single = await connectProbe(server.origin, probes);
    for (const shared of [annShare, benShare, annAgain]) {
      await verify({ ShareToken: shared.ShareToken, SocketID: monitor.id });
    }
    await verify({ ShareToken: benShare.ShareToken, SocketID: single.id });
    const singleGone = new Promise<string>((resolve) => single.socket.once('disconnect', resolve));

    await revoke(ben, benShare.ShareId);
    expect(await singleGone).toBe('io server disconnect');
    // The monitor is told the shared activity changed (its client reloads the share and finds it gone).
    const change = (await monitor.nth('EntityChanges', 1)) as { ActivityId: number }[];
    expect(change).toMatchObject([{ EntityType: 'Activity', ActivityId: ben.activityId }]);
    expect(monitor.socket.connected).toBe(true);
    expect(new Set(await server.app.realtime.roomsOf(monitor.id))).toEqual(
      new Set([
        monitor.id,
        `share:${annShare.ShareId}`,
        `share:${annAgain.ShareId}`,
        `activity:${ann.activityId}`,
      ]),
    );

    // A second share of the same activity keeps its room when the first is revoked.
    await revoke(ann, annShare.ShareId);
    await monitor.nth('EntityChanges', 2);
    expect(new Set(await server.app.realtime.roomsOf(monitor.id))).toEqual(
      new Set([monitor.id, `share:${annAgain.ShareId}`, `activity:${ann.activityId}`]),
    );
    const before = monitor.received('TelemetryWearerUpdate').length;
    server.app.realtime.publishTelemetry(ann.memberId, update(ann));
    await monitor.nth('TelemetryWearerUpdate', before + 1);
  });

  it('LEAVE_SHARE takes one verified share’s rooms off the socket, and nothing else', async () => {
    const [annShare, benShare, annAgain, catShare] = [
      await share(ann),
      await share(ben),
      await share(ann),
      await share(cat),
    ];
    const monitor = await connectProbe(server.origin, probes);
    for (const shared of [annShare, benShare, annAgain]) {
      await verify({ ShareToken: shared.ShareToken, SocketID: monitor.id });
    }
    const roomsNow = async () => new Set(await server.app.realtime.roomsOf(monitor.id));

    // A share the socket never verified, a tampered token, garbage: nothing changes.
    monitor.command({ Command: 'LEAVE_SHARE', ShareToken: catShare.ShareToken });
    monitor.command({ Command: 'LEAVE_SHARE', ShareToken: `${benShare.ShareToken}x` });
    monitor.command({ Command: 'LEAVE_SHARE', ShareToken: 'not-a-token' });
    await monitor.ping();
    expect((await roomsNow()).size).toBe(6);

    monitor.command({ Command: 'LEAVE_SHARE', ShareToken: benShare.ShareToken });
    await monitor.ping();
    expect(await roomsNow()).toEqual(
      new Set([
        monitor.id,
        `share:${annShare.ShareId}`,
        `share:${annAgain.ShareId}`,
        `activity:${ann.activityId}`,
      ]),
    );
    // Another share of the same activity keeps the activity's room.
    monitor.command({ Command: 'LEAVE_SHARE', ShareToken: annShare.ShareToken });
    await monitor.ping();
    expect(await roomsNow()).toEqual(
      new Set([monitor.id, `share:${annAgain.ShareId}`, `activity:${ann.activityId}`]),
    );

    // The left share's wearer is no longer heard; the one still watched is.
    server.app.realtime.publishTelemetry(ben.memberId, update(ben));
    server.app.realtime.publishTelemetry(ann.memberId, update(ann));
    await monitor.nth('TelemetryWearerUpdate', 1);
    await monitor.ping();
    const heard = monitor.received('TelemetryWearerUpdate') as { WearerID: number }[];
    expect(heard.map((u) => u.WearerID)).toEqual([ann.wearerId]);
    expect(monitor.socket.connected).toBe(true);
  });

  it(`answers Success false past ${SHARES_PER_SOCKET_MAX} shares, keeping the ones it has`, async () => {
    const tokens: string[] = [];
    for (let i = 0; i <= SHARES_PER_SOCKET_MAX; i += 1) tokens.push((await share(ann)).ShareToken);
    const monitor = await connectProbe(server.origin, probes);
    const answers = [];
    for (const ShareToken of tokens)
      answers.push(await verify({ ShareToken, SocketID: monitor.id }));
    expect(answers.slice(0, SHARES_PER_SOCKET_MAX)).toEqual(
      Array.from({ length: SHARES_PER_SOCKET_MAX }, () => ({ Success: true })),
    );
    expect(answers[SHARES_PER_SOCKET_MAX]).toEqual({ Success: false });
    // A share it already has verifies again.
    expect(await verify({ ShareToken: tokens[0], SocketID: monitor.id })).toEqual({
      Success: true,
    });
    const rooms = (await server.app.realtime.roomsOf(monitor.id)) ?? [];
    expect(rooms.filter((room) => room.startsWith('share:'))).toHaveLength(SHARES_PER_SOCKET_MAX);
  }, 60_000);
});
