import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readGpxPoints } from '../../../bench/lib/gpxTrack';
import { openDb } from '../../../server/db/database';
import { newIngestKey } from '../../../server/devices/ingestKey';
import { DEMO_DEVICES } from '../../../server/devices/registrySeed';
import { ingestRoutes } from '../../../server/telemetry/ingestRoutes';
import { ACTIVITY_SILENCE_MS } from '../../../server/telemetry/segmentation';
import type { DemoActivatableDevice } from '../../../src/api/dev';
import type { Device } from '../../../src/api/entities/device';
import type { ApiErrorBody } from '../../../src/api/errors';
import { INGEST_EARLIEST_MS, INGEST_MAX_FUTURE_MS } from '../../../src/api/ingest';
import { listen } from './identity/identityKit';
import { signedUpIdToken } from './signedUpMember';
import { buildTestServer, createTestDatabase, type TestDatabase, bareTestApp } from './testServer';

/** The injected clock of the clocked ingest app: 2025-06-21T12:00:00Z. */
const NOW = Date.UTC(2025, 5, 21, 12, 0, 0);
const TRACKS = path.resolve(__dirname, '../../fixtures/tracks');
const TRACK_FILES = [
  'run-washington-dc-hr.gpx',
  'sail-valencia-regatta-ESP29375-race1.gpx',
  'multiday-hike-black-forest-de-3days.gpx',
] as const;

let database: TestDatabase;
let app: FastifyInstance;
let clocked: FastifyInstance;
let memberId = 0;
let deviceCount = 0;

interface TrackPoint {
  readonly time: number;
  readonly lat: number;
  readonly lon: number;
  readonly alt: number | null;
}

/** The fixture's points, one per device time (the first of two with the same time, as the ingest keeps). */
async function track(file: string): Promise<TrackPoint[]> {
  const seen = new Set<number>();
  const points: TrackPoint[] = [];
  for (const p of await readGpxPoints(path.join(TRACKS, file))) {
    if (seen.has(p.Time)) continue;
    seen.add(p.Time);
    points.push({ time: p.Time, lat: p.Y, lon: p.X, alt: p.Alt });
  }
  return points;
}

/**
 * Great-circle distance in metres on R = 6372.8 km, written independently of src/api/geo (the atan2
 * form of the haversine), to check the server's stats against.
 */
function independentHaversine(a: TrackPoint, b: TrackPoint): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6_372_800 * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
}

function pathLength(points: readonly TrackPoint[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i += 1) {
    total += independentHaversine(points[i - 1] as TrackPoint, points[i] as TrackPoint);
  }
  return total;
}

/** A seeded Fisher–Yates shuffle (deterministic). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/** Adds an activated SMARTPHONE_APP device of the test member and answers its id and ingest key. */
async function addDevice(owner = memberId): Promise<{ deviceId: number; key: string }> {
  deviceCount += 1;
  const key = newIngestKey();
  const row = await database.db
    .insertInto('devices')
    .values({
      atlas_device_id: `ingest-test-${deviceCount}`,
      imei: `35888800000${String(deviceCount).padStart(4, '0')}`,
      device_type: 'SMARTPHONE_APP',
      device_nickname: 'Phone',
      member_id: owner,
      ingest_key: key,
      registered_at: new Date(),
    })
    .returning('device_id')
    .executeTakeFirstOrThrow();
  return { deviceId: row.device_id, key };
}

async function addMember(email: string, activityTypes: string[]): Promise<number> {
  const row = await database.db
    .insertInto('members')
    .values({
      identity_sub: `sub-${email}`,
      client_id: 1,
      domain_id: 'local',
      email,
      name_first: 'Ingrid',
      name_last: 'Gest',
      language_code: 'en',
      activity_types: activityTypes,
    })
    .returning('member_id')
    .executeTakeFirstOrThrow();
  return row.member_id;
}

const osmandUrl = (params: Record<string, string | number>) =>
  `/ingest/osmand?${new URLSearchParams(
    Object.entries(params).map(([name, value]) => [name, String(value)]),
  ).toString()}`;

/** Everything the ingest can write, to prove a refused request wrote nothing. */
async function everything() {
  return {
    points: await database.db
      .selectFrom('location_points')
      .selectAll()
      .orderBy('device_id')
      .orderBy('device_time_ms')
      .execute(),
    events: await database.db
      .selectFrom('device_events')
      .selectAll()
      .orderBy('device_id')
      .orderBy('event_time_ms')
      .orderBy('event_type')
      .execute(),
    activities: await database.db
      .selectFrom('activities')
      .selectAll()
      .orderBy('activity_id')
      .execute(),
  };
}

async function activitiesOf(deviceId: number) {
  return database.db
    .selectFrom('activities')
    .selectAll()
    .where('device_id', '=', deviceId)
    .orderBy('timestamp_start_ms')
    .execute();
}

async function pointsOf(deviceId: number) {
  return database.db
    .selectFrom('location_points')
    .selectAll()
    .where('device_id', '=', deviceId)
    .orderBy('device_time_ms')
    .execute();
}

async function eventsOf(deviceId: number) {
  return database.db
    .selectFrom('device_events')
    .selectAll()
    .where('device_id', '=', deviceId)
    .orderBy('event_time_ms')
    .orderBy('event_type')
    .execute();
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestServer(database.db);
  clocked = bareTestApp();
  await clocked.register(ingestRoutes, { db: database.db, clock: () => NOW });
  await clocked.ready();
  memberId = await addMember('ingest@example.com', ['KAYAKING', 'HIKING']);
});

afterAll(async () => {
  await clocked.close();
  await app.close();
  await database.drop();
});

describe('real tracks replayed through /ingest/osmand (issue 5 acceptance)', () => {
  /** Sends each point as one OsmAnd GET, the timestamp as seconds, ms and ISO 8601 in turn. */
  async function replay(key: string, points: readonly TrackPoint[]) {
    for (const [index, point] of points.entries()) {
      const timestamp = [point.time / 1000, point.time, new Date(point.time).toISOString()][
        index % 3
      ] as number | string;
      const res = await app.inject({
        method: 'GET',
        url: osmandUrl({
          id: key,
          timestamp,
          lat: point.lat,
          lon: point.lon,
          ...(point.alt === null ? {} : { altitude: point.alt }),
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe('');
    }
  }

  /** The track cut where the activity rule cuts it: at gaps over 30 minutes. */
  function expectedActivities(points: readonly TrackPoint[]): TrackPoint[][] {
    const groups: TrackPoint[][] = [];
    for (const point of points) {
      const group = groups.at(-1);
      const last = group?.at(-1);
      if (group && last && point.time - last.time <= 30 * 60_000) group.push(point);
      else groups.push([point]);
    }
    return groups;
  }

  it.each(TRACK_FILES)(
    '%s: one activity per stretch, Distance within 1 % of an independent haversine, every point in time order, also shuffled',
    async (file) => {
      const points = await track(file);
      const ordered = await addDevice();
      const mixed = await addDevice();
      await replay(ordered.key, points);
      await replay(mixed.key, shuffled(points, 20_250_621));

      const expected = expectedActivities(points);
      const activities = await activitiesOf(ordered.deviceId);
      expect(activities).toHaveLength(expected.length);
      const stored = await pointsOf(ordered.deviceId);
      expect(stored.map((p) => [p.device_time_ms, p.lat, p.lon])).toEqual(
        points.map((p) => [p.time, p.lat, p.lon]),
      );
      for (const [index, activity] of activities.entries()) {
        const stretch = expected[index] ?? [];
        const reference = pathLength(stretch);
        expect(activity.activity_type).toBe('KAYAKING');
        expect(activity.status).toBe('COMPLETE');
        expect(activity.timestamp_start_ms).toBe(stretch[0]?.time);
        expect(activity.timestamp_end_ms).toBe(stretch.at(-1)?.time);
        expect(Math.abs(activity.distance_m - reference)).toBeLessThanOrEqual(reference * 0.01);
        expect(activity.duration_ms).toBe((stretch.at(-1)?.time ?? 0) - (stretch[0]?.time ?? 0));
        expect(activity.speed_avg_mps).toBeCloseTo(
          activity.distance_m / (activity.duration_ms / 1000),
          9,
        );
        const own = stored.filter((p) => p.activity_id === activity.activity_id);
        expect(own.map((p) => p.device_time_ms)).toEqual(stretch.map((p) => p.time));
      }

      const strip = (rows: typeof activities) =>
        rows.map(
          ({ activity_id: _a, device_id: _d, updated_at: _u, stats_state: _s, ...rest }) => rest,
        );
      expect(strip(await activitiesOf(mixed.deviceId))).toEqual(strip(activities));
      const mixedPoints = await pointsOf(mixed.deviceId);
      expect(mixedPoints.map((p) => [p.device_time_ms, p.lat, p.lon])).toEqual(
        stored.map((p) => [p.device_time_ms, p.lat, p.lon]),
      );
    },
    240_000,
  );

  it('re-sending a whole track changes nothing', async () => {
    const points = await track('run-washington-dc-hr.gpx');
    const device = await addDevice();
    await replay(device.key, points);
    const before = await everything();
    await replay(device.key, shuffled(points, 7));
    const batch = await app.inject({
      method: 'POST',
      url: '/ingest/batch',
      payload: {
        IngestKey: device.key,
        Points: points.map((p) => ({ Time: p.time, Lat: p.lat, Lon: p.lon })),
      },
    });
    expect(batch.json()).toEqual({ Accepted: 0, Duplicates: points.length });
    expect(await everything()).toEqual(before);
  }, 60_000);
});

describe('OsmAnd parameter forms (Traccar OsmAnd decoder)', () => {
  async function sendAndRead(
    params: Record<string, string | number>,
    options: { method?: 'GET' | 'POST' } = {},
  ) {
    const device = await addDevice();
    const res = await clocked.inject({
      method: options.method ?? 'GET',
      url: osmandUrl({ id: device.key, ...params }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      device,
      points: await pointsOf(device.deviceId),
      events: await eventsOf(device.deviceId),
    };
  }

  it.each([
    ['epoch seconds', '1750500000', Date.UTC(2025, 5, 21, 10, 0, 0)],
    ['fractional epoch seconds', '1750500000.25', Date.UTC(2025, 5, 21, 10, 0, 0, 250)],
    ['epoch milliseconds', '1750500000123', Date.UTC(2025, 5, 21, 10, 0, 0, 123)],
    ['ISO 8601 UTC', '2025-06-21T10:00:00Z', Date.UTC(2025, 5, 21, 10, 0, 0)],
    ['ISO 8601 with offset', '2025-06-21T12:00:00+02:00', Date.UTC(2025, 5, 21, 10, 0, 0)],
    ['ISO 8601 with an hour offset', '2025-06-21T12:00:00+02', Date.UTC(2025, 5, 21, 10, 0, 0)],
    ['ISO 8601 without zone (UTC)', '2025-06-21T10:00:00.5', Date.UTC(2025, 5, 21, 10, 0, 0, 500)],
    ['SQL date-time', '2025-06-21 10:00:00', Date.UTC(2025, 5, 21, 10, 0, 0)],
  ])('timestamp as %s', async (_name, timestamp, expected) => {
    const { points } = await sendAndRead({ timestamp, lat: 39.45, lon: -0.32 });
    expect(points.map((p) => p.device_time_ms)).toEqual([expected]);
  });

  it('takes the server time without a timestamp', async () => {
    const { points } = await sendAndRead({ lat: 39.45, lon: -0.32 });
    expect(points.map((p) => p.device_time_ms)).toEqual([NOW]);
  });

  it('reads every field: knots to m/s, heading, accuracy, altitude and its accuracy, battery', async () => {
    const { points } = await sendAndRead({
      timestamp: 1_750_500_000,
      lat: 39.45,
      lon: -0.32,
      speed: 10,
      heading: 271.5,
      accuracy: 4.5,
      altitude: 12.5,
      vacc: 6.5,
      batt: 87,
      hdop: 0.9,
    });
    expect(points).toMatchObject([
      {
        lat: 39.45,
        lon: -0.32,
        bearing_deg: 271.5,
        hacc: 4.5,
        alt: 12.5,
        vacc: 6.5,
        battery_pct: 87,
      },
    ]);
    const spelled = await sendAndRead({ lat: 39.45, lon: -0.32, altitudeAccuracy: 3 });
    expect(spelled.points).toMatchObject([{ vacc: 3 }]);
    expect(points[0]?.speed_mps).toBeCloseTo((10 * 1852) / 3600, 12);
  });

  it('accepts location=lat,lon, bearing, hacc and deviceid as Traccar does', async () => {
    const device = await addDevice();
    const res = await clocked.inject({
      method: 'GET',
      url: osmandUrl({
        deviceid: device.key,
        timestamp: 1_750_500_000,
        location: '60.0,30.0',
        bearing: 7.2,
        hacc: 3,
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(await pointsOf(device.deviceId)).toMatchObject([
      { lat: 60, lon: 30, bearing_deg: 7.2, hacc: 3 },
    ]);
  });

  it('accepts a POST with a form body and a POST with the query only', async () => {
    const device = await addDevice();
    const form = await clocked.inject({
      method: 'POST',
      url: '/ingest/osmand',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${device.key}&timestamp=1750500000&lat=39.45&lon=-0.32&speed=0`,
    });
    expect(form.statusCode, form.body).toBe(200);
    const query = await clocked.inject({
      method: 'POST',
      url: osmandUrl({ id: device.key, timestamp: 1_750_500_001, lat: 39.46, lon: -0.33 }),
    });
    expect(query.statusCode, query.body).toBe(200);
    expect((await pointsOf(device.deviceId)).map((p) => [p.device_time_ms, p.lat])).toEqual([
      [1_750_500_000_000, 39.45],
      [1_750_500_001_000, 39.46],
    ]);
  });

  it('turns alarm=sos and charge=true into events; 0,0 is no fix; batt alone is a BATTERY event', async () => {
    const { points, events } = await sendAndRead({
      timestamp: 1_750_500_000,
      lat: 0,
      lon: 0,
      alarm: 'sos',
      charge: 'true',
    });
    expect(points).toEqual([]);
    expect(events.map((e) => [e.event_time_ms, e.event_type])).toEqual([
      [1_750_500_000_000, 'CHARGING'],
      [1_750_500_000_000, 'SOS'],
    ]);
    const battery = await sendAndRead({ timestamp: 1_750_500_000, batt: 14 });
    expect(battery.events).toMatchObject([{ event_type: 'BATTERY', percent: 14 }]);
  });

  it('reads the JSON body Traccar Client posts', async () => {
    const device = await addDevice();
    // Traccar's own OsmAnd decoder test sample, with the ingest key as device_id.
    const body = {
      location: {
        timestamp: '2025-06-15T13:45:12.862Z',
        coords: {
          latitude: 37.4219983,
          longitude: -122.084,
          accuracy: 5,
          speed: 0,
          heading: -1,
          altitude: 5,
          altitude_accuracy: 12,
        },
        is_moving: false,
        odometer: 0,
        event: 'motionchange',
        battery: { level: 1, is_charging: false },
        activity: { type: 'still' },
        extras: {},
        _: '&id=48241179&lat=37.4219983&lon=-122.084&timestamp=2025-06-15T13:45:12.862Z&',
      },
      device_id: device.key,
    };
    const res = await clocked.inject({ method: 'POST', url: '/ingest/osmand', payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('');
    expect(await pointsOf(device.deviceId)).toMatchObject([
      {
        device_time_ms: Date.parse('2025-06-15T13:45:12.862Z'),
        lat: 37.4219983,
        lon: -122.084,
        hacc: 5,
        speed_mps: 0,
        bearing_deg: null,
        alt: 5,
        vacc: 12,
        battery_pct: 100,
      },
    ]);
    expect(await eventsOf(device.deviceId)).toEqual([]);

    const buffered = await clocked.inject({
      method: 'POST',
      url: '/ingest/osmand',
      payload: {
        device_id: device.key,
        location: [
          {
            timestamp: '2025-06-15T13:46:00Z',
            coords: { latitude: 37.42, longitude: -122.08, speed: 3.5, heading: 90 },
            battery: { level: 0.79, is_charging: true },
          },
          {
            timestamp: 1_750_000_000_000,
            coords: { latitude: 37.43, longitude: -122.07, altitude_accuracy: -1 },
          },
        ],
      },
    });
    expect(buffered.statusCode, buffered.body).toBe(200);
    expect((await pointsOf(device.deviceId)).slice(1)).toMatchObject([
      { speed_mps: 3.5, bearing_deg: 90, battery_pct: 79 },
      { device_time_ms: 1_750_000_000_000, lat: 37.43, vacc: null },
    ]);
    expect((await eventsOf(device.deviceId)).map((e) => e.event_type)).toEqual(['CHARGING']);
  });

  it("opens an OsmAnd activity of the member's first favourite type, else OTHER", async () => {
    const plain = await addMember('nofavourites@example.com', []);
    const device = await addDevice(plain);
    await clocked.inject({
      method: 'GET',
      url: osmandUrl({ id: device.key, timestamp: 1_750_500_000, lat: 1, lon: 2 }),
    });
    expect((await activitiesOf(device.deviceId)).map((a) => a.activity_type)).toEqual(['OTHER']);
    const { device: favourite } = await sendAndRead({ timestamp: 1_750_500_000, lat: 1, lon: 2 });
    expect((await activitiesOf(favourite.deviceId)).map((a) => a.activity_type)).toEqual([
      'KAYAKING',
    ]);
  });
});

describe('POST /ingest/batch', () => {
  it('stores points and every event type, and TRACKING_START/STOP bound an activity of the chosen type', async () => {
    const device = await addDevice();
    const t = Date.UTC(2025, 5, 21, 9, 0, 0);
    const Events = [
      { Time: t, Type: 'TRACKING_START', ActivityType: 'SAILING' },
      { Time: t + 60_000, Type: 'SOS' },
      { Time: t + 61_000, Type: 'ASSISTANCE' },
      { Time: t + 62_000, Type: 'MANUAL_EMERGENCY' },
      { Time: t + 63_000, Type: 'FALL', BodyPosition: 'LEFT_SIDE' },
      { Time: t + 64_000, Type: 'NOT_WORN' },
      { Time: t + 65_000, Type: 'CHARGING' },
      { Time: t + 66_000, Type: 'BATTERY', Percent: 15 },
      {
        Time: t + 67_000,
        Type: 'VITALS',
        TemperatureC: 37.4,
        OxygenPct: 94,
        RespirationBpm: 22,
        HeartRateBpm: 120,
      },
      { Time: t + 600_000, Type: 'TRACKING_STOP' },
    ];
    // 0.00001° of latitude a second ≈ 1.1 m/s: slower than the reported 3 m/s, which is the maximum.
    const Points = [1, 2, 3].map((i) => ({
      Time: t + i * 1000,
      Lat: 39.45 + i / 100_000,
      Lon: -0.32,
      Alt: 2,
      Hacc: 4,
      Speed: 3,
      Bearing: 10,
      Battery: 90,
    }));
    const payload = { IngestKey: device.key, Points, Events };
    const res = await clocked.inject({ method: 'POST', url: '/ingest/batch', payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Accepted: 13, Duplicates: 0 });
    const again = await clocked.inject({
      method: 'POST',
      url: '/ingest/batch',
      payload: { ...payload, Points: [...Points, Points[0]] },
    });
    expect(again.json()).toEqual({ Accepted: 0, Duplicates: 14 });

    expect((await eventsOf(device.deviceId)).map((e) => e.event_type)).toEqual(
      Events.map((e) => e.Type),
    );
    expect(await eventsOf(device.deviceId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event_type: 'TRACKING_START', activity_type: 'SAILING' }),
        expect.objectContaining({ event_type: 'FALL', body_position: 'LEFT_SIDE' }),
        expect.objectContaining({ event_type: 'BATTERY', percent: 15 }),
        expect.objectContaining({
          event_type: 'VITALS',
          temperature_c: 37.4,
          oxygen_pct: 94,
          respiration_bpm: 22,
          heart_rate_bpm: 120,
        }),
      ]),
    );
    expect(await activitiesOf(device.deviceId)).toMatchObject([
      {
        activity_type: 'SAILING',
        status: 'COMPLETE',
        opened_by: 'TRACKING_START',
        closed_by: 'TRACKING_STOP',
        timestamp_start_ms: t,
        timestamp_end_ms: t + 600_000,
        last_fix_ms: t + 3000,
        duration_ms: 2000,
        speed_max_mps: 3,
      },
    ]);
  });

  it('accepts 10 000 points with every field in one batch (over 1 MB: the batch body limit is 4 MiB)', async () => {
    const device = await addDevice();
    const t = Date.UTC(2025, 5, 20, 9, 0, 0);
    const Points = Array.from({ length: 10_000 }, (_, i) => ({
      Time: t + i * 1000,
      Lat: 39.450_001 + i / 100_000,
      Lon: -0.320_001,
      Alt: 12.25,
      Hacc: 4.5,
      Speed: 3.25,
      Bearing: 123.5,
      Battery: 87.5,
    }));
    const payload = JSON.stringify({ IngestKey: device.key, Points });
    expect(payload.length).toBeGreaterThan(1024 * 1024);
    const res = await clocked.inject({
      method: 'POST',
      url: '/ingest/batch',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Accepted: 10_000, Duplicates: 0 });
    expect(await activitiesOf(device.deviceId)).toMatchObject([
      { duration_ms: 9_999_000, speed_max_mps: 3.25, status: 'COMPLETE' },
    ]);
  });

  it.each([
    ['exactly 5 minutes ahead', 200, NOW + INGEST_MAX_FUTURE_MS],
    ['1 ms more than 5 minutes ahead', 400, NOW + INGEST_MAX_FUTURE_MS + 1],
    ['exactly 2000-01-01', 200, INGEST_EARLIEST_MS],
    ['1 ms before 2000-01-01', 400, INGEST_EARLIEST_MS - 1],
  ])('a point at %s (server clock injected) answers %i', async (_name, status, Time) => {
    const device = await addDevice();
    const res = await clocked.inject({
      method: 'POST',
      url: '/ingest/batch',
      payload: { IngestKey: device.key, Points: [{ Time, Lat: 1, Lon: 2 }] },
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(await pointsOf(device.deviceId)).toHaveLength(status === 200 ? 1 : 0);
  });
});

describe('refused input: 4xx, a clear message, nothing stored, never 500', () => {
  let device: { deviceId: number; key: string };
  const good = { timestamp: 1_750_500_000, lat: 39.45, lon: -0.32 };

  beforeAll(async () => {
    device = await addDevice();
  });

  const tomorrow = () => Date.now() + 86_400_000;
  it.each<[string, number, () => Record<string, string | number>, string]>([
    ['lat 91', 400, () => ({ ...good, lat: 91 }), 'query.lat'],
    ['lon 181', 400, () => ({ ...good, lon: 181 }), 'query.lon'],
    ['lat NaN', 400, () => ({ ...good, lat: 'NaN' }), 'query.lat'],
    ['lon Infinity', 400, () => ({ ...good, lon: 'Infinity' }), 'query.lon'],
    ['lon 1e999', 400, () => ({ ...good, lon: '1e999' }), 'query.lon'],
    ['a timestamp in 1970', 400, () => ({ ...good, timestamp: 86_400 }), 'query.timestamp'],
    ['a timestamp tomorrow', 400, () => ({ ...good, timestamp: tomorrow() }), 'query.timestamp'],
    [
      'an unreadable timestamp',
      400,
      () => ({ ...good, timestamp: 'yesterday' }),
      'query.timestamp',
    ],
    [
      'a day February does not have',
      400,
      () => ({ ...good, timestamp: '2025-02-30T10:00:00Z' }),
      'query.timestamp',
    ],
    ['month 13', 400, () => ({ ...good, timestamp: '2025-13-01 10:00:00' }), 'query.timestamp'],
    ['a negative speed', 400, () => ({ ...good, speed: -1 }), 'query.speed'],
    ['a speed over 300 m/s', 400, () => ({ ...good, speed: 600 }), 'query.speed'],
    ['a negative accuracy', 400, () => ({ ...good, accuracy: -5 }), 'query.accuracy'],
    ['bearing 361', 400, () => ({ ...good, bearing: 361 }), 'query.bearing'],
    ['batt 101', 400, () => ({ ...good, batt: 101 }), 'query.batt'],
    [
      'location=91,5',
      400,
      () => ({ timestamp: 1_750_500_000, location: '91,5' }),
      'query.location',
    ],
    ['location=abc', 400, () => ({ timestamp: 1_750_500_000, location: 'abc' }), 'query.location'],
    ['lat without lon', 400, () => ({ timestamp: 1_750_500_000, lat: 1 }), 'query.lon'],
    ['no position and no event', 400, () => ({ timestamp: 1_750_500_000 }), 'query.lat'],
    ['charge=maybe', 400, () => ({ ...good, charge: 'maybe' }), 'query.charge'],
  ])('OsmAnd with %s → %i', async (_name, status, params, issuePath) => {
    const before = await everything();
    const res = await app.inject({
      method: 'GET',
      url: osmandUrl({ id: device.key, ...params() }),
    });
    expect(res.statusCode).toBe(status);
    const body = res.json<ApiErrorBody>();
    expect(body.ErrorCode).toBe('REQUEST_INVALID');
    expect(body.Error).toContain(issuePath);
    expect(body.Issues?.map((i) => i.Path)).toContain(issuePath);
    expect(await everything()).toEqual(before);
  });

  it('an unknown, missing or unactivated key answers 401 AUTH alike, storing nothing', async () => {
    const demo = await app.inject({ method: 'GET', url: '/api/dev/demo' });
    const unactivated = demo.json<{ ActivatableDevices: DemoActivatableDevice[] }>()
      .ActivatableDevices[0]?.IngestKey;
    expect(unactivated).toBeDefined();
    const before = await everything();
    for (const id of [newIngestKey(), unactivated ?? '']) {
      const res = await app.inject({ method: 'GET', url: osmandUrl({ id, ...good }) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ ErrorCode: 'AUTH', Error: 'Unknown or revoked ingest key' });
      const batch = await app.inject({
        method: 'POST',
        url: '/ingest/batch',
        payload: { IngestKey: id, Points: [{ Time: 1_750_500_000_000, Lat: 1, Lon: 2 }] },
      });
      expect(batch.statusCode).toBe(401);
    }
    expect((await app.inject({ method: 'GET', url: osmandUrl(good) })).statusCode).toBe(401);
    expect(await everything()).toEqual(before);
  });

  it.each<[string, unknown, string]>([
    [
      'one point out of range among good ones',
      {
        Points: [
          { Time: 1_750_500_000_000, Lat: 1, Lon: 2 },
          { Time: 1_750_500_001_000, Lat: 91, Lon: 2 },
        ],
      },
      'body.Points.1.Lat',
    ],
    ['a point in 1970', { Points: [{ Time: 86_400_000, Lat: 1, Lon: 2 }] }, 'body.Points.0.Time'],
    [
      'a point tomorrow',
      { Points: [{ Time: Date.now() + 86_400_000, Lat: 1, Lon: 2 }] },
      'body.Points.0.Time',
    ],
    [
      '10 001 points',
      {
        Points: Array.from({ length: 10_001 }, (_, i) => ({
          Time: 1_750_000_000_000 + i * 1000,
          Lat: 1,
          Lon: 2,
        })),
      },
      'body.Points',
    ],
    [
      'a FALL without BodyPosition',
      { Events: [{ Time: 1_750_500_000_000, Type: 'FALL' }] },
      'body.Events.0.BodyPosition',
    ],
    ['an empty VITALS', { Events: [{ Time: 1_750_500_000_000, Type: 'VITALS' }] }, 'body.Events.0'],
    [
      'an unknown event type',
      { Events: [{ Time: 1_750_500_000_000, Type: 'PARTY' }] },
      'body.Events.0.Type',
    ],
    [
      'a TRACKING_START of an unknown activity type',
      { Events: [{ Time: 1_750_500_000_000, Type: 'TRACKING_START', ActivityType: 'FLYING' }] },
      'body.Events.0.ActivityType',
    ],
  ])('a batch with %s → 400, nothing stored', async (_name, payload, issuePath) => {
    const before = await everything();
    const res = await app.inject({
      method: 'POST',
      url: '/ingest/batch',
      payload: { IngestKey: device.key, ...(payload as object) },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ApiErrorBody>().Issues?.map((i) => i.Path)).toContain(issuePath);
    expect(await everything()).toEqual(before);
  });

  it('NaN in a JSON body, broken JSON and a Traccar location at latitude 91 → 400', async () => {
    const before = await everything();
    const nan = await app.inject({
      method: 'POST',
      url: '/ingest/batch',
      headers: { 'content-type': 'application/json' },
      payload: `{"IngestKey":"${device.key}","Points":[{"Time":1750500000000,"Lat":NaN,"Lon":2}]}`,
    });
    expect(nan.statusCode).toBe(400);
    expect(nan.json<ApiErrorBody>().ErrorCode).toBe('REQUEST_INVALID');
    const traccar = await app.inject({
      method: 'POST',
      url: '/ingest/osmand',
      payload: {
        device_id: device.key,
        location: { timestamp: '2025-06-15T13:45:12Z', coords: { latitude: 91, longitude: 2 } },
      },
    });
    expect(traccar.statusCode).toBe(400);
    expect(traccar.json<ApiErrorBody>().Issues?.map((i) => i.Path)).toEqual([
      'body.location.coords.latitude',
    ]);
    expect(await everything()).toEqual(before);
  });

  it('a 10 MB body → 413 on both endpoints', async () => {
    const before = await everything();
    const filler = 'x'.repeat(10 * 1024 * 1024);
    const batch = await app.inject({
      method: 'POST',
      url: '/ingest/batch',
      headers: { 'content-type': 'application/json' },
      payload: `{"IngestKey":"${device.key}","Points":[],"Pad":"${filler}"}`,
    });
    expect(batch.statusCode).toBe(413);
    expect(batch.json<ApiErrorBody>().ErrorCode).toBe('PAYLOAD_TOO_LARGE');
    const form = await app.inject({
      method: 'POST',
      url: '/ingest/osmand',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${device.key}&lat=1&lon=2&pad=${filler}`,
    });
    expect(form.statusCode).toBe(413);
    expect(await everything()).toEqual(before);
  });
});

describe('concurrency', () => {
  it('concurrent requests of one device are built one at a time: same result as in order', async () => {
    const points = await track('run-washington-dc-hr.gpx');
    const inOrder = await addDevice();
    const concurrent = await addDevice();
    const location = (p: TrackPoint) => ({
      timestamp: new Date(p.time).toISOString(),
      coords: { latitude: p.lat, longitude: p.lon },
    });
    const chunks = (list: readonly TrackPoint[]) =>
      Array.from({ length: Math.ceil(list.length / 10) }, (_, i) =>
        list.slice(i * 10, i * 10 + 10),
      );
    const post = (key: string, chunk: readonly TrackPoint[]) =>
      app.inject({
        method: 'POST',
        url: '/ingest/osmand',
        payload: { device_id: key, location: chunk.map(location) },
      });
    for (const chunk of chunks(points))
      expect((await post(inOrder.key, chunk)).statusCode).toBe(200);
    const answers = await Promise.all(
      chunks(shuffled(points, 99)).map((chunk) => post(concurrent.key, chunk)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    const strip = (rows: Awaited<ReturnType<typeof activitiesOf>>) =>
      rows.map(
        ({ activity_id: _a, device_id: _d, updated_at: _u, stats_state: _s, ...rest }) => rest,
      );
    expect(strip(await activitiesOf(concurrent.deviceId))).toEqual(
      strip(await activitiesOf(inOrder.deviceId)),
    );
    expect(await activitiesOf(concurrent.deviceId)).toHaveLength(1);
    expect(await pointsOf(concurrent.deviceId)).toHaveLength(points.length);
  });
});

describe('keys and durability', () => {
  it('a key rotated by remove-device answers 401 and stores nothing', async () => {
    const origin = await listen(app);
    const idToken = await signedUpIdToken(app, database.db, origin, 'rotate@example.com');
    const login = await app.inject({
      method: 'POST',
      url: '/authapi/member/login-member-c2/en',
      headers: { authorization: `Bearer ${idToken}` },
      payload: {},
    });
    const headers = {
      authorization: `Bearer ${login.json<{ MemberIntegrationToken: string }>().MemberIntegrationToken}`,
    };
    const phone = DEMO_DEVICES.find((d) => d.deviceType === 'SMARTPHONE_APP');
    if (!phone) throw new Error('no demo phone');
    const activated = await app.inject({
      method: 'POST',
      url: '/api/member-integration/activate-device',
      headers,
      payload: {
        Imei: phone.imei,
        Code: phone.code,
        DeviceType: phone.deviceType,
        DeviceNickname: 'Pixel',
      },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const list = await app.inject({
      method: 'GET',
      url: '/api/member-integration/devices',
      headers,
    });
    const [mine] = list.json<{ MemberDevices: Device[] }>().MemberDevices;
    const key = mine?.IngestKey ?? '';
    const point = { timestamp: 1_750_500_000, lat: 39.45, lon: -0.32 };
    expect(
      (await app.inject({ method: 'GET', url: osmandUrl({ id: key, ...point }) })).statusCode,
    ).toBe(200);

    const removed = await app.inject({
      method: 'POST',
      url: '/api/member-integration/remove-device',
      headers,
      payload: { DeviceID: mine?.DeviceID },
    });
    expect(removed.statusCode).toBe(200);
    const before = await everything();
    const refused = await app.inject({
      method: 'GET',
      url: osmandUrl({ id: key, ...point, timestamp: 1_750_500_060 }),
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ ErrorCode: 'AUTH', Error: 'Unknown or revoked ingest key' });
    expect(await everything()).toEqual(before);
  }, 60_000);

  it('a point acknowledged with 200 is committed: a new connection reads it', async () => {
    const device = await addDevice();
    const res = await app.inject({
      method: 'GET',
      url: osmandUrl({ id: device.key, timestamp: 1_750_500_123, lat: 39.5, lon: -0.4 }),
    });
    expect(res.statusCode).toBe(200);
    const fresh = openDb({ url: database.url, max: 1 });
    try {
      const row = await fresh
        .selectFrom('location_points')
        .select(['device_time_ms', 'lat', 'lon', 'activity_id'])
        .where('device_id', '=', device.deviceId)
        .executeTakeFirst();
      expect(row).toMatchObject({ device_time_ms: 1_750_500_123_000, lat: 39.5, lon: -0.4 });
      expect(row?.activity_id).toEqual(expect.any(Number));
    } finally {
      await fresh.destroy();
    }
  });
});

describe('the silenceSweepIntervalMs option', () => {
  it('runs the silence sweep while the server is up and stops it on close', async () => {
    const device = await addDevice();
    const first = NOW - 60_000;
    await clocked.inject({
      method: 'GET',
      url: osmandUrl({ id: device.key, timestamp: first, lat: 1, lon: 2 }),
    });
    expect((await activitiesOf(device.deviceId)).map((a) => a.status)).toEqual(['ACTIVE']);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const swept = bareTestApp({ errorHandling: false });
    try {
      await swept.register(ingestRoutes, {
        db: database.db,
        clock: () => NOW + ACTIVITY_SILENCE_MS + 1,
        silenceSweepIntervalMs: 60_000,
      });
      await swept.ready();
      vi.advanceTimersByTime(60_000);
    } finally {
      await swept.close();
      vi.useRealTimers();
    }
    expect(await activitiesOf(device.deviceId)).toMatchObject([
      { status: 'COMPLETE', closed_by: 'SILENCE', timestamp_end_ms: first },
    ]);
  });
});
