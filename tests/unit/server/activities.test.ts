import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readGpxPoints } from '../../../bench/lib/gpxTrack';
import type { ActivityDetail, ActivitySummary } from '../../../src/api/entities/activity';
import type { LocationPoint } from '../../../src/api/entities/location';
import { decodeTrackBinary, TRACK_BINARY_MEDIA_TYPE } from '../../../src/api/trackBinary';
import { accumulateFixes, statsColumns } from '../../../server/telemetry/activityStats';
import { listen } from './identity/identityKit';
import { signedUpIdToken } from './signedUpMember';
import { buildTestServer, createTestDatabase, type TestDatabase } from './testServer';

/*
 * The member-integration activity calls (application-behaviour §7, §8; policy §5 "Trim"). Activities
 * and their points are inserted directly from real GPX tracks (tests/fixtures/tracks), shifted in time.
 */

let database: TestDatabase;
let app: FastifyInstance;
let origin = '';
const tokens = { alice: '', bob: '' };
const members = { alice: 0, bob: 0 };
const devices = { alice: 0, bob: 0 };
let runTrack: LocationPoint[] = [];
let sailTrack: LocationPoint[] = [];

type Who = keyof typeof tokens;
const TRACKS = path.resolve(__dirname, '../../fixtures/tracks');
const MINUTE = 60_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);

async function signUp(who: Who): Promise<void> {
  const email = `${who}@example.com`;
  const idToken = await signedUpIdToken(app, database.db, origin, email);
  const login = await app.inject({
    method: 'POST',
    url: '/authapi/member/login-member-c2/en',
    headers: { authorization: `Bearer ${idToken}` },
    payload: {},
  });
  tokens[who] = login.json<{ MemberIntegrationToken: string }>().MemberIntegrationToken;
  const member = await database.db
    .selectFrom('members')
    .select('member_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  members[who] = member.member_id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestServer(database.db);
  origin = await listen(app);
  await signUp('alice');
  await signUp('bob');
  // Points need a device row; two of the seeded registry's devices serve (whose they are is not read).
  const seeded = await database.db
    .selectFrom('devices')
    .select('device_id')
    .orderBy('device_id')
    .limit(2)
    .execute();
  devices.alice = seeded[0]?.device_id ?? 0;
  devices.bob = seeded[1]?.device_id ?? 0;
  // The run's GPX repeats one timestamp; a device's points are unique by time (the ingest's key).
  runTrack = uniqueTimes(await readGpxPoints(path.join(TRACKS, 'run-washington-dc-hr.gpx')));
  sailTrack = (
    await readGpxPoints(path.join(TRACKS, 'sail-valencia-regatta-ESP29375-race1.gpx'))
  ).slice(0, 300);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

beforeEach(async () => {
  await database.db.deleteFrom('location_points').execute();
  await database.db.deleteFrom('activities').execute();
});

/** `points` without a repeated `Time` (the first of each time kept). */
function uniqueTimes(points: readonly LocationPoint[]): LocationPoint[] {
  const seen = new Set<number>();
  return points.filter((point) => !seen.has(point.Time) && seen.add(point.Time));
}

// ---- fixtures ----------------------------------------------------------------------------------

/** Independent haversine (R = 6372.8 km, app §9), in metres. */
function haversine(a: LocationPoint, b: LocationPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.Y - a.Y) * rad;
  const dLon = (b.X - a.X) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.Y * rad) * Math.cos(b.Y * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_372_800 * Math.asin(Math.sqrt(h));
}

/**
 * The top speed rule of docs/decisions.md "ActivityStats", written out independently: the highest
 * median of five consecutive speeds (the median of all while fewer than five), m/s.
 */
function topSpeed(speeds: readonly number[]): number {
  const median = (values: readonly number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const m = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? (sorted[m] ?? 0) : ((sorted[m - 1] ?? 0) + (sorted[m] ?? 0)) / 2;
  };
  if (speeds.length < 5) return median(speeds);
  return Math.max(...speeds.slice(4).map((_, i) => median(speeds.slice(i, i + 5))));
}

const pathLength = (points: readonly LocationPoint[]) =>
  points.reduce(
    (sum, point, i) => (i === 0 ? 0 : sum + haversine(points[i - 1] ?? point, point)),
    0,
  );

/** `track` shifted to start at `startMs`, with a varying Hacc (m) and Speed (m/s) on every point. */
function shifted(track: readonly LocationPoint[], startMs: number): LocationPoint[] {
  const first = track[0]?.Time ?? 0;
  return track.map((point, i) => ({
    ...point,
    Time: point.Time - first + startMs,
    Hacc: 3 + (i % 5),
    Speed: 2 + (i % 7) / 2,
  }));
}

interface Inserted {
  readonly id: number;
  readonly points: LocationPoint[];
  readonly start: number;
  readonly end: number | null;
}

/**
 * Inserts an activity of `who` with `points` (stored in shuffled order, so the answer's order comes
 * from the query) and stats from the independent haversine. `open` leaves TimestampEnd null.
 */
async function insertActivity(
  who: Who,
  points: LocationPoint[],
  options: { type?: string; open?: boolean; status?: string } = {},
): Promise<Inserted> {
  const start = points[0]?.Time ?? T0;
  const last = points.at(-1)?.Time ?? start;
  const end = options.open ? null : last;
  const distance = pathLength(points);
  const row = await database.db
    .insertInto('activities')
    .values({
      member_id: members[who],
      device_id: devices[who],
      activity_type: options.type ?? 'RUNNING',
      status: options.status ?? (options.open ? 'ACTIVE' : 'COMPLETE'),
      timestamp_start_ms: start,
      timestamp_end_ms: end,
      last_fix_ms: last,
      distance_m: distance,
      duration_ms: last - start,
      speed_avg_mps: last > start ? distance / ((last - start) / 1000) : 0,
      speed_max_mps: Math.max(0, ...points.map((p) => p.Speed ?? 0)),
      // schema.ts types the JSON column's insert as a string; a SQL null says "never set".
      splits_settings: sql<string>`null`,
    })
    .returning('activity_id')
    .executeTakeFirstOrThrow();
  const shuffled = points.map((p, i) => ({ p, key: (i * 7919) % points.length }));
  shuffled.sort((a, b) => a.key - b.key);
  if (points.length > 0) {
    await database.db
      .insertInto('location_points')
      .values(
        shuffled.map(({ p }) => ({
          device_id: devices[who],
          device_time_ms: p.Time,
          activity_id: row.activity_id,
          lon: p.X,
          lat: p.Y,
          alt: p.Alt,
          hacc: p.Hacc,
          speed_mps: p.Speed,
        })),
      )
      .execute();
  }
  return { id: row.activity_id, points, start, end };
}

/** The stored row and points of an activity, to prove a call changed nothing. */
async function snapshot(activityId: number) {
  const row = await database.db
    .selectFrom('activities')
    .selectAll()
    .where('activity_id', '=', activityId)
    .executeTakeFirst();
  const points = await database.db
    .selectFrom('location_points')
    .select(['device_id', 'device_time_ms', 'activity_id', 'lon', 'lat'])
    .where('activity_id', '=', activityId)
    .orderBy('device_time_ms')
    .execute();
  return { row, points };
}

// ---- calls -------------------------------------------------------------------------------------

const base = '/api/member-integration';
const auth = (who: Who) => ({ authorization: `Bearer ${tokens[who]}` });
const post = (who: Who, call: string, payload: object) =>
  app.inject({ method: 'POST', url: `${base}/${call}`, headers: auth(who), payload });

async function list(who: Who, call: string, window: object): Promise<ActivitySummary[]> {
  const res = await post(who, call, window);
  expect(res.statusCode).toBe(200);
  return res.json<{ Activities: ActivitySummary[] }>().Activities;
}
const ids = (activities: readonly { ActivityId: number }[]) => activities.map((a) => a.ActivityId);

async function detail(who: Who, activityId: number, window?: object): Promise<ActivityDetail> {
  const res = await post(who, 'member-wearer-activity-detail', {
    ActivityId: activityId,
    TimeStart: 0,
    TimeEnd: T0 + 400 * DAY,
    ...window,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ Activity: ActivityDetail }>().Activity;
}

// ---- tests -------------------------------------------------------------------------------------

describe('member-wearer-activities (app §7)', () => {
  it('answers the caller’s activities overlapping the window, newest first', async () => {
    const first = await insertActivity('alice', shifted(runTrack, T0));
    const second = await insertActivity('alice', shifted(runTrack, T0 + 2 * DAY));
    const open = await insertActivity('alice', shifted(runTrack.slice(0, 20), T0 + 5 * DAY), {
      open: true,
    });
    const bobs = await insertActivity('bob', shifted(sailTrack, T0 + DAY));
    const window = { TimeStart: T0 - DAY, TimeEnd: T0 + 10 * DAY };
    expect(ids(await list('alice', 'member-wearer-activities', window))).toEqual([
      open.id,
      second.id,
      first.id,
    ]);
    expect(ids(await list('bob', 'member-wearer-activities', window))).toEqual([bobs.id]);
  });

  it('includes activities that only overlap an edge of the window (ends inclusive)', async () => {
    const run = await insertActivity('alice', shifted(runTrack, T0));
    const end = run.end ?? 0;
    const call = 'member-wearer-activities';
    expect(ids(await list('alice', call, { TimeStart: end, TimeEnd: end + DAY }))).toEqual([
      run.id,
    ]);
    expect(ids(await list('alice', call, { TimeStart: 0, TimeEnd: run.start }))).toEqual([run.id]);
    expect(await list('alice', call, { TimeStart: end + 1, TimeEnd: end + DAY })).toEqual([]);
    expect(await list('alice', call, { TimeStart: 0, TimeEnd: run.start - 1 })).toEqual([]);
  });

  it('an open activity overlaps every window ending after its start', async () => {
    const open = await insertActivity('alice', shifted(runTrack.slice(0, 10), T0), { open: true });
    const later = { TimeStart: T0 + 100 * DAY, TimeEnd: T0 + 101 * DAY };
    expect(ids(await list('alice', 'member-wearer-activities', later))).toEqual([open.id]);
  });

  it('answers the summary shape with the stored stats (app §3 ActivityStats)', async () => {
    const run = await insertActivity('alice', shifted(runTrack, T0), { type: 'HIKING' });
    const [summary] = await list('alice', 'member-wearer-activities', {
      TimeStart: T0,
      TimeEnd: T0 + DAY,
    });
    const stored = await database.db
      .selectFrom('activities')
      .selectAll()
      .where('activity_id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(summary).toEqual({
      ActivityId: run.id,
      ActivityType: 'HIKING',
      TimestampStart: run.start,
      TimestampEnd: run.end,
      Status: 'COMPLETE',
      ActivityStats: {
        Distance: { Displayed: stored.distance_m, Meters: stored.distance_m, Type: 'GNSS' },
        DurationMs: stored.duration_ms,
        SpeedAvgMPS: stored.speed_avg_mps,
        SpeedMaxMPS: stored.speed_max_mps,
      },
    });
    expect(summary?.ActivityStats.Distance.Meters).toBeGreaterThan(1000);
  });

  it.each([
    ['TimeEnd before TimeStart', { TimeStart: T0, TimeEnd: T0 - 1 }],
    ['a missing TimeEnd', { TimeStart: T0 }],
    ['a text time', { TimeStart: 'yesterday', TimeEnd: T0 }],
    ['a fractional time', { TimeStart: 1.5, TimeEnd: T0 }],
  ])('rejects %s with 400 REQUEST_INVALID', async (_name, window) => {
    for (const call of ['member-wearer-activities', 'member-wearer-activity-summaries']) {
      const res = await post('alice', call, window);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ErrorCode: 'REQUEST_INVALID' });
    }
  });

  it('answers 401 without a member token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `${base}/member-wearer-activities`,
      payload: { TimeStart: 0, TimeEnd: T0 },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('member-wearer-activity-summaries (app §7, §9 minimum window 30 days)', () => {
  it('widens a short window to 30 days back from TimeEnd; the list call does not', async () => {
    const old = await insertActivity('alice', shifted(runTrack, T0 - 40 * DAY));
    const recent = await insertActivity('alice', shifted(runTrack, T0 - 20 * DAY));
    const today = await insertActivity('alice', shifted(runTrack, T0));
    const lastHour = { TimeStart: T0 - 60 * MINUTE, TimeEnd: T0 + 60 * MINUTE };
    expect(ids(await list('alice', 'member-wearer-activities', lastHour))).toEqual([today.id]);
    expect(ids(await list('alice', 'member-wearer-activity-summaries', lastHour))).toEqual([
      today.id,
      recent.id,
    ]);
    const year = { TimeStart: T0 - 365 * DAY, TimeEnd: T0 + DAY };
    expect(ids(await list('alice', 'member-wearer-activity-summaries', year))).toEqual([
      today.id,
      recent.id,
      old.id,
    ]);
  });
});

describe('member-wearer-activity-detail (app §3 Activity detail, §7)', () => {
  it('answers the activity with every point in time order, mapped to Time, X, Y, Hacc, Alt, Speed', async () => {
    const points = shifted(runTrack, T0);
    const run = await insertActivity('alice', points);
    const activity = await detail('alice', run.id);
    expect(activity).toMatchObject({
      ActivityId: run.id,
      ActivityType: 'RUNNING',
      TimestampStart: run.start,
      TimestampEnd: run.end,
      SplitsSettings: null,
    });
    expect(activity.LocationHistory).toHaveLength(runTrack.length);
    expect(activity.LocationHistory).toEqual(points);
    const times = activity.LocationHistory.map((p) => p.Time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('limits LocationHistory to [TimeStart, TimeEnd]', async () => {
    const points = shifted(runTrack, T0);
    const run = await insertActivity('alice', points);
    const window = { TimeStart: T0 + MINUTE, TimeEnd: T0 + 3 * MINUTE };
    const activity = await detail('alice', run.id, window);
    const expected = points.filter((p) => p.Time >= window.TimeStart && p.Time <= window.TimeEnd);
    expect(expected.length).toBeGreaterThan(10);
    expect(activity.LocationHistory).toEqual(expected);
    expect(
      (await detail('alice', run.id, { TimeStart: 0, TimeEnd: T0 - 1 })).LocationHistory,
    ).toEqual([]);
  });

  it('another member’s or an unknown ActivityId answers 404 UNKNOWN and leaks nothing', async () => {
    const bobs = await insertActivity('bob', shifted(sailTrack, T0));
    const window = { TimeStart: 0, TimeEnd: T0 + DAY };
    const foreign = await post('alice', 'member-wearer-activity-detail', {
      ActivityId: bobs.id,
      ...window,
    });
    const unknown = await post('alice', 'member-wearer-activity-detail', {
      ActivityId: bobs.id + 1000,
      ...window,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ ErrorCode: 'UNKNOWN', Error: 'No such activity' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(foreign.body);
  });

  it.each([
    ['ActivityId 0', { ActivityId: 0, TimeStart: 0, TimeEnd: T0 }],
    ['TimeEnd before TimeStart', { ActivityId: 1, TimeStart: T0, TimeEnd: 0 }],
    ['no window', { ActivityId: 1 }],
  ])('rejects %s with 400', async (_name, payload) => {
    const res = await post('alice', 'member-wearer-activity-detail', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'REQUEST_INVALID' });
  });
});

describe('member-wearer-activity-track (the detail’s LocationHistory as columns)', () => {
  /** The points of a track answer, decoded back into LocationHistory points. */
  function pointsOfTrack(body: Buffer): LocationPoint[] {
    const bytes = new Uint8Array(body).buffer;
    const columns = decodeTrackBinary(bytes);
    const known = (value: number | undefined) =>
      value === undefined || Number.isNaN(value) ? null : value;
    return Array.from({ length: columns.length }, (_, i) => ({
      Time: columns.time[i] ?? NaN,
      X: columns.positions[2 * i] ?? NaN,
      Y: columns.positions[2 * i + 1] ?? NaN,
      Hacc: known(columns.hacc[i]),
      Alt: known(columns.alt[i]),
      Speed: known(columns.speed[i]),
    }));
  }

  it('answers the same points as the detail, in time order, as binary columns', async () => {
    const run = await insertActivity('alice', shifted(runTrack, T0));
    const window = { TimeStart: T0 + MINUTE, TimeEnd: T0 + 3 * MINUTE };
    const res = await post('alice', 'member-wearer-activity-track', {
      ActivityId: run.id,
      ...window,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(TRACK_BINARY_MEDIA_TYPE);
    const expected = (await detail('alice', run.id, window)).LocationHistory;
    expect(expected.length).toBeGreaterThan(10);
    // Float32 columns (Alt, Speed, Hacc) keep 7 significant digits.
    const got = pointsOfTrack(res.rawPayload);
    expect(got.map((p) => [p.Time, p.X, p.Y])).toEqual(expected.map((p) => [p.Time, p.X, p.Y]));
    got.forEach((p, i) => {
      expect(p.Alt).toBeCloseTo(expected[i]?.Alt ?? NaN, 3);
      expect(p.Speed).toBeCloseTo(expected[i]?.Speed ?? NaN, 5);
    });
    // Unknown values travel as NaN and read back as unknown.
    expect(got.map((p) => p.Hacc === null)).toEqual(expected.map((p) => p.Hacc === null));
    const empty = await post('alice', 'member-wearer-activity-track', {
      ActivityId: run.id,
      TimeStart: 0,
      TimeEnd: T0 - 1,
    });
    expect(pointsOfTrack(empty.rawPayload)).toEqual([]);
  });

  it('answers 404 UNKNOWN for another member’s activity and 400 for a bad window', async () => {
    const bobs = await insertActivity('bob', shifted(sailTrack, T0));
    const foreign = await post('alice', 'member-wearer-activity-track', {
      ActivityId: bobs.id,
      TimeStart: 0,
      TimeEnd: T0 + DAY,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ ErrorCode: 'UNKNOWN', Error: 'No such activity' });
    const backwards = await post('bob', 'member-wearer-activity-track', {
      ActivityId: bobs.id,
      TimeStart: T0 + DAY,
      TimeEnd: 0,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ ErrorCode: 'REQUEST_INVALID' });
  });
});

describe('member-wearer-activity-delete (app §7)', () => {
  it('deletes the activity and its points; a second delete answers a false status', async () => {
    const run = await insertActivity('alice', shifted(runTrack, T0));
    const keep = await insertActivity('alice', shifted(runTrack, T0 + DAY));
    const res = await post('alice', 'member-wearer-activity-delete', { ActivityId: run.id });
    expect(res.json()).toEqual({ DeleteStatus: true });
    expect(await snapshot(run.id)).toEqual({ row: undefined, points: [] });
    expect((await snapshot(keep.id)).points).toHaveLength(runTrack.length);
    const again = await post('alice', 'member-wearer-activity-delete', { ActivityId: run.id });
    expect(again.json()).toEqual({
      DeleteStatus: false,
      ErrorCode: 'UNKNOWN',
      Error: 'No such activity',
    });
  });
});

describe('member-wearer-activity-edit (app §7)', () => {
  it('changes the activity type', async () => {
    const run = await insertActivity('alice', shifted(runTrack, T0));
    const res = await post('alice', 'member-wearer-activity-edit', {
      ActivityId: run.id,
      NewActivityType: 'WALKING',
    });
    expect(res.json()).toEqual({ EditStatus: true });
    expect((await detail('alice', run.id)).ActivityType).toBe('WALKING');
  });

  it('rejects an unknown type with 400 and changes nothing', async () => {
    const run = await insertActivity('alice', shifted(runTrack, T0));
    const before = await snapshot(run.id);
    for (const type of ['ALERT', 'PARAGLIDING', '', null]) {
      const res = await post('alice', 'member-wearer-activity-edit', {
        ActivityId: run.id,
        NewActivityType: type,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await snapshot(run.id)).toEqual(before);
  });
});

describe('member-wearer-activity-splits (app §5 Splits, §7; policy §3 split types)', () => {
  it.each([
    [
      { SplitType: 'DISTANCE_KM', Distance: '0,5' },
      { SplitType: 'DISTANCE_KM', Distance: 0.5 },
    ],
    [
      { SplitType: 'DISTANCE_KM', Distance: 100 },
      { SplitType: 'DISTANCE_KM', Distance: 100 },
    ],
    [
      { SplitType: 'TIME_MINUTES', Time: 1 },
      { SplitType: 'TIME_MINUTES', Time: 1 },
    ],
    [
      { SplitType: 'TIME_MINUTES', Time: '60' },
      { SplitType: 'TIME_MINUTES', Time: 60 },
    ],
  ])('saves %j as %j', async (settings, saved) => {
    const run = await insertActivity('alice', shifted(runTrack, T0));
    const res = await post('alice', 'member-wearer-activity-splits', {
      ActivityId: run.id,
      SplitsSettings: settings,
    });
    expect(res.json()).toEqual({ UpdateSuccess: true });
    expect((await detail('alice', run.id)).SplitsSettings).toEqual(saved);
  });

  it.each([
    ['0.05 km', { SplitType: 'DISTANCE_KM', Distance: 0.05 }, 'Validations.Min'],
    ['101 km', { SplitType: 'DISTANCE_KM', Distance: 101 }, 'Validations.Max'],
    ['0 min', { SplitType: 'TIME_MINUTES', Time: 0 }, 'Validations.Required'],
    ['61 min', { SplitType: 'TIME_MINUTES', Time: 61 }, 'Validations.Max'],
    ['a text distance', { SplitType: 'DISTANCE_KM', Distance: 'far' }, 'Validations.InvalidNumber'],
    ['a missing time', { SplitType: 'TIME_MINUTES' }, undefined],
    ['an unknown split type', { SplitType: 'LAPS', Laps: 3 }, undefined],
  ])('rejects %s with 400 and saves nothing', async (_name, settings, message) => {
    const run = await insertActivity('alice', shifted(runTrack, T0));
    const before = await snapshot(run.id);
    const res = await post('alice', 'member-wearer-activity-splits', {
      ActivityId: run.id,
      SplitsSettings: settings,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ ErrorCode: string; Issues: { Path: string; Message: string }[] }>();
    expect(body.ErrorCode).toBe('REQUEST_INVALID');
    if (message) expect(body.Issues.map((i) => i.Message)).toContain(message);
    expect(await snapshot(run.id)).toEqual(before);
  });
});

describe('member-wearer-activity-trim (app §7; policy §5 Trim)', () => {
  it('trims the bounds, detaches the points outside and recomputes the stats from the rest', async () => {
    const points = shifted(runTrack, T0);
    const run = await insertActivity('alice', points);
    const newStart = run.start + 2 * MINUTE;
    const newEnd = (run.end ?? 0) - 3 * MINUTE;
    const res = await post('alice', 'member-wearer-activity-trim', {
      ActivityId: run.id,
      NewActivityStart: newStart,
      NewActivityEnd: newEnd,
    });
    expect(res.json()).toEqual({ TrimStatus: true });

    const kept = points.filter((p) => p.Time >= newStart && p.Time <= newEnd);
    const activity = await detail('alice', run.id);
    expect(activity.TimestampStart).toBe(newStart);
    expect(activity.TimestampEnd).toBe(newEnd);
    expect(activity.LocationHistory).toEqual(kept);
    const distance = pathLength(kept);
    const stats = activity.ActivityStats;
    // Each step is rounded to about a micrometre (activityStats.ts DISTANCE_QUANTUM_M).
    expect(stats.Distance.Meters).toBeCloseTo(distance, 4);
    expect(stats.Distance.Displayed).toBeCloseTo(distance, 4);
    const duration = (kept.at(-1)?.Time ?? 0) - (kept[0]?.Time ?? 0);
    expect(stats.DurationMs).toBe(duration);
    expect(stats.SpeedAvgMPS).toBeCloseTo(distance / (duration / 1000), 7);
    const reported = kept.flatMap((p) => (p.Speed == null ? [] : [p.Speed]));
    expect(reported.length).toBeGreaterThan(5);
    expect(stats.SpeedMaxMPS).toBeCloseTo(
      Math.max(topSpeed(reported), distance / (duration / 1000)),
      9,
    );

    const detached = await database.db
      .selectFrom('location_points')
      .select('device_time_ms')
      .where('device_id', '=', devices.alice)
      .where('activity_id', 'is', null)
      .orderBy('device_time_ms')
      .execute();
    expect(detached.map((p) => p.device_time_ms)).toEqual(
      points.filter((p) => p.Time < newStart || p.Time > newEnd).map((p) => p.Time),
    );
    const row = await snapshot(run.id);
    expect(row.row?.last_fix_ms).toBe(kept.at(-1)?.Time);
    // The builder's running totals now describe the kept fixes, so later points extend them.
    expect(row.row?.stats_state).toMatchObject({
      firstMs: kept[0]?.Time,
      lastMs: kept.at(-1)?.Time,
      accepted: kept.length,
    });
  });

  it('accepts the whole range and exactly one minute', async () => {
    const run = await insertActivity('alice', shifted(runTrack, T0));
    const whole = { ActivityId: run.id, NewActivityStart: run.start, NewActivityEnd: run.end };
    expect((await post('alice', 'member-wearer-activity-trim', whole)).json()).toEqual({
      TrimStatus: true,
    });
    const minute = {
      ActivityId: run.id,
      NewActivityStart: run.start,
      NewActivityEnd: run.start + MINUTE,
    };
    expect((await post('alice', 'member-wearer-activity-trim', minute)).json()).toEqual({
      TrimStatus: true,
    });
    const trimmed = await detail('alice', run.id);
    expect([trimmed.TimestampStart, trimmed.TimestampEnd]).toEqual([run.start, run.start + MINUTE]);
    const times = trimmed.LocationHistory.map((p) => p.Time);
    expect(times.every((t) => t >= run.start && t <= run.start + MINUTE)).toBe(true);
    expect(trimmed.ActivityStats.DurationMs).toBe((times.at(-1) ?? 0) - (times[0] ?? 0));
  });

  it.each([
    [
      '59 s long',
      (s: number) => [s, s + MINUTE - 1_000],
      'NewActivityEnd',
      'Validations.TrimTooShort',
    ],
    [
      'end before start',
      (s: number) => [s + 5 * MINUTE, s],
      'NewActivityEnd',
      'Validations.TrimTooShort',
    ],
    [
      'starting before the activity',
      (s: number) => [s - 1, s + 5 * MINUTE],
      'NewActivityStart',
      'Validations.TrimOutOfRange',
    ],
    [
      'ending after the activity',
      (_s: number, e: number) => [e - 5 * MINUTE, e + 1],
      'NewActivityEnd',
      'Validations.TrimOutOfRange',
    ],
  ] as const)(
    'rejects a trim %s with 400 and changes nothing',
    async (_name, bounds, field, message) => {
      const run = await insertActivity('alice', shifted(runTrack, T0));
      const before = await snapshot(run.id);
      const [start, end] = bounds(run.start, run.end ?? 0);
      const res = await post('alice', 'member-wearer-activity-trim', {
        ActivityId: run.id,
        NewActivityStart: start,
        NewActivityEnd: end,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        ErrorCode: 'REQUEST_INVALID',
        Issues: expect.arrayContaining([{ Path: `body.${field}`, Message: message }]) as unknown,
      });
      expect(await snapshot(run.id)).toEqual(before);
    },
  );

  it('refuses to trim an open activity with a false status', async () => {
    const open = await insertActivity('alice', shifted(runTrack, T0), { open: true });
    const before = await snapshot(open.id);
    const res = await post('alice', 'member-wearer-activity-trim', {
      ActivityId: open.id,
      NewActivityStart: open.start + MINUTE,
      NewActivityEnd: open.start + 5 * MINUTE,
    });
    expect(res.json()).toMatchObject({ TrimStatus: false, ErrorCode: 'UNKNOWN' });
    expect(await snapshot(open.id)).toEqual(before);
  });
});

describe('member-wearer-has-historic-activity (app §7)', () => {
  it('says whether the caller has any activity, open or closed; others’ do not count', async () => {
    const has = async (who: Who) =>
      (
        await app.inject({
          method: 'GET',
          url: `${base}/member-wearer-has-historic-activity`,
          headers: auth(who),
        })
      ).json<{ HasHistoricActivity: boolean }>().HasHistoricActivity;
    await insertActivity('bob', shifted(sailTrack, T0));
    expect(await has('alice')).toBe(false);
    expect(await has('bob')).toBe(true);
    await insertActivity('alice', shifted(runTrack.slice(0, 5), T0), { open: true });
    expect(await has('alice')).toBe(true);
  });
});

describe('ownership: member A with member B’s ActivityId (ARCHITECTURE.md §5)', () => {
  it('lists never include another member’s activities', async () => {
    await insertActivity('bob', shifted(sailTrack, T0));
    for (const call of ['member-wearer-activities', 'member-wearer-activity-summaries']) {
      expect(await list('alice', call, { TimeStart: 0, TimeEnd: T0 + DAY })).toEqual([]);
    }
  });

  it.each([
    [
      'member-wearer-activity-detail',
      (id: number) => ({ ActivityId: id, TimeStart: 0, TimeEnd: T0 + DAY }),
      404,
      { ErrorCode: 'UNKNOWN' },
    ],
    [
      'member-wearer-activity-delete',
      (id: number) => ({ ActivityId: id }),
      200,
      { DeleteStatus: false, ErrorCode: 'UNKNOWN' },
    ],
    [
      'member-wearer-activity-edit',
      (id: number) => ({ ActivityId: id, NewActivityType: 'KAYAKING' }),
      200,
      { EditStatus: false, ErrorCode: 'UNKNOWN' },
    ],
    [
      'member-wearer-activity-splits',
      (id: number) => ({ ActivityId: id, SplitsSettings: { SplitType: 'TIME_MINUTES', Time: 5 } }),
      200,
      { UpdateSuccess: false, ErrorCode: 'UNKNOWN' },
    ],
    [
      'member-wearer-activity-trim',
      (id: number) => ({
        ActivityId: id,
        NewActivityStart: T0 + MINUTE,
        NewActivityEnd: T0 + 3 * MINUTE,
      }),
      200,
      { TrimStatus: false, ErrorCode: 'UNKNOWN' },
    ],
  ] as const)('%s fails and leaves B’s activity unchanged', async (call, payload, status, body) => {
    const bobs = await insertActivity('bob', shifted(sailTrack, T0), { type: 'SAILING' });
    const before = await snapshot(bobs.id);
    const res = await post('alice', call, payload(bobs.id));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject(body);
    expect(res.body).not.toContain('SAILING');
    expect(await snapshot(bobs.id)).toEqual(before);
    expect(before.points).toHaveLength(sailTrack.length);
  });
});

describe('the stats trim writes (issue 5 item 2: poor fixes kept but left out of stats)', () => {
  it('leaves a fix with Hacc over 50 m out of the stats; 50 m and unknown count', () => {
    const [a, b, c] = shifted(runTrack, T0)
      .slice(0, 40)
      .filter((_p, i) => i % 15 === 0);
    if (!a || !b || !c) throw new Error('track too short');
    const toStats = (p: LocationPoint, hacc: number | null) => ({
      time: p.Time,
      lon: p.X,
      lat: p.Y,
      hacc,
      speed: null,
    });
    const far = { ...toStats(b, 51), lon: b.X + 0.01 };
    const stats = statsColumns(accumulateFixes([toStats(a, 50), far, toStats(c, null)]));
    // The step is rounded to about a micrometre (activityStats.ts DISTANCE_QUANTUM_M).
    expect(stats.distance_m).toBeCloseTo(haversine(a, c), 5);
    expect(stats.duration_ms).toBe(c.Time - a.Time);
    expect(stats.speed_max_mps).toBeCloseTo(haversine(a, c) / ((c.Time - a.Time) / 1000), 8);
  });
});
