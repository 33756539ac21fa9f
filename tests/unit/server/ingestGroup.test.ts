import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestGroup, ingestTelemetry } from '../../../server/telemetry/ingest';
import type { AlertEngineDeps } from '../../../server/alerts/alertEngine';
import type { IngestInput } from '../../../server/telemetry/ingest';
import type { IngestEvent, IngestPoint } from '../../../src/api/ingest';
import { addTestDevice, addTestMember } from './deviceFixtures';
import { buildTestServer, createTestDatabase, type TestDatabase } from './testServer';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const SECOND = 1_000;

let database: TestDatabase;
let app: FastifyInstance;
let memberId = 0;

const addDevice = () => addTestDevice(database.db, memberId);

/** A short walk north from (60° N, 5° E), one fix every 5 s ending `NOW - endBeforeMs`. */
function walk(count: number, endBeforeMs = 0): IngestPoint[] {
  return Array.from({ length: count }, (_, i) => ({
    Time: NOW - endBeforeMs - (count - 1 - i) * 5 * SECOND,
    Lat: 60 + i * 0.0001,
    Lon: 5,
    Hacc: 5,
  }));
}

/** The device's activities and fixes without ids, to compare two devices' results. */
async function built(deviceId: number) {
  const activities = await database.db
    .selectFrom('activities')
    .select([
      'activity_type',
      'status',
      'timestamp_start_ms',
      'timestamp_end_ms',
      'opened_by',
      'closed_by',
      'distance_m',
      'duration_ms',
      'speed_max_mps',
    ])
    .where('device_id', '=', deviceId)
    .orderBy('timestamp_start_ms')
    .execute();
  const fixes = await database.db
    .selectFrom('location_points')
    .select(['device_time_ms', 'lat', 'lon'])
    .where('device_id', '=', deviceId)
    .orderBy('device_time_ms')
    .execute();
  return { activities, fixes };
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestServer(database.db);
  memberId = await addTestMember(database.db, {
    sub: 'group-member',
    email: 'group@example.com',
    nameFirst: 'Gro',
    nameLast: 'Up',
    activityTypes: ['KAYAKING'],
  });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('group commit of device requests (issue 5 item 8)', () => {
  it('stores each request of a group as it would be stored alone, answering in request order', async () => {
    const [alone, grouped, other] = [await addDevice(), await addDevice(), await addDevice()];
    const first = walk(6, 60 * SECOND);
    const next = [...walk(6).slice(2), first[1] as IngestPoint];
    for (const points of [first, next]) {
      await ingestTelemetry(database.db, alone.key, { points, events: [] }, NOW);
    }
    await ingestTelemetry(database.db, grouped.key, { points: first, events: [] }, NOW);
    const outcomes = await ingestGroup(database.db, [
      { ingestKey: grouped.key, input: { points: next, events: [] }, nowMs: NOW },
      { ingestKey: 'no-such-key', input: { points: walk(1), events: [] }, nowMs: NOW },
      { ingestKey: other.key, input: { points: walk(3), events: [] }, nowMs: NOW },
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual(['stored', 'unknown-key', 'stored']);
    // 4 new fixes and one re-sent; the other device's 3 fixes.
    expect(outcomes[0]).toMatchObject({ accepted: 4, duplicates: 1 });
    expect(outcomes[2]).toMatchObject({ accepted: 3, duplicates: 0 });
    const expected = await built(alone.deviceId);
    expect(expected.fixes).toHaveLength(10);
    expect(await built(grouped.deviceId)).toEqual(expected);
    expect((await built(other.deviceId)).fixes).toHaveLength(3);
    // What the server heard from each (their clock lags) is stored as it would be alone.
    const heard = await database.db
      .selectFrom('devices')
      .select(['device_id', 'heard_ms', 'heard_device_ms'])
      .where('device_id', 'in', [alone.deviceId, grouped.deviceId, other.deviceId])
      .orderBy('device_id')
      .execute();
    const newest = (points: readonly IngestPoint[]) => Math.max(...points.map((p) => p.Time));
    expect(heard).toEqual([
      { device_id: alone.deviceId, heard_ms: NOW, heard_device_ms: newest(next) },
      { device_id: grouped.deviceId, heard_ms: NOW, heard_device_ms: newest(next) },
      { device_id: other.deviceId, heard_ms: NOW, heard_device_ms: newest(walk(3)) },
    ]);
  });

  it('keeps what it heard from a device when a request brings nothing newer (late or re-sent)', async () => {
    const [lateAlone, lateGrouped] = [await addDevice(), await addDevice()];
    const heardOf = (deviceId: number) =>
      database.db
        .selectFrom('devices')
        .select(['heard_ms', 'heard_device_ms'])
        .where('device_id', '=', deviceId)
        .executeTakeFirstOrThrow();
    const track = walk(6);
    const first = { heard_ms: NOW, heard_device_ms: NOW };
    for (const device of [lateAlone, lateGrouped]) {
      await ingestTelemetry(database.db, device.key, { points: track, events: [] }, NOW);
      expect(await heardOf(device.deviceId)).toEqual(first);
    }
    // A minute later the devices send only an older fix again, and a late one between two others.
    const late = { ...(track[2] as IngestPoint), Time: (track[2]?.Time ?? 0) + 1 };
    const laterMs = NOW + 60 * SECOND;
    await ingestTelemetry(
      database.db,
      lateAlone.key,
      { points: [track[1] as IngestPoint, late], events: [] },
      laterMs,
    );
    await ingestGroup(database.db, [
      {
        ingestKey: lateGrouped.key,
        input: { points: [track[1] as IngestPoint, late], events: [] },
        nowMs: laterMs,
      },
      {
        ingestKey: (await addDevice()).key,
        input: { points: walk(2), events: [] },
        nowMs: laterMs,
      },
    ]);
    expect(await heardOf(lateAlone.deviceId)).toEqual(first);
    expect(await heardOf(lateGrouped.deviceId)).toEqual(first);
    // A newer fix is heard.
    const newer = { ...(track[5] as IngestPoint), Time: NOW + 5 * SECOND, Lat: 60.01 };
    await ingestTelemetry(database.db, lateAlone.key, { points: [newer], events: [] }, laterMs);
    expect(await heardOf(lateAlone.deviceId)).toEqual({
      heard_ms: laterMs,
      heard_device_ms: newer.Time,
    });
  });

  it('stores nothing of any request when one of them fails', async () => {
    const [good, bad] = [await addDevice(), await addDevice()];
    // Latitude 95 passes nothing in front of the database here; its check constraint refuses it.
    const group = ingestGroup(database.db, [
      { ingestKey: good.key, input: { points: walk(3), events: [] }, nowMs: NOW },
      {
        ingestKey: bad.key,
        input: { points: [{ Time: NOW, Lat: 95, Lon: 5 }], events: [] },
        nowMs: NOW,
      },
    ]);
    await expect(group).rejects.toThrow();
    expect(await built(good.deviceId)).toEqual({ activities: [], fixes: [] });
  });

  const alertDeps: AlertEngineDeps = { rescueRouter: () => [] };
  const request = (key: string, input: IngestInput) => ({ ingestKey: key, input, nowMs: NOW });
  const cancel: IngestEvent = { Type: 'CLOSE_ALERTS', Time: NOW - 10 * SECOND };

  /**
   * A member's phone and watch: the watch's fixes 40 to 30 s before now, then its SOS, so the
   * watch's activity is ASSISTANCE (RESOLVED once the alert is closed).
   */
  async function watchInAssistance() {
    const [phone, watch] = [await addDevice(), await addDevice()];
    await ingestGroup(
      database.db,
      [request(watch.key, { points: walk(3, 30 * SECOND), events: [] })],
      alertDeps,
    );
    const sos: IngestEvent = { Type: 'SOS', Time: NOW - 20 * SECOND };
    await ingestGroup(database.db, [request(watch.key, { points: [], events: [sos] })], alertDeps);
    const status = async () =>
      (
        await database.db
          .selectFrom('activities')
          .select('status')
          .where('device_id', '=', watch.deviceId)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status()).toBe('ASSISTANCE');
    return { phone, watch, status };
  }

  it("builds a member's second request of a group on what the first one's alerts changed", async () => {
    const { phone, watch, status } = await watchInAssistance();
    // In one group: the phone cancels the member's alerts, then the watch reports a fix.
    const outcomes = await ingestGroup(
      database.db,
      [
        request(phone.key, { points: [], events: [cancel] }),
        request(watch.key, { points: walk(1), events: [] }),
      ],
      alertDeps,
    );
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['stored', 'stored']);
    expect(await status()).toBe('RESOLVED');
  });

  it("answers a member's re-cut request with its activity as the whole group left it", async () => {
    const { phone, watch } = await watchInAssistance();
    // In one group: the watch's late fix (a re-cut), then the phone cancels the member's alerts.
    const [late] = walk(1, 33 * SECOND);
    const [watchOutcome] = await ingestGroup(
      database.db,
      [
        request(watch.key, { points: late ? [late] : [], events: [] }),
        request(phone.key, { points: [], events: [cancel] }),
      ],
      alertDeps,
    );
    const written = watchOutcome?.kind === 'stored' ? watchOutcome.commit.written : undefined;
    expect(written?.fixes.map((fix) => fix.device_time_ms)).toEqual([late?.Time]);
    expect(written?.activities.map((activity) => activity.status)).toEqual(['RESOLVED']);
  });

  it('refuses one device twice in a group', async () => {
    const device = await addDevice();
    const request = { ingestKey: device.key, input: { points: walk(1), events: [] }, nowMs: NOW };
    await expect(ingestGroup(database.db, [request, request])).rejects.toThrow(/twice/);
  });

  it('answers every concurrent OsmAnd GET of many phones after storing its fix', async () => {
    const phones = await Promise.all(Array.from({ length: 24 }, () => addDevice()));
    const now = Date.now();
    const rounds = 4;
    for (let round = 0; round < rounds; round += 1) {
      const answers = await Promise.all(
        phones.map((phone, index) =>
          app.inject({
            method: 'GET',
            url: `/ingest/osmand?${new URLSearchParams({
              id: phone.key,
              timestamp: String(now - (rounds - round) * SECOND),
              lat: String(59 + index * 0.01 + round * 0.0001),
              lon: '10',
            }).toString()}`,
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(phones.map(() => 200));
    }
    for (const phone of phones) {
      const { activities, fixes } = await built(phone.deviceId);
      expect(fixes).toHaveLength(rounds);
      expect(activities).toHaveLength(1);
      expect(activities[0]?.distance_m).toBeGreaterThan(30);
    }
  });
});
