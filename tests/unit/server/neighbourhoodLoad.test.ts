import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestTelemetry } from '../../../server/telemetry/ingest';
import { NEIGHBOURHOOD_FIXES } from '../../../server/telemetry/lateFold';
import { loadLateFixNeighbourhoods } from '../../../server/telemetry/neighbourhoodLoad';
import type { IngestPoint } from '../../../src/api/ingest';
import { addTestDevice, addTestMember, type TestDevice } from './deviceFixtures';
import { createTestDatabase, type TestDatabase } from './testServer';

const NOW = Date.UTC(2026, 11, 6, 12, 0, 0);
const SECOND = 1_000;

let database: TestDatabase;

/** `count` fixes every 5 s from NOW, drifting north from (`lat`, 5° E); every 7th is untrusted. */
function fixes(count: number, lat: number): IngestPoint[] {
  return Array.from({ length: count }, (_, i) => ({
    Time: NOW + i * 5 * SECOND,
    Lat: lat + i * 0.0001,
    Lon: 5,
    Hacc: i % 7 === 3 ? 80 : 5,
    ...(i % 4 === 1 ? {} : { Speed: 1 + i / 10 }),
  }));
}

async function wearer(n: number): Promise<TestDevice> {
  const memberId = await addTestMember(database.db, {
    sub: `neighbourhood-${n}`,
    email: `neighbourhood-${n}@example.com`,
    nameFirst: 'Neigh',
    nameLast: `Bour ${n}`,
    activityTypes: ['KAYAKING'],
  });
  return addTestDevice(database.db, memberId);
}

async function activityOf(deviceId: number): Promise<number> {
  const row = await database.db
    .selectFrom('activities')
    .select('activity_id')
    .where('device_id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return row.activity_id;
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('reading the fixes around late fixes (issue 5 item 2)', () => {
  it('answers each slice the fixes on both sides and between, and whether they reach the ends', async () => {
    const [near, middle, far] = [await wearer(1), await wearer(2), await wearer(3)];
    const tracks = new Map([
      [near, fixes(40, 60)],
      [middle, fixes(80, 61)],
      [far, fixes(50, 62)],
    ]);
    for (const [device, points] of tracks) {
      await ingestTelemetry(database.db, device.key, { points, events: [] }, NOW);
    }
    const at = (index: number) => NOW + index * 5 * SECOND;
    const slices = [
      // Near the start: fewer than NEIGHBOURHOOD_FIXES before.
      { device: near, newIndexes: [4] },
      // Two new fixes far apart: everything between them, and full sides.
      { device: middle, newIndexes: [30, 45] },
      // Near the end: fewer than NEIGHBOURHOOD_FIXES after.
      { device: far, newIndexes: [40] },
    ];
    const read = await database.db.transaction().execute(async (trx) =>
      loadLateFixNeighbourhoods(
        trx,
        await Promise.all(
          slices.map(async ({ device, newIndexes }) => ({
            deviceId: device.deviceId,
            activityId: await activityOf(device.deviceId),
            newTimes: new Set(newIndexes.map(at)),
          })),
        ),
      ),
    );

    const expected = slices.map(({ device, newIndexes }) => {
      const points = tracks.get(device) ?? [];
      const [first = 0, last = 0] = [newIndexes[0], newIndexes.at(-1)];
      const from = Math.max(0, first - NEIGHBOURHOOD_FIXES);
      const to = Math.min(points.length, last + 1 + NEIGHBOURHOOD_FIXES);
      return {
        fixes: points.slice(from, to).map((point) => ({
          time: point.Time,
          lat: point.Lat,
          lon: point.Lon,
          hacc: point.Hacc ?? null,
          speed: point.Speed ?? null,
        })),
        newTimes: new Set(newIndexes.map(at)),
        reachesStart: first < NEIGHBOURHOOD_FIXES,
        reachesEnd: points.length - 1 - last < NEIGHBOURHOOD_FIXES,
      };
    });
    expect(read).toEqual(expected);
    expect(read.map((slice) => [slice.reachesStart, slice.reachesEnd])).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
  });

  it('reads nothing for no slices', async () => {
    const read = await database.db
      .transaction()
      .execute((trx) => loadLateFixNeighbourhoods(trx, []));
    expect(read).toEqual([]);
  });
});
