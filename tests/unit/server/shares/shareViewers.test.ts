import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../identity/identityKit';
import { memberIntegrationTokens, registerListeningTestServer } from '../signedUpMember';
import { connectProbe, EVENT_TIMEOUT_MS, type Probe } from '../socketProbe';
import { buildTestServer } from '../testServer';
import { insertActivity } from './shareFixtures';

/*
 * Share viewers' sockets (issue 8 item 1; spec app §7 verify-socket-user with a ShareToken;
 * ARCHITECTURE.md §5): a viewer verified with a share token is in its share's room, and revoking the
 * share disconnects it on every server node, leaving other shares' viewers connected.
 */

const server = registerListeningTestServer();
const VERIFY_URL = '/api/member-integration-public/verify-socket-user';
const probes: Probe[] = [];
let nodeB: FastifyInstance;
let originB = '';
let memberToken = '';
let activityId = 0;

beforeAll(async () => {
  [memberToken] = await memberIntegrationTokens(server, ['alice@example.com'] as const);
  const row = await server.database.db
    .selectFrom('members')
    .select('member_id')
    .where('email', '=', 'alice@example.com')
    .executeTakeFirstOrThrow();
  activityId = await insertActivity(server.database.db, row.member_id, Date.now() - 3_600_000);
  // A second server process on the same database: the cluster of ARCHITECTURE.md §2.
  nodeB = await buildTestServer(server.database.db);
  originB = await listen(nodeB);
  await Promise.all([server.app.realtime.ready(), nodeB.realtime.ready()]);
});

afterAll(async () => {
  for (const probe of probes) probe.close();
  await nodeB.close();
});

const memberCall = (call: string, payload: object) =>
  server.app.inject({
    method: 'POST',
    url: `/api/member-integration/${call}`,
    headers: { authorization: `Bearer ${memberToken}` },
    payload,
  });

async function share(payload: object = {}): Promise<{ ShareId: string; ShareToken: string }> {
  const res = await memberCall('share-activity', { ActivityId: activityId, ...payload });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function verify(app: FastifyInstance, body: object): Promise<unknown> {
  const res = await app.inject({ method: 'POST', url: VERIFY_URL, payload: body });
  return res.json();
}

/** The reason `probe` is disconnected with; fails the test if it is still connected after the bound. */
function disconnection(probe: Probe): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`socket ${probe.id} was not disconnected within ${EVENT_TIMEOUT_MS} ms`));
    }, EVENT_TIMEOUT_MS);
    probe.socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

describe('share viewer sockets', () => {
  it('joins a viewer verified with a share token to its share room and its activity, nothing else', async () => {
    const shared = await share();
    const viewer = await connectProbe(server.origin, probes);
    expect(
      await verify(server.app, { ShareToken: shared.ShareToken, SocketID: viewer.id }),
    ).toEqual({ Success: true });
    expect(await server.app.realtime.roomsOf(viewer.id)).toEqual([
      viewer.id,
      `share:${shared.ShareId}`,
      `activity:${activityId}`,
    ]);
  });

  it('a viewer hears its activity’s telemetry and changes, and nothing else of the member', async () => {
    const shared = await share();
    const viewer = await connectProbe(server.origin, probes);
    await verify(server.app, { ShareToken: shared.ShareToken, SocketID: viewer.id });
    const member = await server.database.db
      .selectFrom('members')
      .select(['member_id', 'wearer_id'])
      .where('email', '=', 'alice@example.com')
      .executeTakeFirstOrThrow();
    const other = await insertActivity(server.database.db, member.member_id, Date.now() - 60_000);
    const update = (ActivityId: number) => ({
      WearerID: member.wearer_id,
      ActivityId,
      Points: [{ Time: Date.now(), X: 6.05, Y: 59.01, Hacc: 5, Alt: null, Speed: 1.2 }],
      Battery: 80,
      Status: 'ACTIVE' as const,
      Heading: null,
    });
    const change = (ActivityId: number) => ({
      EntityType: 'Activity' as const,
      EntityId: ActivityId,
      ChangeType: 'updated' as const,
      Timestamp: Date.now(),
      WearerID: member.wearer_id,
      ActivityId,
    });
    const shown = { update: update(activityId), change: change(activityId) };
    server.app.realtime.publishTelemetry(member.member_id, update(other));
    server.app.realtime.publishTelemetry(member.member_id, shown.update);
    server.app.realtime.publishEntityChanges(member.member_id, [change(other), shown.change]);
    // The cluster adapter publishes each emit through PostgreSQL before delivering it, so emits may
    // arrive in any order: wait for both, then for a later marker, by which time any misrouted
    // event of the other activity would have arrived too.
    await viewer.nth('TelemetryWearerUpdate', 1);
    await viewer.nth('EntityChanges', 1);
    const marker = update(activityId);
    server.app.realtime.publishTelemetry(member.member_id, marker);
    await viewer.nth('TelemetryWearerUpdate', 2);
    await viewer.ping();
    expect(viewer.received('TelemetryWearerUpdate')).toEqual([shown.update, marker]);
    expect(viewer.received('EntityChanges')).toEqual([[shown.change]]);
  });

  it("hears nothing of a change only the member sees (an alert's notifications)", async () => {
    const shared = await share();
    const viewer = await connectProbe(server.origin, probes);
    await verify(server.app, { ShareToken: shared.ShareToken, SocketID: viewer.id });
    const owner = await connectProbe(server.origin, probes);
    await verify(server.app, { MemberIntegrationToken: memberToken, SocketID: owner.id });
    const member = await server.database.db
      .selectFrom('members')
      .select(['member_id', 'wearer_id'])
      .where('email', '=', 'alice@example.com')
      .executeTakeFirstOrThrow();
    const change = (EntityType: 'Alert' | 'Activity', EntityId: number) => ({
      EntityType,
      EntityId,
      ChangeType: 'updated' as const,
      Timestamp: Date.now(),
      WearerID: member.wearer_id,
      ActivityId: activityId,
    });
    const notified = [change('Alert', 41)];
    const shown = [change('Activity', activityId)];
    server.app.realtime.publishEntityChanges(member.member_id, notified, { ownerOnly: true });
    // Once the member heard it, the owner-only emit went to every socket it was sent to; only then
    // the shown one is published, so a misrouted owner-only frame would reach the viewer first.
    expect(await owner.nth('EntityChanges', 1)).toEqual(notified);
    server.app.realtime.publishEntityChanges(member.member_id, shown);
    expect(await viewer.nth('EntityChanges', 1)).toEqual(shown);
    await viewer.ping();
    expect(viewer.received('EntityChanges')).toEqual([shown]);
  });

  it('refuses a revoked share, and a TOTP share without its code', async () => {
    const revoked = await share();
    await memberCall('share-revoke', { ShareId: revoked.ShareId });
    const withCode = await share({ WithTotp: true });
    const viewer = await connectProbe(server.origin, probes);
    for (const shareToken of [revoked.ShareToken, withCode.ShareToken]) {
      expect(await verify(server.app, { ShareToken: shareToken, SocketID: viewer.id })).toEqual({
        Success: false,
      });
    }
    expect(await server.app.realtime.roomsOf(viewer.id)).toEqual([viewer.id]);
  });

  it('disconnects the viewers of a revoked share on both nodes, and only those', async () => {
    const revoked = await share();
    const kept = await share();
    const here = await connectProbe(server.origin, probes);
    const there = await connectProbe(originB, probes);
    const other = await connectProbe(server.origin, probes);
    expect(await verify(server.app, { ShareToken: revoked.ShareToken, SocketID: here.id })).toEqual(
      {
        Success: true,
      },
    );
    expect(await verify(nodeB, { ShareToken: revoked.ShareToken, SocketID: there.id })).toEqual({
      Success: true,
    });
    expect(await verify(server.app, { ShareToken: kept.ShareToken, SocketID: other.id })).toEqual({
      Success: true,
    });

    const hereGone = disconnection(here);
    const thereGone = disconnection(there);
    const res = await memberCall('share-revoke', { ShareId: revoked.ShareId });
    expect(res.json()).toEqual({ RevokeStatus: true });
    // This node's viewer is gone by the time the revoke answers.
    expect(await server.app.realtime.roomsOf(here.id)).toBeNull();
    // A server-side disconnect: socket.io-client does not reconnect by itself.
    expect(await hereGone).toBe('io server disconnect');
    expect(await thereGone).toBe('io server disconnect');

    await other.ping();
    expect(other.socket.connected).toBe(true);
    expect(await server.app.realtime.roomsOf(other.id)).toContain(`share:${kept.ShareId}`);

    const again = await connectProbe(server.origin, probes);
    expect(
      await verify(server.app, { ShareToken: revoked.ShareToken, SocketID: again.id }),
    ).toEqual({ Success: false });
  });
});
