import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAndBuild, type StoredCounts } from '../../../server/telemetry/activityBuilder';
import { accumulateFixes, statsColumns } from '../../../server/telemetry/activityStats';
import { planGroupedWrite, writeGrouped } from '../../../server/telemetry/groupedWrite';
import { ingestGroup, ingestTelemetry, type IngestOutcome } from '../../../server/telemetry/ingest';
import { lockIngestDevices, type IngestDevice } from '../../../server/telemetry/ingestDevice';
import type { IngestEvent, IngestPoint } from '../../../src/api/ingest';
import { addTestDevice, addTestMember, type TestDevice } from './deviceFixtures';
import { createTestDatabase, type TestDatabase } from './testServer';

const NOW = Date.UTC(2026, 10, 29, 12, 0, 0);
const SECOND = 1_000;
const MINUTE = 60 * SECOND;

let database: TestDatabase;
let members = 0;

/** A device of a member of its own (the set-based path takes one request per member of a group). */
async function addWearer(): Promise<TestDevice> {
  members += 1;
  const memberId = await addTestMember(database.db, {
    sub: `grouped-${members}`,
    email: `grouped-${members}@example.com`,
    nameFirst: 'Grou',
    nameLast: `Ped ${members}`,
    activityTypes: ['HIKING'],
  });
  return addTestDevice(database.db, memberId);
}

/** Fixes walking north-east from (60° N, 5° E) every 5 s, the first at `NOW + fromS` seconds. */
function walk(count: number, fromS: number): IngestPoint[] {
  return Array.from({ length: count }, (_, i) => ({
    Time: NOW + (fromS + i * 5) * SECOND,
    Lat: 60 + (fromS + i * 5) * 0.00002,
    Lon: 5 + (fromS + i * 5) * 0.00001,
    Hacc: 6,
    Speed: 1.2 + (i % 3) * 0.1,
    Alt: 100 + i,
    Vacc: 4,
    Bearing: 30,
    Battery: 80,
  }));
}

/** The device's activities and fixes as stored, ids replaced by their order. */
async function stored(deviceId: number) {
  const activities = await database.db
    .selectFrom('activities')
    .selectAll()
    .where('device_id', '=', deviceId)
    .orderBy('timestamp_start_ms')
    .execute();
  const order = new Map(activities.map((row, index) => [row.activity_id, index]));
  const fixes = await database.db
    .selectFrom('location_points')
    .select(['device_time_ms', 'activity_id', 'lat', 'lon', 'heart_rate_bpm', 'battery_pct'])
    .where('device_id', '=', deviceId)
    .orderBy('device_time_ms')
    .execute();
  return {
    activities: activities.map(
      ({ activity_id: _id, member_id: _m, device_id: _d, updated_at: _u, ...row }) => row,
    ),
    fixes: fixes.map((fix) => ({
      ...fix,
      activity_id: fix.activity_id === null ? null : order.get(fix.activity_id),
    })),
  };
}

/** What a request stored, without ids, to compare two devices' answers. */
function withoutIds(counts: StoredCounts) {
  return {
    ...counts,
    inOrder: counts.inOrder && {
      saved: counts.inOrder.saved.map(
        ({ activityId: _a, row: { activity_id: _r, ...row }, ...saved }) => ({
          ...saved,
          row,
        }),
      ),
      fixes: counts.inOrder.fixes.map(({ activity_id: _a, ...fix }) => fix),
    },
  };
}

/**
 * The test database with every statement it runs counted (a Kysely plugin sees each query; the
 * transaction's `begin` and `commit` do not pass through plugins).
 */
function countingStatements() {
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      // A raw statement by its text (parameters as `?`), the others by their kind.
      statements.push(node.kind === 'RawNode' ? node.sqlFragments.join('?') : node.kind);
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
  return { db: database.db.withPlugin(plugin), statements };
}

async function lock(devices: readonly TestDevice[]): Promise<IngestDevice[]> {
  return database.db.transaction().execute(async (trx) => {
    const locked = await lockIngestDevices(
      trx,
      devices.map((device) => device.key),
    );
    return devices.map((device) => {
      const found = locked.get(device.key);
      if (!found) throw new Error('test: device not found');
      return found;
    });
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('the group commit set-based path (issue 5 item 8)', () => {
  it('writes a group of appends in two statements exactly as each request alone writes it', async () => {
    const [aloneA, aloneB, groupA, groupB] = [
      await addWearer(),
      await addWearer(),
      await addWearer(),
      await addWearer(),
    ];
    const first = walk(6, 0);
    for (const device of [aloneA, aloneB, groupA, groupB]) {
      await ingestTelemetry(database.db, device.key, { points: first, events: [] }, NOW);
    }
    // A heart rate that came before its fix: the appended fix takes it, the activity counts it.
    const vitals: IngestEvent = { Type: 'VITALS', Time: NOW + 40 * SECOND, HeartRateBpm: 121.6 };
    for (const device of [aloneB, groupB]) {
      await ingestTelemetry(database.db, device.key, { points: [], events: [vitals] }, NOW);
    }
    const nextA = walk(1, 30);
    const nextB = walk(3, 35);
    const [lockedAloneA, lockedAloneB, lockedGroupA, lockedGroupB] = await lock([
      aloneA,
      aloneB,
      groupA,
      groupB,
    ]);
    const nowMs = NOW + MINUTE;
    const perRequest = await database.db.transaction().execute(async (trx) => {
      const build = (device: IngestDevice | undefined, points: IngestPoint[]) => {
        if (!device) throw new Error('test: no device');
        const owner = { deviceId: device.deviceId, memberId: device.memberId };
        return storeAndBuild(trx, owner, device, points, [], nowMs, () =>
          Promise.resolve('HIKING'),
        );
      };
      return [await build(lockedAloneA, nextA), await build(lockedAloneB, nextB)];
    });
    const plans = [
      lockedGroupA && planGroupedWrite(lockedGroupA, nextA, [], nowMs),
      lockedGroupB && planGroupedWrite(lockedGroupB, nextB, [], nowMs),
    ];
    expect(plans.map((plan) => plan?.kind)).toEqual(['append', 'append']);
    const counting = countingStatements();
    const grouped = await counting.db.transaction().execute((trx) =>
      writeGrouped(
        trx,
        plans.flatMap((plan) => (plan ? [plan] : [])),
      ),
    );
    // One insert of both requests' fixes, one update of both activities.
    expect(counting.statements).toHaveLength(2);

    expect(grouped.map((write) => withoutIds(write.stored))).toEqual(
      perRequest.map((counts) => withoutIds(counts)),
    );
    expect(await stored(groupA.deviceId)).toEqual(await stored(aloneA.deviceId));
    const rowsB = await stored(groupB.deviceId);
    expect(rowsB).toEqual(await stored(aloneB.deviceId));
    expect(rowsB.activities[0]).toMatchObject({ heart_rate_sum: 122, heart_rate_count: 1 });
    // The activity the set-based path answers is the row as stored.
    const answered = grouped[1]?.stored.inOrder?.saved[0]?.row;
    const row = await database.db
      .selectFrom('activities')
      .selectAll()
      .where('device_id', '=', groupB.deviceId)
      .executeTakeFirstOrThrow();
    expect(answered).toEqual({
      activity_id: row.activity_id,
      activity_type: row.activity_type,
      status: row.status,
      timestamp_start_ms: row.timestamp_start_ms,
      timestamp_end_ms: row.timestamp_end_ms,
      distance_m: row.distance_m,
      duration_ms: row.duration_ms,
      speed_avg_mps: row.speed_avg_mps,
      speed_max_mps: row.speed_max_mps,
      heart_rate_sum: row.heart_rate_sum,
      heart_rate_count: row.heart_rate_count,
    });
  });

  it('folds late fixes into the open activity without a re-cut, storing what a re-cut stores', async () => {
    const [alone, groupA, groupB, groupC] = [
      await addWearer(),
      await addWearer(),
      await addWearer(),
      await addWearer(),
    ];
    // A gap from 10 s to 60 s: the late fixes fill it; the heart rate arrived before its fix.
    const first = [...walk(3, 0), ...walk(4, 60)];
    const vitals: IngestEvent = { Type: 'VITALS', Time: NOW + 30 * SECOND, HeartRateBpm: 98 };
    for (const device of [alone, groupA, groupB, groupC]) {
      await ingestTelemetry(database.db, device.key, { points: first, events: [vitals] }, NOW);
    }
    const late = [...walk(1, 5), ...walk(1, 30), ...walk(1, 45)];
    const nowMs = NOW + 2 * MINUTE;
    await ingestTelemetry(database.db, alone.key, { points: late, events: [] }, nowMs);
    const [lockedA, lockedB, lockedC] = await lock([groupA, groupB, groupC]);
    if (!lockedA || !lockedB || !lockedC) throw new Error('test: no device');
    const plans = [
      planGroupedWrite(lockedA, late, [], nowMs),
      // All re-sent: nothing to fold.
      planGroupedWrite(lockedB, walk(2, 60), [], nowMs),
      // In order: an append, in the same group.
      planGroupedWrite(lockedC, walk(1, 80), [], nowMs),
    ];
    expect(plans.map((plan) => plan?.kind === 'resent' && plan.inside !== null)).toEqual([
      true,
      true,
      false,
    ]);
    expect(plans[2]?.kind).toBe('append');
    const counting = countingStatements();
    const writes = await counting.db.transaction().execute((trx) =>
      writeGrouped(
        trx,
        plans.flatMap((plan) => (plan ? [plan] : [])),
      ),
    );
    // The fixes' insert, the folded activity's timeline, and one update of the folded activity's
    // and the appended one's totals.
    expect(counting.statements).toHaveLength(3);

    expect(
      writes.map((write) => [write.stored.inOrder !== undefined, write.stored.fixTimes.length]),
    ).toEqual([
      [true, 2],
      [false, 0],
      [true, 1],
    ]);
    expect((await stored(groupC.deviceId)).activities[0]).toMatchObject({
      last_fix_ms: NOW + 80 * SECOND,
      distance_m: writes[2]?.stored.inOrder?.saved[0]?.row.distance_m,
    });
    const rows = await stored(groupA.deviceId);
    expect(rows).toEqual(await stored(alone.deviceId));
    expect(rows.activities).toHaveLength(1);
    expect(rows.activities[0]).toMatchObject({ heart_rate_sum: 98, heart_rate_count: 1 });
    // What the folded request answers for its publication is the activity and fixes as stored.
    const folded = writes[0]?.stored.inOrder;
    expect(folded?.saved[0]?.row).toEqual({
      activity_id: folded?.saved[0]?.activityId,
      activity_type: rows.activities[0]?.activity_type,
      status: rows.activities[0]?.status,
      timestamp_start_ms: rows.activities[0]?.timestamp_start_ms,
      timestamp_end_ms: null,
      distance_m: rows.activities[0]?.distance_m,
      duration_ms: rows.activities[0]?.duration_ms,
      speed_avg_mps: rows.activities[0]?.speed_avg_mps,
      speed_max_mps: rows.activities[0]?.speed_max_mps,
      heart_rate_sum: 98,
      heart_rate_count: 1,
    });
    expect(folded?.saved[0]?.extendedOnly).toBe(false);
    expect(folded?.fixes.map((fix) => fix.device_time_ms)).toEqual([
      NOW + 30 * SECOND,
      NOW + 45 * SECOND,
    ]);
    expect(rows.fixes.map((fix) => fix.activity_id)).toEqual(
      first.concat(late.slice(0, 2)).map(() => 0),
    );
  });

  it('folds late fixes into a long activity from their neighbourhood, storing what a re-cut stores', async () => {
    const [alone, grouped] = [await addWearer(), await addWearer()];
    // 60 fixes every 5 s with three gaps (at 100 s, 145 s and 150 s) that the late fixes fill.
    // (Gaps that split the window of the top speed fold the whole activity: lateFold.test.ts.)
    const all = walk(63, 0);
    const lateTimes = [NOW + 100 * SECOND, NOW + 145 * SECOND, NOW + 150 * SECOND];
    const first = all.filter((point) => !lateTimes.includes(point.Time));
    const late = all.filter((point) => lateTimes.includes(point.Time));
    for (const device of [alone, grouped]) {
      await ingestTelemetry(database.db, device.key, { points: first, events: [] }, NOW);
    }
    const nowMs = NOW + 6 * MINUTE;
    await ingestTelemetry(database.db, alone.key, { points: late, events: [] }, nowMs);
    const [locked] = await lock([grouped]);
    if (!locked) throw new Error('test: no device');
    const plan = planGroupedWrite(locked, late, [], nowMs);
    expect(plan?.kind === 'resent' && plan.inside !== null).toBe(true);
    const counting = countingStatements();
    const [write] = await counting.db
      .transaction()
      .execute((trx) => writeGrouped(trx, plan ? [plan] : []));
    // The fixes' insert, the read of the fixes around the late ones (not the whole activity), and
    // the update of the activity's totals.
    expect(counting.statements).toHaveLength(3);
    expect(counting.statements.filter((text) => text.includes('cross join lateral'))).toHaveLength(
      1,
    );
    expect(write?.stored.inOrder).toBeDefined();
    const rows = await stored(grouped.deviceId);
    expect(rows).toEqual(await stored(alone.deviceId));
    expect(rows.activities).toHaveLength(1);
    expect(rows.activities[0]?.stats_state).toEqual(
      accumulateFixes(
        all.map((point) => ({
          time: point.Time,
          lat: point.Lat,
          lon: point.Lon,
          hacc: point.Hacc ?? null,
          speed: point.Speed ?? null,
        })),
      ),
    );
  });

  it('re-cuts a late fix whose activity the silence closes, counting its heart rate once', async () => {
    const [alone, grouped] = [await addWearer(), await addWearer()];
    // A heart rate stored for 10 s, before its fix; the late fix at 10 s arrives when the device has
    // been silent for 40 minutes, so the walk closes the activity and the request is re-cut.
    const first = [...walk(2, 0), ...walk(2, 15)];
    const vitals: IngestEvent = { Type: 'VITALS', Time: NOW + 10 * SECOND, HeartRateBpm: 104 };
    for (const device of [alone, grouped]) {
      await ingestTelemetry(database.db, device.key, { points: first, events: [vitals] }, NOW);
    }
    const late = walk(1, 10);
    const nowMs = NOW + 40 * MINUTE;
    await ingestTelemetry(database.db, alone.key, { points: late, events: [] }, nowMs);
    const [outcome] = await ingestGroup(database.db, [
      { ingestKey: grouped.key, input: { points: late, events: [] }, nowMs },
    ]);
    expect(outcome?.kind).toBe('stored');
    const rows = await stored(grouped.deviceId);
    expect(rows).toEqual(await stored(alone.deviceId));
    expect(rows.activities).toHaveLength(1);
    expect(rows.activities[0]).toMatchObject({
      closed_by: 'SILENCE',
      heart_rate_sum: 104,
      heart_rate_count: 1,
    });
  });

  it('stores a group of many wearers with late, re-sent and event requests as each alone', async () => {
    const scenarios: {
      name: string;
      requests: { points: IngestPoint[]; events: IngestEvent[] }[];
    }[] = [
      {
        name: 'in order',
        requests: [
          { points: walk(4, 0), events: [] },
          { points: walk(1, 20), events: [] },
        ],
      },
      {
        name: 're-sent',
        requests: [
          { points: walk(4, 0), events: [] },
          { points: walk(1, 5), events: [] },
        ],
      },
      {
        name: 'late',
        requests: [
          { points: [...walk(2, 0), ...walk(2, 15)], events: [] },
          { points: walk(1, 10), events: [] },
        ],
      },
      {
        name: 'late and re-sent',
        requests: [
          { points: [...walk(2, 0), ...walk(2, 15)], events: [] },
          { points: [...walk(1, 5), ...walk(1, 10)], events: [] },
        ],
      },
      {
        name: 'late in a long activity',
        requests: [
          { points: [...walk(20, 0), ...walk(20, 105)], events: [] },
          { points: walk(1, 100), events: [] },
        ],
      },
      {
        name: 'late before the start',
        requests: [
          { points: walk(3, 600), events: [] },
          { points: walk(1, 300), events: [] },
        ],
      },
      {
        name: 'after silence',
        requests: [
          { points: walk(3, 0), events: [] },
          { points: walk(1, 45 * 60), events: [] },
        ],
      },
      {
        name: 'stopped',
        requests: [
          { points: walk(3, 0), events: [] },
          { points: walk(1, 20), events: [{ Type: 'TRACKING_STOP', Time: NOW + 21 * SECOND }] },
        ],
      },
    ];
    // The per-request path's devices all belong to one member: a member's requests of one group
    // take the per-request path. Each device of the set-based group is a wearer of its own.
    members += 1;
    const sharedMember = await addTestMember(database.db, {
      sub: `grouped-${members}`,
      email: `grouped-${members}@example.com`,
      nameFirst: 'Per',
      nameLast: 'Request',
      activityTypes: ['HIKING'],
    });
    const alone: TestDevice[] = [];
    const grouped: TestDevice[] = [];
    for (const scenario of scenarios) {
      const [single, member] = [await addTestDevice(database.db, sharedMember), await addWearer()];
      alone.push(single);
      grouped.push(member);
      for (const request of scenario.requests.slice(0, -1)) {
        await ingestTelemetry(database.db, single.key, request, NOW + MINUTE);
        await ingestTelemetry(database.db, member.key, request, NOW + MINUTE);
      }
    }
    const lastRequests = (devices: readonly TestDevice[]) =>
      scenarios.map((scenario, index) => ({
        ingestKey: devices[index]?.key ?? '',
        input: scenario.requests.at(-1) ?? { points: [], events: [] },
        nowMs: NOW + MINUTE,
      }));
    const perRequest = await ingestGroup(database.db, lastRequests(alone));
    const outcomes = await ingestGroup(database.db, lastRequests(grouped));
    // What each answered and will publish, ids left out.
    const answer = (outcome: IngestOutcome) =>
      outcome.kind === 'stored'
        ? {
            accepted: outcome.accepted,
            duplicates: outcome.duplicates,
            fixTimes: outcome.commit.fixTimes,
            activities: outcome.commit.activities.map(({ activityId: _a, ...activity }) => ({
              extendedOnly: false,
              ...activity,
            })),
            written: outcome.commit.written && {
              fixes: outcome.commit.written.fixes.map(({ activity_id: _a, ...fix }) => fix),
              activities: outcome.commit.written.activities.map(
                ({ activity_id: _a, ...activity }) => activity,
              ),
            },
          }
        : outcome;
    expect(outcomes.map(answer)).toEqual(perRequest.map(answer));
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(scenarios.map(() => 'stored'));
    for (const [index, scenario] of scenarios.entries()) {
      const [single, member] = [alone[index], grouped[index]];
      if (!single || !member) throw new Error('test: missing device');
      expect({ [scenario.name]: await stored(member.deviceId) }).toEqual({
        [scenario.name]: await stored(single.deviceId),
      });
    }
    expect(outcomes.map((outcome) => (outcome.kind === 'stored' ? outcome.accepted : -1))).toEqual([
      1, 0, 1, 1, 1, 1, 1, 2,
    ]);
  });
});

describe('planGroupedWrite', () => {
  const fixes = walk(3, 0);
  const stats = accumulateFixes(
    fixes.map((point) => ({
      time: point.Time,
      lat: point.Lat,
      lon: point.Lon,
      hacc: point.Hacc ?? null,
      speed: point.Speed ?? null,
    })),
  );
  const lastMs = fixes[2]?.Time ?? 0;
  const latest = {
    activity_id: 7,
    activity_type: 'HIKING',
    status: 'ACTIVE',
    timestamp_start_ms: NOW,
    timestamp_end_ms: null,
    last_fix_ms: lastMs,
    opened_by: 'FIX',
    closed_by: null,
    stats_state: stats,
    distance_m: statsColumns(stats).distance_m,
    duration_ms: statsColumns(stats).duration_ms,
  };
  const device: IngestDevice = {
    deviceId: 1,
    memberId: 1,
    wearerId: 1,
    ceilingActivityId: 7,
    frontierMs: lastMs,
    latest,
    latestHeartRate: { sum: 0, count: 0 },
    heard: { heardMs: NOW, heardDeviceMs: lastMs },
    alertWatch: false,
    releasedMs: null,
  };
  const later = walk(1, 20);
  const cases: [string, IngestDevice, IngestPoint[], IngestEvent[], string | null][] = [
    ['a later fix extending the open activity', device, later, [], 'append'],
    ['fixes all at or before the frontier', device, fixes.slice(1), [], 'resent'],
    ['a mix of late and later fixes', device, [fixes[0] as IngestPoint, ...later], [], null],
    ['any event', device, later, [{ Type: 'BATTERY', Time: lastMs + 1, Percent: 50 }], null],
    ['a fix after 30 minutes of silence', device, walk(1, 31 * 60), [], null],
    [
      'an activity closed by silence',
      { ...device, latest: { ...latest, closed_by: 'SILENCE', timestamp_end_ms: lastMs } },
      later,
      [],
      null,
    ],
    [
      'an alert status kept',
      { ...device, latest: { ...latest, status: 'ASSISTANCE' } },
      later,
      [],
      'append',
    ],
    [
      'totals rewritten by a trim',
      { ...device, latest: { ...latest, distance_m: 1 } },
      later,
      [],
      null,
    ],
    [
      'no activity yet',
      { ...device, latest: null, latestHeartRate: null, frontierMs: null },
      later,
      [],
      null,
    ],
    ['no points', device, [], [], null],
  ];
  it.each(cases)('%s → %s', (_name, locked, points, events, kind) => {
    expect(planGroupedWrite(locked, points, events, lastMs + MINUTE)?.kind ?? null).toBe(kind);
  });

  const insideCases: [string, IngestDevice, IngestPoint[], number | null][] = [
    ['late fixes after the open activity’s start', device, fixes.slice(1), 7],
    ['a fix at the start (its first fix)', device, fixes.slice(0, 2), null],
    [
      'an activity closed by silence',
      { ...device, latest: { ...latest, closed_by: 'SILENCE', timestamp_end_ms: lastMs } },
      fixes.slice(1),
      null,
    ],
    [
      'an activity whose status an open activity would change',
      { ...device, latest: { ...latest, status: 'INACTIVE' } },
      fixes.slice(1),
      null,
    ],
  ];
  it.each(insideCases)('re-sent or late: %s → folded into %s', (_name, locked, points, id) => {
    const plan = planGroupedWrite(locked, points, [], lastMs + MINUTE);
    expect(plan?.kind).toBe('resent');
    expect(plan?.kind === 'resent' ? (plan.inside?.activity.activity_id ?? null) : 'none').toBe(id);
  });
});
