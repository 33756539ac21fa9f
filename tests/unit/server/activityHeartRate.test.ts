import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_COLUMNS } from '../../../server/activities/activityMapping';
import * as migration from '../../../server/db/migrations/0017_activity_heart_rate';
import { trackIngest } from '../../../server/demo/demoHistory';
import { ingestTelemetry } from '../../../server/telemetry/ingest';
import type { ActivityDetail, ActivityStats } from '../../../src/api/entities/activity';
import type { IngestEvent, IngestPoint } from '../../../src/api/ingest';
import { activityIdsOf, addTestDevice, type TestDevice } from './deviceFixtures';
import { memberCall, postBatch as postBatchTo, registerRunMember } from './washingtonRun';

/*
 * ActivityStats.HeartRateAvgBPM (issue 7; docs/decisions.md "Heart rate"): the mean of the heart
 * rates of an activity's fixes that have one, from the totals `activities.heart_rate_sum` and
 * `heart_rate_count` (migration 0017), kept by the ingest, a re-cut and a trim. Heart rates are the
 * real Washington run's (tests/fixtures/tracks).
 */

const MIN = 60_000;

const member = registerRunMember('pulse@example.com');
const { server } = member;

/** The run's first `n` points as the demo importer sends them: fixes, start/stop, VITALS. */
function runIngest(n: number) {
  return trackIngest(
    { ...member.run, points: member.run.points.slice(0, n) },
    'RUNNING',
    member.shiftMs,
  );
}

const vitals = (Time: number, HeartRateBpm: number): IngestEvent => ({
  Time,
  Type: 'VITALS',
  HeartRateBpm,
});

const isVitals = (event: IngestEvent) => event.Type === 'VITALS';

const postBatch = (device: TestDevice, Points: IngestPoint[], Events: IngestEvent[] = []) =>
  postBatchTo(server, device, Points, Events);

async function call<T>(name: string, payload: object): Promise<T> {
  return (await memberCall(server, member.token, name, payload)).json<T>();
}

const everything = () => ({ TimeStart: 0, TimeEnd: Date.now() });

/**
 * The ActivityStats of `activityId` in every response that carries them: the list, the summaries
 * and the detail; they must agree.
 */
async function statsOf(activityId: number): Promise<ActivityStats> {
  const detail = await call<{ Activity: ActivityDetail }>('member-wearer-activity-detail', {
    ActivityId: activityId,
    ...everything(),
  });
  for (const name of ['member-wearer-activities', 'member-wearer-activity-summaries']) {
    const { Activities } = await call<{ Activities: ActivityDetail[] }>(name, everything());
    const listed = Activities.find((activity) => activity.ActivityId === activityId);
    expect(listed?.ActivityStats, name).toEqual(detail.Activity.ActivityStats);
  }
  return detail.Activity.ActivityStats;
}

function activitiesOf(device: TestDevice): Promise<number[]> {
  return activityIdsOf(server.database.db, device);
}

async function onlyActivityOf(device: TestDevice): Promise<number> {
  const ids = await activitiesOf(device);
  expect(ids).toHaveLength(1);
  return ids[0] ?? 0;
}

/** The mean of the non-null values, null without any. */
function mean(values: readonly (number | null | undefined)[]): number | null {
  const known = values.filter((value): value is number => typeof value === 'number');
  return known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0) / known.length;
}

/**
 * The device's activities' stored heart rate totals next to the same totals counted from their fixes
 * as stored now (the oracle), by activity id.
 */
async function totalsAndFixes(device: TestDevice) {
  const { rows } = await sql<{
    activity_id: number;
    stored: string;
    counted: string;
  }>`
    select a.activity_id,
      a.heart_rate_sum || '/' || a.heart_rate_count as stored,
      (select coalesce(sum(p.heart_rate_bpm), 0) || '/' || count(p.heart_rate_bpm)
        from location_points p where p.activity_id = a.activity_id) as counted
    from activities a where a.device_id = ${device.deviceId}
    order by a.activity_id`.execute(server.database.db);
  return rows;
}

describe('ActivityStats.HeartRateAvgBPM', () => {
  it('is the mean of the fixes that have a heart rate, the same in the list, the summaries and the detail', async () => {
    const device = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
    const { points, events } = runIngest(40);
    // Only the first 25 fixes get a heart rate; one reading of 0 (no pulse found) is none.
    const readings = events.filter(isVitals).slice(0, 25);
    const zero = { ...(readings[3] as IngestEvent), HeartRateBpm: 0 };
    const sent = [...events.filter((e) => !isVitals(e)), ...readings.filter((_, i) => i !== 3)];
    await postBatch(device, points, [...sent, zero]);
    const activityId = await onlyActivityOf(device);
    const stats = await statsOf(activityId);
    const expected = mean(
      member.run.points.slice(0, 25).map((point, i) => (i === 3 ? null : point.heartRateBpm)),
    );
    expect(expected).not.toBeNull();
    expect(stats.HeartRateAvgBPM).toBe(expected);
    const detail = await call<{ Activity: ActivityDetail }>('member-wearer-activity-detail', {
      ActivityId: activityId,
      ...everything(),
    });
    expect(stats.HeartRateAvgBPM).toBe(
      mean(detail.Activity.LocationHistory.map((point) => point.HeartRate)),
    );
  });

  it('is left out when no fix has a heart rate', async () => {
    const device = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
    const { points, events } = runIngest(10);
    await postBatch(device, points, [
      ...events.filter((e) => !isVitals(e)),
      vitals(points[0]?.Time ?? 0, 0),
    ]);
    const stats = await statsOf(await onlyActivityOf(device));
    expect(stats).not.toHaveProperty('HeartRateAvgBPM');
  });

  it('follows a VITALS sent after its fix, and one sent before its fix once the fix comes', async () => {
    const device = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
    const { points } = runIngest(4);
    const [a, b, c, d] = points as [IngestPoint, IngestPoint, IngestPoint, IngestPoint];
    await postBatch(device, [a, b, c]);
    const activityId = await onlyActivityOf(device);
    expect(await statsOf(activityId)).not.toHaveProperty('HeartRateAvgBPM');
    await postBatch(device, [], [vitals(b.Time, 120)]);
    expect((await statsOf(activityId)).HeartRateAvgBPM).toBe(120);
    await postBatch(device, [], [vitals(a.Time, 101), vitals(d.Time, 150)]);
    expect((await statsOf(activityId)).HeartRateAvgBPM).toBe((120 + 101) / 2);
    await postBatch(device, [d]);
    expect((await statsOf(activityId)).HeartRateAvgBPM).toBe((120 + 101 + 150) / 3);
    // A late VITALS with a new fix in one request: both count in what the in-order path answers.
    const e = { ...d, Time: d.Time + 1_000 };
    const outcome = await ingestTelemetry(
      server.database.db,
      device.key,
      { points: [e], events: [vitals(c.Time, 90), vitals(e.Time, 140)] },
      Date.now(),
    );
    expect((await statsOf(activityId)).HeartRateAvgBPM).toBe((120 + 101 + 150 + 90 + 140) / 5);
    const written = outcome.kind === 'stored' ? outcome.commit.written : undefined;
    const stored = await server.database.db
      .selectFrom('activities')
      .select(ACTIVITY_COLUMNS)
      .where('activity_id', '=', activityId)
      .executeTakeFirstOrThrow();
    expect(written?.activities).toEqual([stored]);
  });

  it('shuffled arrival in batches (late fixes, re-cuts, merges) keeps the totals of the fixes', async () => {
    const ordered = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
    // Two outings 40 minutes apart (two activities opened by fixes), heart rate at every third fix.
    const { points, events } = runIngest(90);
    const items: (IngestPoint | IngestEvent)[] = [
      ...points.map((point, i) => (i < 45 ? point : { ...point, Time: point.Time + 40 * MIN })),
      ...events
        .filter(isVitals)
        .filter((_, i) => i % 3 === 0)
        .map((event, i) => (i * 3 < 45 ? event : { ...event, Time: event.Time + 40 * MIN })),
    ];
    const nowMs = Math.max(...items.map((item) => item.Time)) + 5 * MIN;
    const send = async (device: TestDevice, batch: (IngestPoint | IngestEvent)[]) => {
      await ingestTelemetry(
        server.database.db,
        device.key,
        {
          points: batch.filter((item): item is IngestPoint => 'Lat' in item),
          events: batch.filter((item): item is IngestEvent => 'Type' in item),
        },
        nowMs,
      );
      for (const row of await totalsAndFixes(device)) expect(row.stored).toBe(row.counted);
    };
    await send(
      ordered,
      [...items].sort((x, y) => x.Time - y.Time),
    );
    const expected = await Promise.all((await activitiesOf(ordered)).map(statsOf));
    expect(expected.map((stats) => stats.HeartRateAvgBPM)).toEqual([
      mean(member.run.points.slice(0, 45).map((p, i) => (i % 3 === 0 ? p.heartRateBpm : null))),
      mean(
        member.run.points.slice(45, 90).map((p, i) => ((i + 45) % 3 === 0 ? p.heartRateBpm : null)),
      ),
    ]);
    for (const seed of [1, 2, 3]) {
      const device = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
      // Deterministic shuffle: a linear congruential order of the indexes, then batches of 1–9.
      const shuffled = items
        .map((item, i) => ({ item, key: (i * 7_919 * seed + seed * 104_729) % 1_009 }))
        .sort((x, y) => x.key - y.key)
        .map(({ item }) => item);
      let offset = 0;
      while (offset < shuffled.length) {
        const size = 1 + ((offset * seed) % 9);
        await send(device, shuffled.slice(offset, offset + size));
        offset += size;
      }
      const got = await Promise.all((await activitiesOf(device)).map(statsOf));
      expect(
        got.map((stats) => stats.HeartRateAvgBPM),
        `seed ${String(seed)}`,
      ).toEqual(expected.map((stats) => stats.HeartRateAvgBPM));
    }
  }, 60_000);

  it('a trim averages the fixes it keeps; a delete leaves the other activities alone', async () => {
    const device = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
    const { points, events } = runIngest(60);
    // Heart rate on the first 30 fixes only.
    const readings = events.filter(isVitals).slice(0, 30);
    await postBatch(device, points, [...events.filter((e) => !isVitals(e)), ...readings]);
    const activityId = await onlyActivityOf(device);
    const start = points[0]?.Time ?? 0;
    const heartRates = member.run.points
      .slice(0, 60)
      .map((p, i) => (i < 30 ? p.heartRateBpm : null));
    expect((await statsOf(activityId)).HeartRateAvgBPM).toBe(mean(heartRates));

    const trim = async (from: number, to: number) => {
      const answer = await call<{ TrimStatus: boolean }>('member-wearer-activity-trim', {
        ActivityId: activityId,
        NewActivityStart: from,
        NewActivityEnd: to,
      });
      expect(answer).toEqual({ TrimStatus: true });
    };
    const end = (points.at(-1)?.Time ?? 0) + 1; // the TRACKING_STOP
    const from = start + MIN / 2;
    await trim(from, end);
    const kept = points.flatMap((point, i) => (point.Time >= from ? [heartRates[i] ?? null] : []));
    expect(kept.some((bpm) => bpm === null)).toBe(true);
    expect((await statsOf(activityId)).HeartRateAvgBPM).toBe(mean(kept));
    // Keep only fixes without a heart rate: none to average.
    const firstWithout = points[30]?.Time ?? 0;
    expect(end - firstWithout).toBeGreaterThanOrEqual(MIN);
    await trim(firstWithout, end);
    expect(await statsOf(activityId)).not.toHaveProperty('HeartRateAvgBPM');
    for (const row of await totalsAndFixes(device)) expect(row.stored).toBe(row.counted);

    const other = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
    const second = runIngest(20);
    await postBatch(other, second.points, second.events);
    const otherId = await onlyActivityOf(other);
    const before = await statsOf(otherId);
    const deleted = await call<{ DeleteStatus: boolean }>('member-wearer-activity-delete', {
      ActivityId: activityId,
    });
    expect(deleted).toEqual({ DeleteStatus: true });
    expect(await statsOf(otherId)).toEqual(before);
    expect(before.HeartRateAvgBPM).toBe(
      mean(member.run.points.slice(0, 20).map((p) => p.heartRateBpm)),
    );
  });
});

describe('migration 0017_activity_heart_rate', () => {
  it('fills the totals from the fixes already stored; down and up again', async () => {
    const { db } = server.database;
    const device = await addTestDevice(db, member.memberId, 'BRACELET');
    const { points, events } = runIngest(12);
    await postBatch(device, points, events);
    const before = await totalsAndFixes(device);
    const migrating = db as unknown as Kysely<unknown>;
    await migration.down(migrating);
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'activities' and column_name like 'heart_rate%'`.execute(db);
    expect(columns.rows).toEqual([]);
    await migration.up(migrating);
    const after = await totalsAndFixes(device);
    expect(after).toEqual(before);
    expect(after[0]?.stored).toBe(
      `${String(member.run.points.slice(0, 12).reduce((sum, p) => sum + (p.heartRateBpm ?? 0), 0))}/12`,
    );
  });
});
