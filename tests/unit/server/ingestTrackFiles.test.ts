import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinTracks, readTrackFile, type TrackPoint } from '../../../tools/tracks';
import { addTestDevice, addTestMember } from './deviceFixtures';
import { buildTestServer, createTestDatabase, type TestDatabase } from './testServer';

/*
 * Issue 5 acceptance on the TCX and FIT tracks (the GPX ones are in ingest.test.ts): each real track,
 * sent to the OsmAnd endpoint as Traccar Client's JSON body (a phone's offline buffer: arrays of
 * locations), in order and shuffled, yields activities whose Distance is within 1 % of an independent
 * haversine (R = 6372.8 km) over the accepted fixes, holding every point in time order.
 */

const TRACKS = path.resolve(__dirname, '../../fixtures/tracks');
const FILES = [
  'bike-zurich-ch-hr.tcx',
  'triathlon-openwater-swim-bike-run-fr.fit',
  'multisport-kayak-run-bike-lysefjord-no.fit',
] as const;
/** Locations per request (Traccar Client sends its buffer in pieces). */
const CHUNK = 2_000;
const GAP_MS = 30 * 60_000;

let database: TestDatabase;
let app: FastifyInstance;
let memberId = 0;

/** Great-circle distance in metres on R = 6372.8 km (the atan2 form, independent of src/api/geo). */
function haversine(a: TrackPoint, b: TrackPoint): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6_372_800 * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
}

/** The points cut where the activity rule cuts: at gaps over 30 minutes. */
function stretches(points: readonly TrackPoint[]): TrackPoint[][] {
  const groups: TrackPoint[][] = [];
  for (const point of points) {
    const group = groups.at(-1);
    const last = group?.at(-1);
    if (group && last && point.timeMs - last.timeMs <= GAP_MS) group.push(point);
    else groups.push([point]);
  }
  return groups;
}

/** A seeded shuffle (deterministic). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed;
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = Math.floor((state / 2_147_483_648) * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

const addDevice = () => addTestDevice(database.db, memberId);

async function send(key: string, points: readonly TrackPoint[]): Promise<void> {
  for (let offset = 0; offset < points.length; offset += CHUNK) {
    const location = points.slice(offset, offset + CHUNK).map((point) => ({
      timestamp: new Date(point.timeMs).toISOString(),
      coords: {
        latitude: point.lat,
        longitude: point.lon,
        ...(point.altM === null ? {} : { altitude: point.altM }),
      },
    }));
    const res = await app.inject({
      method: 'POST',
      url: '/ingest/osmand',
      payload: { device_id: key, location },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestServer(database.db);
  memberId = await addTestMember(database.db, {
    sub: 'sub-track-files',
    email: 'tracks@example.com',
    nameFirst: 'Tess',
    nameLast: 'Track',
    activityTypes: ['CYCLING'],
  });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('TCX and FIT tracks through the OsmAnd endpoint (issue 5 acceptance)', () => {
  it.each(FILES)(
    '%s: Distance within 1 % of an independent haversine, every point in time order, also shuffled',
    async (file) => {
      const points = joinTracks(await readTrackFile(path.join(TRACKS, file))).points;
      const ordered = await addDevice();
      const mixed = await addDevice();
      await send(ordered.key, points);
      await send(mixed.key, shuffled(points, 20_261_122));

      const expected = stretches(points);
      for (const device of [ordered, mixed]) {
        const activities = await database.db
          .selectFrom('activities')
          .select(['activity_id', 'timestamp_start_ms', 'timestamp_end_ms', 'distance_m'])
          .where('device_id', '=', device.deviceId)
          .orderBy('timestamp_start_ms')
          .execute();
        expect(activities).toHaveLength(expected.length);
        const stored = await database.db
          .selectFrom('location_points')
          .select(['device_time_ms', 'lat', 'lon', 'activity_id'])
          .where('device_id', '=', device.deviceId)
          .orderBy('device_time_ms')
          .execute();
        expect(stored.map((p) => [p.device_time_ms, p.lat, p.lon])).toEqual(
          points.map((p) => [p.timeMs, p.lat, p.lon]),
        );
        for (const [index, activity] of activities.entries()) {
          const stretch = expected[index] ?? [];
          let reference = 0;
          for (let i = 1; i < stretch.length; i += 1) {
            reference += haversine(stretch[i - 1] as TrackPoint, stretch[i] as TrackPoint);
          }
          expect(activity.timestamp_start_ms).toBe(stretch[0]?.timeMs);
          expect(activity.timestamp_end_ms).toBe(stretch.at(-1)?.timeMs);
          expect(Math.abs(activity.distance_m - reference)).toBeLessThanOrEqual(reference * 0.01);
          const own = stored.filter((p) => p.activity_id === activity.activity_id);
          expect(own.map((p) => p.device_time_ms)).toEqual(stretch.map((p) => p.timeMs));
        }
      }
    },
    300_000,
  );
});
