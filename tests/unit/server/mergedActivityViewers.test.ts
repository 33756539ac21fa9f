import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestPoint } from '../../../src/api/ingest';
import { EntityChanges, TelemetryWearerUpdate } from '../../../src/api/socket';
import { activityIdsOf, addTestDevice, type TestDevice } from './deviceFixtures';
import { memberIntegrationTokens, registerListeningTestServer } from './signedUpMember';
import { connectProbe, type Probe } from './socketProbe';

/*
 * A guardian watching an activity that late fixes merge into the one before it (issue 8 item 2, live
 * telemetry; docs/decisions.md "Alert close states": a re-cut moves the merged activity's shares onto
 * the activity that took it over): the viewer's socket follows the share to that activity and hears
 * the merged one's deletion, then the wearer's next fixes, without reconnecting. Before, it stayed in
 * the deleted activity's room and heard nothing more until the page was reloaded.
 */

const server = registerListeningTestServer();
const probes: Probe[] = [];
const MINUTE = 60_000;
let token = '';
let device: TestDevice;

beforeAll(async () => {
  [token] = await memberIntegrationTokens(server, ['alice@example.com'] as const);
  const row = await server.database.db
    .selectFrom('members')
    .select('member_id')
    .where('email', '=', 'alice@example.com')
    .executeTakeFirstOrThrow();
  device = await addTestDevice(server.database.db, row.member_id);
});

afterAll(() => {
  for (const probe of probes) probe.close();
});

/** A fix every `stepMs` from `fromMs` to `toMs` (inclusive), moving north along the Oslofjord. */
function fixes(fromMs: number, toMs: number, stepMs: number): IngestPoint[] {
  const points: IngestPoint[] = [];
  for (let time = fromMs; time <= toMs; time += stepMs) {
    points.push({ Time: time, Lat: 59.8 + (time - fromMs) / 1e9, Lon: 10.6, Hacc: 5, Speed: 1.2 });
  }
  return points;
}

async function ingest(points: IngestPoint[]): Promise<void> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/ingest/batch',
    payload: { IngestKey: device.key, Points: points, Events: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

function activityIds(): Promise<number[]> {
  return activityIdsOf(server.database.db, device);
}

describe('share viewers of a merged activity', () => {
  it('follow the share to the activity that took it over and hear the wearer live', async () => {
    const t0 = Date.now() - 180 * MINUTE;
    await ingest(fixes(t0, t0 + 10 * MINUTE, MINUTE));
    // 50 minutes of silence: a second activity.
    await ingest(fixes(t0 + 60 * MINUTE, t0 + 70 * MINUTE, MINUTE));
    const [first, second] = await activityIds();
    expect(second).toBeDefined();

    const shared = await server.app.inject({
      method: 'POST',
      url: '/api/member-integration/share-activity',
      headers: { authorization: `Bearer ${token}` },
      payload: { ActivityId: second },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const shareToken = shared.json<{ ShareToken: string }>().ShareToken;
    const viewer = await connectProbe(server.origin, probes);
    const verified = await server.app.inject({
      method: 'POST',
      url: '/api/member-integration-public/verify-socket-user',
      payload: { ShareToken: shareToken, SocketID: viewer.id },
    });
    expect(verified.json()).toEqual({ Success: true });

    // The phone's stored-up fixes of the silent stretch arrive: the two activities are one.
    await ingest(fixes(t0 + 15 * MINUTE, t0 + 55 * MINUTE, 5 * MINUTE));
    expect(await activityIds()).toEqual([first]);
    await viewer.ping();
    const changes = viewer.received('EntityChanges').flatMap((batch) => EntityChanges.parse(batch));
    expect(changes).toContainEqual(
      expect.objectContaining({ EntityType: 'Activity', EntityId: second, ChangeType: 'deleted' }),
    );

    // The wearer's next fix reaches the viewer, in the activity the share now shows.
    const before = viewer.received('TelemetryWearerUpdate').length;
    await ingest(fixes(t0 + 71 * MINUTE, t0 + 71 * MINUTE, MINUTE));
    const update = TelemetryWearerUpdate.parse(
      await viewer.nth('TelemetryWearerUpdate', before + 1),
    );
    expect(update.ActivityId).toBe(first);
    expect(update.Points.map((point) => point.Time)).toEqual([t0 + 71 * MINUTE]);

    // The same link opens the activity that took the merged one over, and a page opened or
    // reconnected now verifies its socket with it and hears the wearer.
    const reloaded = await server.app.inject({
      method: 'POST',
      url: '/api/member-integration-public/activity-sharing',
      payload: { ShareToken: shareToken },
    });
    expect(reloaded.statusCode, reloaded.body).toBe(200);
    expect(reloaded.json<{ Activity: { ActivityId: number } }>().Activity.ActivityId).toBe(first);
    const later = await connectProbe(server.origin, probes);
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/member-integration-public/verify-socket-user',
      payload: { ShareToken: shareToken, SocketID: later.id },
    });
    expect(again.json()).toEqual({ Success: true });
    await ingest(fixes(t0 + 72 * MINUTE, t0 + 72 * MINUTE, MINUTE));
    const heard = TelemetryWearerUpdate.parse(await later.nth('TelemetryWearerUpdate', 1));
    expect(heard.ActivityId).toBe(first);
  });
});
