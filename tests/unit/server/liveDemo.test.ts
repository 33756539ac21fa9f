import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app';
import { startDemo, type Demo } from '../../../server/demo/demo';
import { DEMO_EMAIL, ensureDemoAccount } from '../../../server/demo/demoAccount';
import { importDemoHistory } from '../../../server/demo/demoHistory';
import { DEMO_FIRST_SOS_AFTER_MS } from '../../../server/demo/liveDemo';
import { DEMO_HISTORY } from '../../../server/demo/demoTracks';
import { createShare } from '../../../server/shares/shareService';
import { DevDemo } from '../../../src/api/dev';
import { clientPool, listen, MemoryStorage, signIn, userOf } from './identity/identityKit';
import { createTestDatabase, testConfig, type TestDatabase } from './testServer';

/*
 * The live demo of `npm start` (issue 5 item 7) against a real listening server: the seeded account
 * signs in with the printed password, the history of real tracks is in place (the 3-day hike as three
 * consecutive days), seeding again changes nothing, and the live replay's points and its SOS arrive
 * through the real OsmAnd endpoint. Waits are failure bounds, never timing assertions.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

let database: TestDatabase;
let app: FastifyInstance;
let origin: string;
let demo: Demo | null = null;

/** Polls `check` every 50 ms until it holds; fails after `boundMs` (a failure bound only). */
async function eventually(check: () => Promise<boolean>, boundMs = 60_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts the demo on the test server, replaying at 60×, with guardian shares of its activities. */
function startTestDemo(): Promise<Demo> {
  return startDemo(database.db, {
    origin,
    speed: 60,
    sosAt: 0,
    firstSosAfterMs: DEMO_FIRST_SOS_AFTER_MS,
    log: app.log,
    share: (account, activityId) =>
      createShare(database.db, {
        memberId: account.memberId,
        target: { kind: 'activity', activityId },
        expiresAtMs: null,
        publicUrl: origin,
        nowMs: Date.now(),
      }),
  });
}

/** The demo watch's row, found by the IMEI GET /api/dev/demo names. */
async function demoWatch(): Promise<{ device_id: number }> {
  const { Device } = await devDemo();
  return database.db
    .selectFrom('devices')
    .select('device_id')
    .where('imei', '=', Device?.Imei ?? '')
    .executeTakeFirstOrThrow();
}

async function devDemo(): Promise<DevDemo> {
  const response = await app.inject({ method: 'GET', url: '/api/dev/demo' });
  expect(response.statusCode).toBe(200);
  return DevDemo.parse(response.json());
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildServer(testConfig({ DEV_ENDPOINTS: 'true' }), {
    db: database.db,
    demo: { current: () => demo?.current() ?? null },
  });
  await app.ready();
  origin = await listen(app);
  demo = await startTestDemo();
}, 120_000);

afterAll(async () => {
  await app.close();
  await demo?.stop();
  await database.drop();
});

describe('the live demo (issue 5 item 7)', () => {
  it('GET /api/dev/demo names the demo member, the watch and, once live, the guardian share', async () => {
    await eventually(async () => (await devDemo()).ShareUrl !== undefined);
    const info = await devDemo();
    expect(info.Member?.Email).toBe(DEMO_EMAIL);
    expect(info.Device?.Imei).toMatch(/^\d{15}$/);
    expect(info.ShareUrl).toBe(`${origin}/share/activity/${info.ShareToken ?? ''}`);
    expect(info.ActivatableDevices.map((d) => d.Imei)).not.toContain(info.Device?.Imei);
  });

  it('the printed password signs in through the real SRP client', async () => {
    const { Member } = await devDemo();
    const storage = new MemoryStorage();
    const session = await signIn(
      userOf(clientPool(app, origin, storage), Member?.Email ?? '', storage),
      Member?.Password ?? '',
    );
    expect(session.getIdToken().payload.email).toBe(DEMO_EMAIL);
  });

  it('the history is real tracks in the recent weeks; the 3-day hike is three consecutive days', async () => {
    const member = await database.db
      .selectFrom('members')
      .select('member_id')
      .where('email', '=', DEMO_EMAIL)
      .executeTakeFirstOrThrow();
    const activities = await database.db
      .selectFrom('activities')
      .select(['activity_type', 'timestamp_start_ms', 'timestamp_end_ms', 'distance_m'])
      .where('member_id', '=', member.member_id)
      .where('timestamp_end_ms', 'is not', null)
      .orderBy('timestamp_start_ms')
      .execute();
    const types = new Set(activities.map((a) => a.activity_type));
    for (const type of ['RUNNING', 'CYCLING', 'SAILING', 'SWIMMING', 'KAYAKING', 'HIKING']) {
      expect(types).toContain(type);
    }
    const oldest = Math.max(...DEMO_HISTORY.map((outing) => outing.daysAgo)) + 1;
    const checkedAt = Date.now();
    for (const activity of activities) {
      expect(activity.timestamp_start_ms).toBeGreaterThan(checkedAt - oldest * DAY_MS);
      expect(activity.timestamp_start_ms).toBeLessThan(checkedAt);
      expect(activity.distance_m).toBeGreaterThan(0);
    }
    const hikeDays = activities
      .filter((a) => a.activity_type === 'HIKING')
      .map((a) => Math.floor(a.timestamp_start_ms / DAY_MS));
    expect(hikeDays).toHaveLength(3);
    expect(hikeDays.map((day) => day - (hikeDays[0] ?? 0))).toEqual([0, 1, 2]);
  });

  it('seeding again changes nothing', async () => {
    const before = await database.db
      .selectFrom('activities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const first = await ensureDemoAccount(database.db, Date.now());
    const again = await ensureDemoAccount(database.db, Date.now());
    expect(again).toEqual(first);
    expect(await importDemoHistory(database.db, first.ingestKey, Date.now())).toBe(0);
    const after = await database.db
      .selectFrom('activities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('timestamp_end_ms', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(after.n).toBeLessThanOrEqual(before.n);
  });

  it('the live replay keeps sending real fixes, some with heart rate, and its SOS raises an ASSISTANCE alert', async () => {
    const device = await demoWatch();
    const livePoints = async () => {
      const row = await database.db
        .selectFrom('location_points')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('device_id', '=', device.device_id)
        .where('device_time_ms', '>', Date.now() - 10 * 60_000)
        .executeTakeFirstOrThrow();
      return row.n;
    };
    await eventually(async () => (await livePoints()) >= 10);
    const seen = await livePoints();
    await eventually(async () => (await livePoints()) > seen);
    // Some live fixes carry the paddle's recorded heart rate (sent with a VITALS event).
    const withHeartRate = await database.db
      .selectFrom('location_points')
      .select('heart_rate_bpm')
      .where('device_id', '=', device.device_id)
      .where('device_time_ms', '>', Date.now() - 10 * 60_000)
      .where('heart_rate_bpm', 'is not', null)
      .execute();
    expect(withHeartRate.length).toBeGreaterThan(0);
    expect(withHeartRate.every((row) => (row.heart_rate_bpm ?? 0) >= 60)).toBe(true);
    await eventually(async () => {
      const alert = await database.db
        .selectFrom('alerts')
        .select('alert_type')
        .where('device_id', '=', device.device_id)
        .where('alert_type', '=', 'ASSISTANCE')
        .executeTakeFirst();
      return alert !== undefined;
    });
  });

  it('a restart of the demo closes the activity the last run left open and records a new one', async () => {
    const device = await demoWatch();
    const openActivity = () =>
      database.db
        .selectFrom('activities')
        .select(['activity_id', 'activity_type', 'timestamp_start_ms'])
        .where('device_id', '=', device.device_id)
        .where('timestamp_end_ms', 'is', null)
        .executeTakeFirst();
    const before = await openActivity();
    expect(before).toBeDefined();
    // The server stops (the replay with it) and starts again on the same database.
    await demo?.stop();
    demo = await startTestDemo();
    // The replay begins again where a loop begins: in a new activity, not as a jump in the old one.
    await eventually(async () => {
      const now = await openActivity();
      return now !== undefined && now.activity_id !== before?.activity_id;
    });
    const after = await openActivity();
    expect(after?.activity_type).toBe('KAYAKING');
    // The watch's TRACKING_START closed the old one; it ended before the new one began.
    const earlier = await database.db
      .selectFrom('activities')
      .select(['timestamp_end_ms', 'closed_by'])
      .where('activity_id', '=', before?.activity_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(earlier.closed_by).toBe('TRACKING_START');
    expect(earlier.timestamp_end_ms).not.toBeNull();
    expect(earlier.timestamp_end_ms ?? Infinity).toBeLessThanOrEqual(
      after?.timestamp_start_ms ?? -Infinity,
    );
  });
});
