import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestTelemetry } from '../../../server/telemetry/ingest';
import {
  loadActivityTimelines,
  loadTimeline,
  type ActivityTimelineSlice,
} from '../../../server/telemetry/timelineLoad';
import type { IngestEvent, IngestPoint } from '../../../src/api/ingest';
import { addTestDevice, addTestMember, type TestDevice } from './deviceFixtures';
import { createTestDatabase, type TestDatabase } from './testServer';

const NOW = Date.UTC(2026, 11, 6, 12, 0, 0);
const SECOND = 1_000;

let database: TestDatabase;

/** `count` fixes every 5 s from `NOW + fromS` seconds, drifting north from (`lat`, 5° E). */
function fixes(count: number, fromS: number, lat: number): IngestPoint[] {
  return Array.from({ length: count }, (_, i) => ({
    Time: NOW + (fromS + i * 5) * SECOND,
    Lat: lat + i * 0.0001,
    Lon: 5,
    Hacc: 5 + i,
    Speed: 1 + i / 10,
  }));
}

async function wearer(n: number): Promise<TestDevice> {
  const memberId = await addTestMember(database.db, {
    sub: `timeline-${n}`,
    email: `timeline-${n}@example.com`,
    nameFirst: 'Time',
    nameLast: `Line ${n}`,
    activityTypes: ['KAYAKING'],
  });
  return addTestDevice(database.db, memberId);
}

/** The device's open activity: its id and start (epoch ms). */
async function openActivity(deviceId: number) {
  return database.db
    .selectFrom('activities')
    .select(['activity_id', 'timestamp_start_ms', 'member_id'])
    .where('device_id', '=', deviceId)
    .orderBy('timestamp_start_ms', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('reading the timelines of several open activities at once (issue 5 item 8)', () => {
  it('answers, per slice and in order, what loadTimeline answers for that activity alone', async () => {
    const [a, b, c] = [await wearer(1), await wearer(2), await wearer(3)];
    const start: IngestEvent = { Type: 'TRACKING_START', Time: NOW, ActivityType: 'HIKING' };
    // Different lengths, positions and events, so a row in the wrong slice shows.
    await ingestTelemetry(database.db, a.key, { points: fixes(6, 1, 60), events: [start] }, NOW);
    await ingestTelemetry(database.db, b.key, { points: fixes(3, 0, 61), events: [] }, NOW);
    await ingestTelemetry(database.db, c.key, { points: fixes(9, 2, 62), events: [] }, NOW);
    const slices: (ActivityTimelineSlice & { memberId: number })[] = [];
    for (const device of [c, a, b]) {
      const activity = await openActivity(device.deviceId);
      slices.push({
        deviceId: device.deviceId,
        memberId: activity.member_id,
        activityId: activity.activity_id,
        fromMs: activity.timestamp_start_ms,
      });
    }

    const together = await database.db
      .transaction()
      .execute((trx) => loadActivityTimelines(trx, slices));
    const alone = await database.db.transaction().execute(async (trx) => {
      const timelines = [];
      for (const slice of slices) {
        timelines.push(
          await loadTimeline(
            trx,
            { deviceId: slice.deviceId, memberId: slice.memberId },
            {
              fromMs: slice.fromMs,
              untilMs: null,
              newFixTimes: new Set(),
              newStartTimes: new Set(),
              activityIds: [slice.activityId],
            },
          ),
        );
      }
      return timelines;
    });

    expect(together).toEqual(alone);
    expect(together.map((items) => items.length)).toEqual([9, 7, 3]);
    expect(together[1]?.[0]).toMatchObject({ kind: 'START', time: NOW, activityType: 'HIKING' });
    expect(
      await database.db.transaction().execute((trx) => loadActivityTimelines(trx, [])),
    ).toEqual([]);
  });
});
