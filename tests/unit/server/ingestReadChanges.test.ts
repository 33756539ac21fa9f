import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_COLUMNS } from '../../../server/activities/activityMapping';
import { ingestTelemetry } from '../../../server/telemetry/ingest';
import type { IngestCommit } from '../../../server/telemetry/ingestPublication';
import type { IngestPoint } from '../../../src/api/ingest';
import { addTestDevice, addTestMember } from './deviceFixtures';
import { createTestDatabase, type TestDatabase } from './testServer';

/*
 * A request off the in-order path (a late fix's re-cut, a merge, a retype) reads what it changed and
 * what its publication needs in one statement inside its transaction (readChanges,
 * server/telemetry/ingestPublication.ts): the commit then carries its fixes and activities exactly as
 * stored, and the changed activities in id order.
 */

const NOW = Date.UTC(2026, 10, 29, 18, 0, 0);
const SECOND = 1_000;
const MINUTE = 60 * SECOND;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

/** A fix `s` seconds after NOW, with coordinates and speeds of many digits (JSON must keep them). */
const fix = (s: number, extra: Partial<IngestPoint> = {}): IngestPoint => ({
  Time: NOW + s * SECOND,
  Lat: 60.123456789012 + s * 0.0000123456789,
  Lon: 5.987654321098 + s * 0.0000098765432,
  Hacc: 4.25,
  Speed: 1.1 + s / 7,
  Bearing: 33.3333333333,
  Alt: 101.0625,
  Vacc: 3,
  ...extra,
});

/** A device of a new member of its own. */
async function newDevice(tag: string) {
  const memberId = await addTestMember(database.db, {
    sub: `read-${tag}`,
    email: `read-${tag}@example.com`,
    nameFirst: 'Read',
    nameLast: tag,
    activityTypes: ['HIKING'],
  });
  return addTestDevice(database.db, memberId);
}

/** The device's activities as stored, the columns the publication carries. */
function activitiesOf(deviceId: number) {
  return database.db
    .selectFrom('activities')
    .select(ACTIVITY_COLUMNS)
    .where('device_id', '=', deviceId)
    .execute();
}

async function commitOf(key: string, points: IngestPoint[]): Promise<IngestCommit> {
  const outcome = await ingestTelemetry(database.db, key, { points, events: [] }, NOW + 2 * MINUTE);
  if (outcome.kind !== 'stored') throw new Error('not stored');
  return outcome.commit;
}

describe('readChanges', () => {
  // Inside the open activity a late fix is folded into it (groupedWrite.ts) and the commit is built
  // from what the fold wrote; before the activity's start it is re-cut and the commit read back.
  it.each([
    ['inside the open activity (folded)', [0, 5, 15, 20], 10],
    ['before the open activity’s start (re-cut)', [60, 65, 75, 80], 30],
  ])(
    "a late fix's commit carries its fix and its activity exactly as stored: %s",
    async (name, first, lateS) => {
      const device = await newDevice(`late-${String(lateS)}`);
      await commitOf(
        device.key,
        first.map((s) => fix(s)),
      );

      const commit = await commitOf(device.key, [fix(lateS)]);

      const activities = await activitiesOf(device.deviceId);
      expect(activities).toHaveLength(1);
      const [activity] = activities;
      expect(
        commit.activities.map((changed) => ({ ...changed, extendedOnly: !!changed.extendedOnly })),
      ).toEqual([{ activityId: activity?.activity_id, created: false, extendedOnly: false }]);
      expect(activity?.timestamp_start_ms, name).toBe(NOW + Math.min(lateS, ...first) * SECOND);
      expect(commit.written?.activities).toEqual(activities);
      const late = await database.db
        .selectFrom('location_points')
        .selectAll()
        .where('device_id', '=', device.deviceId)
        .where('device_time_ms', '=', NOW + lateS * SECOND)
        .executeTakeFirstOrThrow();
      const [written] = commit.written?.fixes ?? [];
      expect(commit.written?.fixes).toHaveLength(1);
      expect(Object.keys(written ?? {})).toHaveLength(9);
      // Every column the publication reads, as stored (alt: trusted, Vacc 3 m).
      for (const [column, value] of Object.entries(written ?? {})) {
        expect(value).toBe(late[column as keyof typeof late]);
      }
      expect(late.activity_id).toBe(activity?.activity_id);
    },
  );

  it('a late fix that joins two activities names the merged one and carries it as stored', async () => {
    const device = await newDevice('merge');
    // 40 minutes of silence splits these into two activities; a fix in the middle joins them.
    await commitOf(device.key, [fix(0), fix(5)]);
    await commitOf(device.key, [fix(40 * 60), fix(40 * 60 + 5)]);
    const before = await database.db
      .selectFrom('activities')
      .select('activity_id')
      .where('device_id', '=', device.deviceId)
      .orderBy('activity_id')
      .execute();
    expect(before).toHaveLength(2);

    const commit = await commitOf(device.key, [fix(20 * 60)]);

    const after = await activitiesOf(device.deviceId);
    expect(after).toHaveLength(1);
    expect(commit.activities.map((changed) => changed.activityId)).toEqual([after[0]?.activity_id]);
    expect(commit.written?.activities).toEqual(after);
    expect(commit.written?.fixes.map((stored) => stored.activity_id)).toEqual([
      after[0]?.activity_id,
    ]);
  });
});
