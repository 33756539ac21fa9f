import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readGpxPoints } from '../../../bench/lib/gpxTrack';
import type { Db } from '../../../server/db/database';
import { newIngestKey } from '../../../server/devices/ingestKey';
import {
  accumulateFixes,
  EMPTY_STATS,
  isAcceptedFix,
  STATS_MAX_HACC_M,
  statsColumns,
  type StatsFix,
  type StatsState,
} from '../../../server/telemetry/activityStats';
import {
  attributeFixes,
  defaultActivityType,
  matchSegments,
  statusAfter,
} from '../../../server/telemetry/activityRules';
import { ingestTelemetry } from '../../../server/telemetry/ingest';
import {
  ACTIVITY_SILENCE_MS,
  compareTrackItems,
  TimelineWalker,
  type Segment,
  type TrackItem,
} from '../../../server/telemetry/segmentation';
import { closeSilentActivities, startSilenceSweep } from '../../../server/telemetry/silenceSweep';
import type { ActivityType } from '../../../src/api/enums';
import type { IngestEvent, IngestPoint } from '../../../src/api/ingest';
import { createTestDatabase, type TestDatabase } from './testServer';
import { addTestMember } from './deviceFixtures';

const MIN = 60_000;
const T0 = Date.UTC(2025, 5, 21, 10, 0, 0);
const TRACKS = path.resolve(__dirname, '../../fixtures/tracks');

const fix = (
  time: number,
  lat = 60,
  lon = 5,
  hacc: number | null = 5,
  speed: number | null = null,
) => ({ time, lat, lon, hacc, speed }) satisfies StatsFix;
const fixItem = (time: number): TrackItem => ({
  kind: 'FIX',
  time,
  fix: fix(time, 60 + time / 1e12, 5),
  activityId: null,
});
const start = (time: number, activityType: ActivityType = 'KAYAKING'): TrackItem => ({
  kind: 'START',
  time,
  activityType,
  isNew: true,
});
const stop = (time: number): TrackItem => ({ kind: 'STOP', time });

/** A Fisher–Yates shuffle driven by a seeded mulberry32 generator (deterministic per seed). */
function shuffle<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/** The walk's activities as [openedBy, start, end, closedBy] with times in minutes after T0. */
function walk(items: TrackItem[], nowMs: number) {
  const walker = new TimelineWalker();
  for (const item of [...items].sort(compareTrackItems)) walker.push(item);
  const minutes = (ms: number | null) => (ms === null ? null : (ms - T0) / MIN);
  return walker
    .finish(nowMs)
    .map((s) => [s.openedBy, minutes(s.start), minutes(s.end), s.closedBy, s.activityType]);
}

describe('TimelineWalker (issue 5 item 2: open and close rules)', () => {
  const at = (minutes: number) => T0 + minutes * MIN;
  it.each<[string, TrackItem[], number, unknown[]]>([
    [
      'fixes without events open one activity, closed by 30 min of silence at the end of data',
      [fixItem(at(0)), fixItem(at(10)), fixItem(at(40))],
      at(71),
      [['FIX', 0, 40, 'SILENCE', null]],
    ],
    [
      'an activity stays open while the last fix is at most 30 min old',
      [fixItem(at(0)), fixItem(at(10))],
      at(40),
      [['FIX', 0, null, null, null]],
    ],
    [
      'a gap over 30 min between fixes splits activities',
      [fixItem(at(0)), fixItem(at(10)), fixItem(at(41)), fixItem(at(42))],
      at(42),
      [
        ['FIX', 0, 10, 'SILENCE', null],
        ['FIX', 41, null, null, null],
      ],
    ],
    [
      'a gap of exactly 30 min does not split',
      [fixItem(at(0)), fixItem(at(30))],
      at(31),
      [['FIX', 0, null, null, null]],
    ],
    [
      'TRACKING_START opens an activity of its type, TRACKING_STOP closes it at its time',
      [start(at(0), 'HIKING'), fixItem(at(1)), fixItem(at(20)), stop(at(25))],
      at(100),
      [['TRACKING_START', 0, 25, 'TRACKING_STOP', 'HIKING']],
    ],
    [
      'a second TRACKING_START closes the first at its last fix',
      [start(at(0)), fixItem(at(5)), start(at(10), 'SAILING'), fixItem(at(11))],
      at(12),
      [
        ['TRACKING_START', 0, 5, 'TRACKING_START', 'KAYAKING'],
        ['TRACKING_START', 10, null, null, 'SAILING'],
      ],
    ],
    [
      'TRACKING_START without fixes is closed by silence 30 min after its start',
      [start(at(0))],
      at(31),
      [['TRACKING_START', 0, 0, 'SILENCE', 'KAYAKING']],
    ],
    [
      'a fix after TRACKING_STOP opens a new activity by fix',
      [start(at(0)), fixItem(at(1)), stop(at(2)), fixItem(at(3))],
      at(4),
      [
        ['TRACKING_START', 0, 2, 'TRACKING_STOP', 'KAYAKING'],
        ['FIX', 3, null, null, null],
      ],
    ],
    [
      'a TRACKING_STOP over 30 min after the last fix finds the activity already closed by silence',
      [fixItem(at(0)), stop(at(45))],
      at(50),
      [['FIX', 0, 0, 'SILENCE', null]],
    ],
    [
      'at one millisecond START precedes the fix and STOP follows it',
      [stop(at(5)), fixItem(at(5)), start(at(5))],
      at(6),
      [['TRACKING_START', 5, 5, 'TRACKING_STOP', 'KAYAKING']],
    ],
    ['a lone TRACKING_STOP does nothing', [stop(at(0))], at(1), []],
  ])('%s', (_name, items, nowMs, expected) => {
    expect(walk(items, nowMs)).toEqual(expected);
  });
});

describe('ActivityStats totals (app §3, §9)', () => {
  it(`accepts fixes with unknown accuracy or at most ${STATS_MAX_HACC_M} m`, () => {
    expect([null, 0, 50, 50.0001, 1_000_001].map((hacc) => isAcceptedFix({ hacc }))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('measures distance, duration, average and segment max speed over the accepted fixes', () => {
    // One degree of latitude on R = 6372.8 km is 111 226.34 m; the inaccurate middle fix is skipped.
    const state = accumulateFixes([
      fix(T0, 0, 0),
      fix(T0 + 60_000, 10, 10, 500),
      fix(T0 + 1_000_000, 1, 0),
    ]);
    const columns = statsColumns(state);
    expect(columns.distance_m).toBeCloseTo(111_226.34, 1);
    expect(columns.duration_ms).toBe(1_000_000);
    expect(columns.speed_avg_mps).toBeCloseTo(111.22634, 4);
    expect(columns.speed_max_mps).toBeCloseTo(111.22634, 4);
    expect(state.accepted).toBe(2);
  });

  it('takes SpeedMaxMPS from reported speeds when any accepted fix reports one', () => {
    // 0.00001° of longitude at the equator ≈ 1.11 m in 1 s: slower than the reported 2.5 m/s.
    const state = accumulateFixes([
      fix(T0, 0, 0, 5, 2.5),
      fix(T0 + 1000, 0.00001, 0, 5, null),
      fix(T0 + 2000, 0.002, 0, 60, 99),
    ]);
    expect(statsColumns(state).speed_avg_mps).toBeCloseTo(1.112, 3);
    expect(statsColumns(state).speed_max_mps).toBe(2.5);
  });

  it('takes the top speed over five consecutive speeds: a GPS glitch out and back does not count', () => {
    // A 1 Hz walk north at ~1.40 m/s (0.0000126° of latitude) for 50 min; fix 30 jumps 39 m east and
    // back: two segments at ~39 m/s. (The detour stays in the distance, so in the average too.)
    const walk = Array.from({ length: 3000 }, (_, i) =>
      fix(T0 + i * 1000, 60 + i * 0.0000126, i === 30 ? 5.0007 : 5),
    );
    const columns = statsColumns(accumulateFixes(walk));
    expect(columns.speed_max_mps).toBeGreaterThan(1.39);
    expect(columns.speed_max_mps).toBeLessThan(1.45);
    const withoutGlitch = walk.map((f, i) => (i === 30 ? { ...f, lon: 5 } : f));
    expect(statsColumns(accumulateFixes(withoutGlitch)).speed_max_mps).toBeCloseTo(1.4015, 3);
  });

  it('counts a burst that lasts three of five speeds, and ignores two glitches in a row', () => {
    const reported = (speeds: readonly number[]) =>
      statsColumns(accumulateFixes(speeds.map((speed, i) => fix(T0 + i * 1000, 60, 5, 5, speed))))
        .speed_max_mps;
    expect(reported([2, 2, 2, 30, 31, 2, 2, 2, 2])).toBe(2);
    expect(reported([2, 2, 2, 6, 7, 8, 2, 2, 2])).toBe(6);
    // Fewer than five speeds: the median of them all.
    expect(reported([2, 9, 3])).toBe(3);
    expect(reported([2, 9, 3, 4])).toBe(3.5);
  });

  it('extends totals stored before the top speed window (no recent speeds) without failing', () => {
    const totals = accumulateFixes([fix(T0, 60, 5, 5, 3), fix(T0 + 1000, 60.00001, 5, 5, 3)]);
    // As stored before: the JSON without the recent speeds.
    const stored = JSON.parse(
      JSON.stringify(totals, (key, value: unknown) =>
        key.startsWith('recent') ? undefined : value,
      ),
    ) as StatsState;
    expect(stored).not.toHaveProperty('recentReportedMps');
    const extended = accumulateFixes([fix(T0 + 2000, 60.00002, 5, 5, 4)], stored);
    expect(extended.recentReportedMps).toEqual([4]);
    expect(statsColumns(extended).speed_max_mps).toBe(4);
  });

  it('never gives a SpeedMaxMPS below SpeedAvgMPS (a device reporting too low a speed)', () => {
    // 111 m in 1 s while the device reported 2.5 m/s.
    const state = accumulateFixes([fix(T0, 0, 0, 5, 2.5), fix(T0 + 1000, 0.001, 0, 5, null)]);
    const columns = statsColumns(state);
    expect(columns.speed_avg_mps).toBeCloseTo(111.226, 3);
    expect(columns.speed_max_mps).toBe(columns.speed_avg_mps);
  });

  it('is zero without accepted fixes and for a single one', () => {
    expect(statsColumns(EMPTY_STATS)).toEqual({
      distance_m: 0,
      duration_ms: 0,
      speed_avg_mps: 0,
      speed_max_mps: 0,
    });
    expect(statsColumns(accumulateFixes([fix(T0, 1, 2, null, 3)]))).toEqual({
      distance_m: 0,
      duration_ms: 0,
      speed_avg_mps: 0,
      speed_max_mps: 3,
    });
  });

  it('extending totals in order equals computing them at once (bit for bit)', () => {
    const arbitraryFix = fc.record({
      lat: fc.double({ min: -89, max: 89, noNaN: true }),
      lon: fc.double({ min: -179, max: 179, noNaN: true }),
      hacc: fc.option(fc.double({ min: 0, max: 120, noNaN: true })),
      speed: fc.option(fc.double({ min: 0, max: 60, noNaN: true })),
      gapMs: fc.integer({ min: 1, max: 120_000 }),
    });
    fc.assert(
      fc.property(fc.array(arbitraryFix, { maxLength: 60 }), fc.nat(), (raw, cut) => {
        let time = T0;
        const fixes = raw.map((f) => {
          time += f.gapMs;
          return { time, lat: f.lat, lon: f.lon, hacc: f.hacc, speed: f.speed };
        });
        const at = fixes.length === 0 ? 0 : cut % (fixes.length + 1);
        const whole = accumulateFixes(fixes);
        const extended = accumulateFixes(fixes.slice(at), accumulateFixes(fixes.slice(0, at)));
        expect(extended).toEqual(whole);
      }),
    );
  });
});

describe('builder rules', () => {
  it('statusAfter keeps alert statuses and moves between ACTIVE and COMPLETE', () => {
    expect(statusAfter(null, true)).toBe('ACTIVE');
    expect(statusAfter(null, false)).toBe('COMPLETE');
    expect(statusAfter('COMPLETE', true)).toBe('ACTIVE');
    expect(statusAfter('ACTIVE', false)).toBe('COMPLETE');
    expect(statusAfter('ASSISTANCE', false)).toBe('ASSISTANCE');
    expect(statusAfter('RESOLVED', true)).toBe('RESOLVED');
    // RESOLVED holds while the activity runs; ended, it is COMPLETE (server/alerts/activityStatus.ts).
    expect(statusAfter('RESOLVED', false)).toBe('COMPLETE');
  });

  it('an activity opened by a fix takes the first favourite type, else OTHER', () => {
    expect(defaultActivityType(['SAILING', 'HIKING'])).toBe('SAILING');
    expect(defaultActivityType([])).toBe('OTHER');
    expect(defaultActivityType(['NOT_A_TYPE'])).toBe('OTHER');
  });

  it('matches segments to stored activities by start, then by the earliest one holding their fixes', () => {
    const segment = (startMs: number, sources: number[]): Segment => ({
      openedBy: 'FIX',
      start: startMs,
      activityType: null,
      startIsNew: false,
      firstFixMs: startMs,
      lastFixMs: startMs,
      stats: EMPTY_STATS,
      closedBy: null,
      end: null,
      sourceActivityIds: new Set(sources),
    });
    const stored = [
      { activity_id: 7, timestamp_start_ms: 100 },
      { activity_id: 8, timestamp_start_ms: 200 },
      { activity_id: 9, timestamp_start_ms: 300 },
    ];
    expect(
      matchSegments([segment(50, [8, 7]), segment(300, [7]), segment(400, [])], stored),
    ).toEqual([7, 9, null]);
  });

  it('attributes fix times to the segment whose fix range holds them', () => {
    const ranged = (first: number | null, last: number | null) =>
      ({ firstFixMs: first, lastFixMs: last }) as Segment;
    expect(
      attributeFixes(
        [1, 2, 5, 6, 9],
        [ranged(1, 2), ranged(null, null), ranged(5, 9)],
        [10, 11, 12],
      ),
    ).toEqual([10, 10, 12, 12, 12]);
  });
});

describe('the builder on the database', () => {
  let database: TestDatabase;
  let memberId = 0;
  let deviceId = 0;
  let ingestKey = '';
  let hike: IngestPoint[] = [];
  let sail: IngestPoint[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    memberId = await addTestMember(database.db, {
      sub: 'builder-member',
      email: 'builder@example.com',
      nameFirst: 'Ada',
      nameLast: 'Builder',
      activityTypes: ['HIKING', 'SAILING'],
    });
    ingestKey = newIngestKey();
    const device = await database.db
      .insertInto('devices')
      .values({
        atlas_device_id: 'builder-device',
        imei: '359999000009991',
        device_type: 'SMARTPHONE_APP',
        device_nickname: 'Builder',
        member_id: memberId,
        ingest_key: ingestKey,
        registered_at: new Date(),
      })
      .returning('device_id')
      .executeTakeFirstOrThrow();
    deviceId = device.device_id;
    const asPoints = async (file: string) => {
      const seen = new Set<number>();
      return (await readGpxPoints(path.join(TRACKS, file)))
        .filter((p) => !seen.has(p.Time) && seen.add(p.Time))
        .map((p) => ({ Time: p.Time, Lat: p.Y, Lon: p.X, Alt: p.Alt }));
    };
    hike = await asPoints('multiday-hike-black-forest-de-3days.gpx');
    sail = (await asPoints('sail-valencia-regatta-ESP29375-race1.gpx')).slice(0, 240);
  });

  afterAll(async () => {
    await database.drop();
  });

  async function clear(db: Db) {
    await db.deleteFrom('location_points').where('device_id', '=', deviceId).execute();
    await db.deleteFrom('device_events').where('device_id', '=', deviceId).execute();
    await db.deleteFrom('activities').where('device_id', '=', deviceId).execute();
    // A fresh device: what the server heard from it (its clock lag) goes with its data.
    await db
      .updateTable('devices')
      .set({ heard_ms: null, heard_device_ms: null })
      .where('device_id', '=', deviceId)
      .execute();
  }

  /** Activities in start order and each point's activity as an ordinal, ids left out. */
  async function snapshot(db: Db) {
    const activities = await db
      .selectFrom('activities')
      .select([
        'activity_id',
        'activity_type',
        'status',
        'timestamp_start_ms',
        'timestamp_end_ms',
        'last_fix_ms',
        'opened_by',
        'closed_by',
        'distance_m',
        'duration_ms',
        'speed_avg_mps',
        'speed_max_mps',
      ])
      .where('device_id', '=', deviceId)
      .orderBy('timestamp_start_ms')
      .execute();
    const ordinal = new Map(activities.map((a, index) => [a.activity_id, index]));
    const points = await db
      .selectFrom('location_points')
      .select(['device_time_ms', 'activity_id'])
      .where('device_id', '=', deviceId)
      .orderBy('device_time_ms')
      .execute();
    return {
      activities: activities.map(({ activity_id: _id, ...rest }) => rest),
      points: points.map((p) => [p.device_time_ms, ordinal.get(p.activity_id ?? -1) ?? null]),
    };
  }

  async function send(items: (IngestPoint | IngestEvent)[], chunks: number[], nowMs: number) {
    let offset = 0;
    let index = 0;
    while (offset < items.length) {
      const size = Math.max(1, chunks[index % Math.max(1, chunks.length)] ?? 1);
      const chunk = items.slice(offset, offset + size);
      offset += size;
      index += 1;
      const outcome = await ingestTelemetry(
        database.db,
        ingestKey,
        {
          points: chunk.filter((item): item is IngestPoint => 'Lat' in item),
          events: chunk.filter((item): item is IngestEvent => 'Type' in item),
        },
        nowMs,
      );
      expect(outcome).toMatchObject({ kind: 'stored', duplicates: 0 });
    }
  }

  it('shuffled arrival in random batches gives the same activities, stats and attribution as ordered arrival', async () => {
    const types: ActivityType[] = ['KAYAKING', 'CYCLING'];
    const scenario = fc.record({
      track: fc.constantFrom('hike', 'sail'),
      hacc: fc.array(fc.constantFrom(null, 4, 35, 80, 5000), { minLength: 1, maxLength: 16 }),
      events: fc.array(
        fc.record({
          at: fc.double({ min: -0.05, max: 1.05, noNaN: true }),
          start: fc.boolean(),
          type: fc.constantFrom(...types),
        }),
        { maxLength: 4 },
      ),
      orderedChunks: fc.array(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 5 }),
      shuffledChunks: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
      seed: fc.integer(),
      nowAfterEndMs: fc.constantFrom(10 * MIN, 3 * 86_400_000),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const track = (s.track === 'hike' ? hike : sail).map((p, i) => ({
          ...p,
          Hacc: s.hacc[i % s.hacc.length] ?? null,
        }));
        const first = track[0]?.Time ?? 0;
        const last = track.at(-1)?.Time ?? 0;
        const events: IngestEvent[] = s.events.map((e) => {
          const time = Math.round(first + e.at * (last - first)) + 1;
          return e.start
            ? { Time: time, Type: 'TRACKING_START', ActivityType: e.type }
            : { Time: time, Type: 'TRACKING_STOP' };
        });
        const unique = new Map(events.map((e) => [`${e.Time}:${e.Type}`, e]));
        const items: (IngestPoint | IngestEvent)[] = [...track, ...unique.values()];
        const nowMs = last + s.nowAfterEndMs;
        const ordered = [...items].sort((a, b) => a.Time - b.Time);
        const shuffled = shuffle(items, s.seed);

        await clear(database.db);
        await send(ordered, s.orderedChunks, nowMs);
        const inOrder = await snapshot(database.db);
        await clear(database.db);
        await send(shuffled, s.shuffledChunks, nowMs);
        const outOfOrder = await snapshot(database.db);
        expect(outOfOrder).toEqual(inOrder);
        expect(inOrder.points).toHaveLength(track.length);
        expect(inOrder.points.every(([, activity]) => activity !== null)).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, 180_000);

  it('splits the three-day hike at its overnight gaps into three activities of the favourite type', async () => {
    await clear(database.db);
    // Uploaded a day after its last fix: a lag over 13 hours is no clock, the data is the past.
    const outcome = await ingestTelemetry(
      database.db,
      ingestKey,
      { points: hike, events: [] },
      (hike.at(-1)?.Time ?? 0) + 86_400_000,
    );
    expect(outcome).toMatchObject({ kind: 'stored', accepted: hike.length, duplicates: 0 });
    const { activities } = await snapshot(database.db);
    expect(activities.map((a) => [a.activity_type, a.status, a.opened_by, a.closed_by])).toEqual([
      ['HIKING', 'COMPLETE', 'FIX', 'SILENCE'],
      ['HIKING', 'COMPLETE', 'FIX', 'SILENCE'],
      ['HIKING', 'COMPLETE', 'FIX', 'SILENCE'],
    ]);
    for (const [index, activity] of activities.entries()) {
      const next = activities[index + 1];
      if (next) {
        expect(next.timestamp_start_ms - (activity.last_fix_ms ?? 0)).toBeGreaterThan(
          ACTIVITY_SILENCE_MS,
        );
      }
    }
  });

  it('late fixes that merge two activities move the later one’s SOS, share and messages onto the merged one', async () => {
    await clear(database.db);
    const point = (minute: number): IngestPoint => ({
      Time: T0 + minute * MIN,
      Lat: 60 + minute * 1e-4,
      Lon: 5,
      Hacc: 5,
    });
    const minutes = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => point(from + i));
    // 10:00–10:20 and 10:55–11:05: two activities (a gap over 30 minutes).
    await ingestTelemetry(
      database.db,
      ingestKey,
      { points: minutes(0, 20), events: [] },
      T0 + 20 * MIN,
    );
    await ingestTelemetry(
      database.db,
      ingestKey,
      { points: minutes(55, 65), events: [] },
      T0 + 65 * MIN,
    );
    const [first, second] = await database.db
      .selectFrom('activities')
      .select(['activity_id'])
      .where('device_id', '=', deviceId)
      .orderBy('timestamp_start_ms')
      .execute();
    if (!first || !second) throw new Error('expected two activities');
    // An SOS at 11:00 on the second, a guardian's share of it and a message to the wearer.
    await database.db
      .insertInto('alerts')
      .values({
        member_id: memberId,
        activity_id: second.activity_id,
        alert_type: 'ASSISTANCE',
        severity: 4,
        close_state: 'OPEN',
        opened_ms: T0 + 60 * MIN,
        updated_ms: T0 + 60 * MIN,
      })
      .execute();
    await database.db
      .updateTable('activities')
      .set({ status: 'ASSISTANCE' })
      .where('activity_id', '=', second.activity_id)
      .execute();
    await database.db
      .insertInto('shares')
      .values({
        share_id: 'merge-share',
        member_id: memberId,
        kind: 'activity',
        activity_id: second.activity_id,
      })
      .execute();
    const thread = await database.db
      .insertInto('message_threads')
      .values({ member_id: memberId, activity_id: second.activity_id })
      .returning('message_thread_id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('messages')
      .values({
        message_thread_id: thread.message_thread_id,
        message_text: 'Are you OK?',
        reply_options: ['No', 'Yes'],
        sender_name: 'Mum',
        sent_ms: T0 + 61 * MIN,
      })
      .execute();

    // The first activity has a thread of its own: the messages join it.
    const firstThread = await database.db
      .insertInto('message_threads')
      .values({ member_id: memberId, activity_id: first.activity_id })
      .returning('message_thread_id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('messages')
      .values({
        message_thread_id: firstThread.message_thread_id,
        message_text: 'Nice paddle!',
        reply_options: ['No', 'Yes'],
        sender_name: 'Dad',
        sent_ms: T0 + 10 * MIN,
      })
      .execute();

    // The buffered fixes of 10:21–10:54 arrive: one activity.
    await ingestTelemetry(
      database.db,
      ingestKey,
      { points: minutes(21, 54), events: [] },
      T0 + 66 * MIN,
    );
    const activities = await database.db
      .selectFrom('activities')
      .select(['activity_id', 'status'])
      .where('device_id', '=', deviceId)
      .execute();
    expect(activities).toEqual([{ activity_id: first.activity_id, status: 'ASSISTANCE' }]);
    const alert = await database.db
      .selectFrom('alerts')
      .select('activity_id')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    expect(alert?.activity_id).toBe(first.activity_id);
    const share = await database.db
      .selectFrom('shares')
      .select('activity_id')
      .where('share_id', '=', 'merge-share')
      .executeTakeFirst();
    expect(share?.activity_id).toBe(first.activity_id);
    const messages = await database.db
      .selectFrom('messages')
      .innerJoin(
        'message_threads',
        'message_threads.message_thread_id',
        'messages.message_thread_id',
      )
      .select(['message_threads.activity_id', 'messages.message_text'])
      .orderBy('messages.sent_ms')
      .execute();
    expect(messages).toEqual([
      { activity_id: first.activity_id, message_text: 'Nice paddle!' },
      { activity_id: first.activity_id, message_text: 'Are you OK?' },
    ]);
  });

  it('an activity whose alert a person resolved is COMPLETE, not RESOLVED, once silence closes it', async () => {
    await clear(database.db);
    const points = sail.slice(0, 20);
    const lastMs = points.at(-1)?.Time ?? 0;
    await ingestTelemetry(database.db, ingestKey, { points, events: [] }, lastMs);
    await database.db.updateTable('activities').set({ status: 'RESOLVED' }).execute();
    expect(
      await closeSilentActivities(database.db, lastMs + ACTIVITY_SILENCE_MS + 1, memberId),
    ).toBe(1);
    expect((await snapshot(database.db)).activities).toMatchObject([
      { status: 'COMPLETE', closed_by: 'SILENCE' },
    ]);
  });

  it('keeps a flushed buffer of the last hours open until 30 minutes after it arrived', async () => {
    await clear(database.db);
    const points = sail.slice(0, 20);
    const uploadedMs = (points.at(-1)?.Time ?? 0) + 2 * 3_600_000;
    await ingestTelemetry(database.db, ingestKey, { points, events: [] }, uploadedMs);
    expect((await snapshot(database.db)).activities).toMatchObject([{ status: 'ACTIVE' }]);
    expect(
      await closeSilentActivities(database.db, uploadedMs + ACTIVITY_SILENCE_MS, memberId),
    ).toBe(0);
    expect(
      await closeSilentActivities(database.db, uploadedMs + ACTIVITY_SILENCE_MS + 1, memberId),
    ).toBe(1);
  });

  it("keeps a slow-clocked device's activity open while it reports, and closes it 30 minutes after it stops", async () => {
    await clear(database.db);
    // Its clock runs 35 minutes slow: every fix arrives dated 35 minutes ago.
    const LAG = 35 * MIN;
    const points = sail.slice(0, 20);
    for (const point of points) {
      await ingestTelemetry(
        database.db,
        ingestKey,
        { points: [point], events: [] },
        point.Time + LAG,
      );
      expect(await closeSilentActivities(database.db, point.Time + LAG + 1000, memberId)).toBe(0);
    }
    let { activities } = await snapshot(database.db);
    expect(activities).toMatchObject([
      {
        status: 'ACTIVE',
        closed_by: null,
        timestamp_end_ms: null,
        last_fix_ms: points.at(-1)?.Time,
      },
    ]);
    const lastHeard = (points.at(-1)?.Time ?? 0) + LAG;
    expect(
      await closeSilentActivities(database.db, lastHeard + ACTIVITY_SILENCE_MS + 1, memberId),
    ).toBe(1);
    ({ activities } = await snapshot(database.db));
    expect(activities).toMatchObject([
      { status: 'COMPLETE', closed_by: 'SILENCE', timestamp_end_ms: points.at(-1)?.Time },
    ]);
  });

  it('closeSilentActivities closes an open activity 30 minutes after its last fix, and a late fix reopens it', async () => {
    await clear(database.db);
    const [a, b] = sail;
    if (!a || !b) throw new Error('short track');
    await ingestTelemetry(database.db, ingestKey, { points: [a], events: [] }, a.Time);
    expect(await closeSilentActivities(database.db, a.Time + ACTIVITY_SILENCE_MS, memberId)).toBe(
      0,
    );
    expect(
      await closeSilentActivities(database.db, a.Time + ACTIVITY_SILENCE_MS + 1, memberId),
    ).toBe(1);
    let { activities } = await snapshot(database.db);
    expect(activities).toMatchObject([
      { status: 'COMPLETE', closed_by: 'SILENCE', timestamp_end_ms: a.Time },
    ]);
    await ingestTelemetry(database.db, ingestKey, { points: [b], events: [] }, b.Time + 1000);
    ({ activities } = await snapshot(database.db));
    expect(activities).toMatchObject([
      { status: 'ACTIVE', closed_by: null, timestamp_end_ms: null, last_fix_ms: b.Time },
    ]);
  });

  it('startSilenceSweep closes silent activities on its interval with the injected clock', async () => {
    await clear(database.db);
    const [a] = sail;
    if (!a) throw new Error('short track');
    await ingestTelemetry(database.db, ingestKey, { points: [a], events: [] }, a.Time);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const errors: unknown[] = [];
      const sweep = startSilenceSweep(database.db, {
        intervalMs: 60_000,
        clock: () => a.Time + ACTIVITY_SILENCE_MS + 1,
        onError: (error) => errors.push(error),
      });
      expect((await snapshot(database.db)).activities).toMatchObject([{ status: 'ACTIVE' }]);
      vi.advanceTimersByTime(60_000);
      await sweep.stop();
      expect(errors).toEqual([]);
      expect((await snapshot(database.db)).activities).toMatchObject([
        { status: 'COMPLETE', closed_by: 'SILENCE', timestamp_end_ms: a.Time },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('recomputes from the fixes when something else rewrote the stats (a trim), leaving detached fixes out', async () => {
    await clear(database.db);
    const points = sail.slice(0, 12);
    const last = points.at(-1);
    if (!last) throw new Error('short track');
    await ingestTelemetry(
      database.db,
      ingestKey,
      { points: points.slice(0, 11), events: [] },
      last.Time,
    );
    // What a trim does: detach the first fixes and rewrite bounds and stats.
    await database.db
      .updateTable('location_points')
      .set({ activity_id: null })
      .where('device_id', '=', deviceId)
      .where('device_time_ms', '<', points[3]?.Time ?? 0)
      .execute();
    await database.db
      .updateTable('activities')
      .set({ distance_m: 1, duration_ms: 1 })
      .where('device_id', '=', deviceId)
      .execute();
    await ingestTelemetry(database.db, ingestKey, { points: [last], events: [] }, last.Time);
    const expected = statsColumns(
      accumulateFixes(
        points
          .slice(3)
          .map((p) => ({ time: p.Time, lat: p.Lat, lon: p.Lon, hacc: null, speed: null })),
      ),
    );
    const { activities, points: stored } = await snapshot(database.db);
    expect(activities).toMatchObject([
      { distance_m: expected.distance_m, duration_ms: expected.duration_ms },
    ]);
    expect(stored.filter(([, activity]) => activity === null)).toHaveLength(3);
  });
});
