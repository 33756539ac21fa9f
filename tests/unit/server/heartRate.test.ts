import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as migration from '../../../server/db/migrations/0016_point_heart_rate';
import { importDemoHistory, trackIngest } from '../../../server/demo/demoHistory';
import { DEMO_HISTORY, readDemoTrack } from '../../../server/demo/demoTracks';
import type { ActivityDetail } from '../../../src/api/entities/activity';
import type { IngestEvent, IngestPoint } from '../../../src/api/ingest';
import { TelemetryWearerUpdate } from '../../../src/api/socket';
import { removeDevice } from '../../../server/devices/deviceRepository';
import { newIngestKey } from '../../../server/devices/ingestKey';
import { addTestDevice, addTestMember, type TestDevice } from './deviceFixtures';
import { postBatch as postBatchTo, registerRunMember } from './washingtonRun';
import { connectProbe, type Probe } from './socketProbe';

/*
 * Heart rate from the device to the activity detail (issue 7; docs/decisions.md "Heart rate"): a
 * stored fix takes the heart rate of the VITALS event at its device time, whichever request brought
 * either; the detail's LocationHistory and the live TelemetryWearerUpdate carry it as `HeartRate`;
 * the demo history keeps the real tracks' readings; migration 0016 adds the column and fills it from
 * the VITALS already stored. Values are the real Washington run's (tests/fixtures/tracks).
 */

const member = registerRunMember('hearty@example.com');
const { server } = member;

/** The run's first `n` points as the demo importer sends them: fixes, start/stop, VITALS. */
function runIngest(n: number) {
  return trackIngest(
    { ...member.run, points: member.run.points.slice(0, n) },
    'RUNNING',
    member.shiftMs,
  );
}

const postBatch = (device: TestDevice, Points: IngestPoint[], Events: IngestEvent[] = []) =>
  postBatchTo(server, device, Points, Events);

/** The device's stored heart rates by device time, in time order. */
async function storedHeartRates(device: TestDevice) {
  const rows = await server.database.db
    .selectFrom('location_points')
    .select(['device_time_ms', 'heart_rate_bpm'])
    .where('device_id', '=', device.deviceId)
    .orderBy('device_time_ms')
    .execute();
  return rows.map((row) => [row.device_time_ms, row.heart_rate_bpm]);
}

async function detailOf(activityId: number): Promise<ActivityDetail> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/member-integration/member-wearer-activity-detail',
    headers: { authorization: `Bearer ${member.token}` },
    payload: { ActivityId: activityId, TimeStart: 0, TimeEnd: Date.now() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ Activity: ActivityDetail }>().Activity;
}

async function onlyActivityOf(device: TestDevice): Promise<number> {
  const rows = await server.database.db
    .selectFrom('activities')
    .select('activity_id')
    .where('device_id', '=', device.deviceId)
    .execute();
  expect(rows).toHaveLength(1);
  return rows[0]?.activity_id ?? 0;
}

const vitals = (Time: number, HeartRateBpm: number | null): IngestEvent => ({
  Time,
  Type: 'VITALS',
  HeartRateBpm,
  ...(HeartRateBpm === null ? { TemperatureC: 36.8 } : {}),
});

describe('the batch ingest: a VITALS heart rate goes to the fix at the same device time', () => {
  it('in one request: the detail answers each fix with the run’s recorded heart rate', async () => {
    const device = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
    const { points, events } = runIngest(30);
    expect(await postBatch(device, points, events)).toEqual({
      Accepted: 30 + 2 + 30,
      Duplicates: 0,
    });
    const detail = await detailOf(await onlyActivityOf(device));
    expect(detail.LocationHistory.map((point) => point.HeartRate)).toEqual(
      member.run.points.slice(0, 30).map((point) => point.heartRateBpm),
    );
    expect(detail.LocationHistory.slice(0, 5).map((point) => point.HeartRate)).toEqual([
      130, 134, 139, 144, 149,
    ]);
  });

  it('across requests, either order: a later VITALS updates its stored fix, an earlier one waits for it', async () => {
    const device = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
    const { points } = runIngest(4);
    const [a, b, c, d] = points as [IngestPoint, IngestPoint, IngestPoint, IngestPoint];
    await postBatch(device, [a, b]);
    await postBatch(device, [], [vitals(b.Time, 134), vitals(d.Time, 144)]);
    expect(await storedHeartRates(device)).toEqual([
      [a.Time, null],
      [b.Time, 134],
    ]);
    await postBatch(device, [c, d]);
    expect(await storedHeartRates(device)).toEqual([
      [a.Time, null],
      [b.Time, 134],
      [c.Time, null],
      [d.Time, 144],
    ]);
  });

  it("a device's new owner neither changes nor reads its earlier owner's heart rates", async () => {
    const { db } = server.database;
    const device = await addTestDevice(db, member.memberId, 'BRACELET');
    const { points, events } = runIngest(4);
    const [a, b, c, d] = points as [IngestPoint, IngestPoint, IngestPoint, IngestPoint];
    // The first owner's activity: fixes a, b, c with their readings, and a reading at d (no fix).
    await postBatch(
      device,
      [a, b, c],
      [
        ...events.filter((event) => event.Type === 'TRACKING_START'),
        vitals(b.Time, 134),
        vitals(d.Time, 151),
      ],
    );
    const activityId = await onlyActivityOf(device);
    const totalsBefore = await db
      .selectFrom('activities')
      .select(['heart_rate_sum', 'heart_rate_count'])
      .where('activity_id', '=', activityId)
      .executeTakeFirstOrThrow();
    // Released (remove-device rotates the key), then another member's, with a new key.
    await removeDevice(db, member.memberId, device.deviceId);
    const next = await addTestMember(db, {
      sub: 'next-owner',
      email: 'next-owner@example.com',
      nameFirst: 'Nils',
      nameLast: 'Next',
      activityTypes: ['RUNNING'],
    });
    const key = newIngestKey();
    await db
      .updateTable('devices')
      .set({ member_id: next, ingest_key: key, registered_at: new Date() })
      .where('device_id', '=', device.deviceId)
      .execute();
    const nextDevice = { deviceId: device.deviceId, key };
    // The new owner sends readings at the earlier owner's fix times, and a fix at the time of the
    // earlier owner's reading without a fix.
    await postBatch(nextDevice, [d], [vitals(a.Time, 99), vitals(b.Time, 99)]);
    expect(await storedHeartRates(device)).toEqual([
      [a.Time, null],
      [b.Time, 134],
      [c.Time, null],
      [d.Time, null],
    ]);
    expect(
      await db
        .selectFrom('activities')
        .select(['heart_rate_sum', 'heart_rate_count'])
        .where('activity_id', '=', activityId)
        .executeTakeFirstOrThrow(),
    ).toEqual(totalsBefore);
  });

  it('rounds to whole beats; 0 (no pulse found) and a VITALS without heart rate leave none; the first VITALS stored stays', async () => {
    const device = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
    const { points } = runIngest(5);
    const times = points.map((point) => point.Time);
    const [t0, t1, t2, t3, t4] = times as [number, number, number, number, number];
    await postBatch(device, points, [
      vitals(t0, 71.6),
      vitals(t1, 71.5),
      vitals(t2, 0),
      vitals(t3, null),
    ]);
    // Re-sent with another value: the stored event is kept, and so is the fix's heart rate.
    expect(await postBatch(device, [], [vitals(t0, 150), vitals(t4, 0.4)])).toEqual({
      Accepted: 1,
      Duplicates: 1,
    });
    expect(await storedHeartRates(device)).toEqual([
      [t0, 72],
      [t1, 72],
      [t2, null],
      [t3, null],
      [t4, null],
    ]);
  });

  it('a late fix (before the device’s latest) takes the VITALS of its request too', async () => {
    const device = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
    const { points } = runIngest(3);
    const [first, second, third] = points as [IngestPoint, IngestPoint, IngestPoint];
    await postBatch(device, [first, third]);
    await postBatch(device, [second], [vitals(second.Time, 139)]);
    expect(await storedHeartRates(device)).toEqual([
      [first.Time, null],
      [second.Time, 139],
      [third.Time, null],
    ]);
    const detail = await detailOf(await onlyActivityOf(device));
    expect(detail.LocationHistory.map((point) => point.HeartRate)).toEqual([
      undefined,
      139,
      undefined,
    ]);
  });

  it('OsmAnd names no heart-rate parameter: a `heartrate` or `hr` query value is not stored', async () => {
    const device = await addTestDevice(server.database.db, member.memberId);
    const [point] = runIngest(1).points as [IngestPoint];
    const res = await server.app.inject({
      method: 'GET',
      url: `/ingest/osmand?id=${device.key}&timestamp=${String(point.Time)}&lat=${String(point.Lat)}&lon=${String(point.Lon)}&heartrate=130&hr=130&heartRate=130`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedHeartRates(device)).toEqual([[point.Time, null]]);
  });
});

describe('live: the TelemetryWearerUpdate carries the heart rate of new fixes', () => {
  const probes: Probe[] = [];

  /** A new device of the member, and a socket verified as the member's that hears its updates. */
  async function deviceWithListeningMember() {
    const device = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
    const probe = await connectProbe(server.origin, probes);
    const verified = await server.app.inject({
      method: 'POST',
      url: '/api/member-integration-public/verify-socket-user',
      payload: { MemberIntegrationToken: member.token, SocketID: probe.id },
    });
    expect(verified.json()).toEqual({ Success: true });
    return { device, probe };
  }

  it('sends each new point with its HeartRate, and none where unknown; the update’s HeartRate is the newest', async () => {
    const { device, probe } = await deviceWithListeningMember();
    const { points } = runIngest(2);
    const [first, second] = points as [IngestPoint, IngestPoint];
    const liveMs = Date.now() - 5_000;
    const live = [
      { ...first, Time: liveMs },
      { ...second, Time: liveMs + 1_000 },
    ];
    await postBatch(device, live, [vitals(liveMs + 1_000, 134)]);
    const update = TelemetryWearerUpdate.parse(await probe.nth('TelemetryWearerUpdate', 1));
    expect(update.Points.map((point) => point.HeartRate)).toEqual([undefined, 134]);
    expect(update.HeartRate).toBe(134);
    expect(update.HeartRateTime).toBe(liveMs + 1_000);
    // Fixes without a reading: the update says none was measured with them.
    const third = { ...(points[1] as IngestPoint), Time: liveMs + 2_000 };
    await postBatch(device, [third], []);
    const next = TelemetryWearerUpdate.parse(await probe.nth('TelemetryWearerUpdate', 2));
    expect(next.HeartRate).toBeNull();
    probe.socket.disconnect();
  });

  it('a VITALS sent after its fix reaches the live viewers: an update without points, with its time', async () => {
    const { device, probe } = await deviceWithListeningMember();
    const { points } = runIngest(3);
    const liveMs = Date.now() - 5_000;
    const live = points.map((point, i) => ({
      ...point,
      Time: liveMs + i * 1_000,
    }));
    await postBatch(device, live, []);
    const first = TelemetryWearerUpdate.parse(await probe.nth('TelemetryWearerUpdate', 1));
    expect(first.HeartRate).toBeNull();
    // The reading of the second fix comes in a request of its own.
    await postBatch(device, [], [vitals(liveMs + 1_000, 141)]);
    const late = TelemetryWearerUpdate.parse(await probe.nth('TelemetryWearerUpdate', 2));
    expect(late).toMatchObject({
      ActivityId: first.ActivityId,
      Points: [],
      HeartRate: 141,
      HeartRateTime: liveMs + 1_000,
      Status: first.Status,
    });
    expect(late.ActivityStats?.HeartRateAvgBPM).toBe(141);
    // Re-sent, it changes nothing and tells nobody: the next update is the next fix's.
    await postBatch(device, [], [vitals(liveMs + 1_000, 141)]);
    await postBatch(device, [{ ...(points[2] as IngestPoint), Time: liveMs + 3_000 }], []);
    const next = TelemetryWearerUpdate.parse(await probe.nth('TelemetryWearerUpdate', 3));
    expect(next.Points.map((point) => point.Time)).toEqual([liveMs + 3_000]);
    probe.socket.disconnect();
  });
});

describe('the demo history keeps the real tracks’ heart rate', () => {
  it('every fix of a track that recorded heart rate has its reading, by device time', async () => {
    const device = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
    const nowMs = Date.now();
    expect(await importDemoHistory(server.database.db, device.key, nowMs)).toBeGreaterThan(0);
    const { db } = server.database;
    for (const outing of DEMO_HISTORY) {
      const tracks = await readDemoTrack(outing.file);
      const recorded = tracks.flatMap((track) => track.points);
      const first = recorded[0];
      if (!first) continue;
      // The importer's shift, found from the track's first fix as stored (same time of day).
      const stored = await db
        .selectFrom('location_points')
        .select(['device_time_ms', 'heart_rate_bpm'])
        .where('device_id', '=', device.deviceId)
        .where('lat', '=', first.lat)
        .where('lon', '=', first.lon)
        .executeTakeFirstOrThrow();
      const shift = stored.device_time_ms - first.timeMs;
      const rows = await db
        .selectFrom('location_points')
        .select(['device_time_ms', 'heart_rate_bpm'])
        .where('device_id', '=', device.deviceId)
        .where('device_time_ms', '>=', first.timeMs + shift)
        .where('device_time_ms', '<=', (recorded[recorded.length - 1]?.timeMs ?? 0) + shift)
        .orderBy('device_time_ms')
        .execute();
      const byTime = new Map(rows.map((row) => [row.device_time_ms - shift, row.heart_rate_bpm]));
      const expected = recorded.map((point) => [point.timeMs, point.heartRateBpm]);
      expect(
        recorded.map((point) => [point.timeMs, byTime.get(point.timeMs)]),
        outing.file,
      ).toEqual(expected);
    }
  }, 120_000);
});

describe('migration 0016_point_heart_rate', () => {
  it('fills fixes from the VITALS already stored; down and up again; the check refuses 0 and 301', async () => {
    const { db } = server.database;
    const device = await addTestDevice(db, member.memberId, 'BRACELET');
    const { points } = runIngest(3);
    const [a, b, c] = points as [IngestPoint, IngestPoint, IngestPoint];
    await postBatch(device, points, [vitals(a.Time, 130), vitals(b.Time, 0.2)]);
    const migrating = db as unknown as Kysely<unknown>;
    await migration.down(migrating);
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'location_points' and column_name = 'heart_rate_bpm'`.execute(db);
    expect(columns.rows).toEqual([]);
    await migration.up(migrating);
    expect(await storedHeartRates(device)).toEqual([
      [a.Time, 130],
      [b.Time, null],
      [c.Time, null],
    ]);
    for (const bpm of [0, 301]) {
      await expect(
        db
          .updateTable('location_points')
          .set({ heart_rate_bpm: bpm })
          .where('device_id', '=', device.deviceId)
          .execute(),
      ).rejects.toThrow(/location_points_heart_rate_bpm_check/);
    }
  });
});
