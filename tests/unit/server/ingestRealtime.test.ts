import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newIngestKey } from '../../../server/devices/ingestKey';
import type { IngestPoint } from '../../../src/api/ingest';
import { EntityChanges, TelemetryWearerUpdate } from '../../../src/api/socket';
import { memberIntegrationToken, registerListeningTestServer } from './signedUpMember';
import { connectProbe, type Probe } from './socketProbe';

/*
 * Issue 5 item 5: a socket verified with a member token gets TelemetryWearerUpdate for that member's
 * live activity after the ingest commits, and nothing of other members (server/telemetry/ingestPublication.ts).
 */

const VERIFY_URL = '/api/member-integration-public/verify-socket-user';

const server = registerListeningTestServer();

const probes: Probe[] = [];

/** Connects a websocket and verifies it with `token`. */
async function verifiedSocket(token: string): Promise<Probe> {
  const probe = await connectProbe(server.origin, probes);
  const res = await server.app.inject({
    method: 'POST',
    url: VERIFY_URL,
    payload: { MemberIntegrationToken: token, SocketID: probe.id },
  });
  expect(res.json()).toEqual({ Success: true });
  return probe;
}

let alice: Probe;
let bob: Probe;
let aliceWearer = 0;
let key = '';

beforeAll(async () => {
  const tokens: string[] = [];
  for (const email of ['alice@example.com', 'bob@example.com']) {
    tokens.push(await memberIntegrationToken(server.app, server.database.db, server.origin, email));
  }
  const row = await server.database.db
    .selectFrom('members')
    .select(['member_id', 'wearer_id'])
    .where('email', '=', 'alice@example.com')
    .executeTakeFirstOrThrow();
  aliceWearer = row.wearer_id;
  key = newIngestKey();
  await server.database.db
    .insertInto('devices')
    .values({
      atlas_device_id: 'ingest-realtime-1',
      imei: '358888000099991',
      device_type: 'SMARTPHONE_APP',
      device_nickname: 'Phone',
      member_id: row.member_id,
      ingest_key: key,
      registered_at: new Date(),
    })
    .execute();
  alice = await verifiedSocket(tokens[0] ?? '');
  bob = await verifiedSocket(tokens[1] ?? '');
});

afterAll(() => {
  for (const probe of probes) probe.socket.disconnect();
});

async function postBatch(points: IngestPoint[]) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/ingest/batch',
    payload: { IngestKey: key, Points: points, Events: [] },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ Accepted: number; Duplicates: number }>();
}

describe('ingest → member sockets (issue 5 item 5)', () => {
  const start = Date.now() - 60_000;
  // Posted out of order: the update carries them in time order.
  const points: IngestPoint[] = [
    { Time: start + 20_000, Lat: 58.9703, Lon: 5.7335, Hacc: 5, Alt: 14, Speed: 1.4, Bearing: 360 },
    { Time: start, Lat: 58.9699, Lon: 5.7331, Hacc: 4, Alt: 12, Speed: 1.2, Battery: 81 },
    { Time: start + 10_000, Lat: 58.9701, Lon: 5.7333, Hacc: 4, Alt: 13, Battery: 80 },
  ];

  it("sends the member's sockets the new points and the new activity after the commit, and nothing to others", async () => {
    expect(await postBatch(points)).toEqual({ Accepted: 3, Duplicates: 0 });
    const update = TelemetryWearerUpdate.parse(await alice.nth('TelemetryWearerUpdate', 1));
    const changes = EntityChanges.parse(await alice.nth('EntityChanges', 1));

    const activityId = update.ActivityId;
    expect(activityId).not.toBeNull();
    expect(update).toMatchObject({
      WearerID: aliceWearer,
      Points: [
        { Time: start, X: 5.7331, Y: 58.9699, Hacc: 4, Alt: 12, Speed: 1.2 },
        { Time: start + 10_000, X: 5.7333, Y: 58.9701, Hacc: 4, Alt: 13, Speed: null },
        { Time: start + 20_000, X: 5.7335, Y: 58.9703, Hacc: 5, Alt: 14, Speed: 1.4 },
      ],
      Battery: 80,
      Status: 'ACTIVE',
      Heading: 0,
    });
    expect(update.ActivityStats?.Distance.Meters).toBeGreaterThan(0);
    expect(changes).toEqual([
      {
        EntityType: 'Activity',
        EntityId: activityId,
        ChangeType: 'created',
        Timestamp: expect.any(Number) as number,
        WearerID: aliceWearer,
        ActivityId: activityId,
      },
    ]);

    await bob.ping();
    expect(bob.received('TelemetryWearerUpdate')).toEqual([]);
    expect(bob.received('EntityChanges')).toEqual([]);
  });

  it('publishes no points for duplicates; new points extend the same activity by telemetry alone', async () => {
    expect(await postBatch(points)).toEqual({ Accepted: 0, Duplicates: 3 });
    await alice.ping();
    expect(alice.received('TelemetryWearerUpdate')).toHaveLength(1);
    expect(alice.received('EntityChanges')).toHaveLength(1);

    const next: IngestPoint = { Time: start + 30_000, Lat: 58.9705, Lon: 5.7337, Bearing: 90 };
    expect(await postBatch([points[0] as IngestPoint, next])).toEqual({
      Accepted: 1,
      Duplicates: 1,
    });
    const first = TelemetryWearerUpdate.parse(alice.received('TelemetryWearerUpdate')[0]);
    const update = TelemetryWearerUpdate.parse(await alice.nth('TelemetryWearerUpdate', 2));
    expect(update.ActivityId).toBe(first.ActivityId);
    expect(update.Points.map((p) => p.Time)).toEqual([next.Time]);
    expect(update).toMatchObject({ Battery: null, Heading: 90, Status: 'ACTIVE' });
    // The extension's stats travel in the update; no EntityChanges makes open details reload.
    expect(update.ActivityStats?.Distance.Meters).toBeGreaterThan(
      first.ActivityStats?.Distance.Meters ?? Infinity,
    );
    await alice.ping();
    expect(alice.received('EntityChanges')).toHaveLength(1);
    await bob.ping();
    expect(bob.events.map((e) => e.event)).toEqual(['SocketInit', 'SocketInit', 'SocketInit']);
  });

  it('tells EntityChanges when a late point re-cuts the activity', async () => {
    const late: IngestPoint = { Time: start + 5_000, Lat: 58.97, Lon: 5.7332 };
    expect(await postBatch([late])).toEqual({ Accepted: 1, Duplicates: 0 });
    const first = TelemetryWearerUpdate.parse(alice.received('TelemetryWearerUpdate')[0]);
    const update = TelemetryWearerUpdate.parse(await alice.nth('TelemetryWearerUpdate', 3));
    expect(update).toMatchObject({ ActivityId: first.ActivityId, Points: [{ Time: late.Time }] });
    expect(EntityChanges.parse(await alice.nth('EntityChanges', 2))).toMatchObject([
      { EntityId: first.ActivityId, ChangeType: 'updated' },
    ]);
  });

  it('tells EntityChanges when a tracking stop closes the activity', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/ingest/batch',
      payload: {
        IngestKey: key,
        Points: [],
        Events: [{ Time: start + 40_000, Type: 'TRACKING_STOP' }],
      },
    });
    expect(res.json()).toEqual({ Accepted: 1, Duplicates: 0 });
    const first = TelemetryWearerUpdate.parse(alice.received('TelemetryWearerUpdate')[0]);
    expect(EntityChanges.parse(await alice.nth('EntityChanges', 3))).toMatchObject([
      { EntityId: first.ActivityId, ChangeType: 'updated' },
    ]);
  });
});
