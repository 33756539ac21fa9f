import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockIngestDevices, lockStatement } from '../../../server/telemetry/ingestDevice';
import { addTestDevice, addTestMember, type TestDevice } from './deviceFixtures';
import { pagesOf, planNodes, type ExplainRow, type PlanNode } from './queryPlans';
import { createTestDatabase, type TestDatabase } from './testServer';

/*
 * The device lock (server/telemetry/ingestDevice.ts), which every ingest request runs, looks up each
 * device's ceiling, frontier and latest activity by index probes, however long the device's history
 * (migration 0024): a watch with a day of vitals and a year of activities costs what a new one does.
 */

const NOW = Date.UTC(2026, 11, 6, 9, 30, 0);
const HOUR = 3_600_000;
const VITALS = 6_000;
const ACTIVITIES = 300;
const OTHER_DEVICES = 200;
const OTHER_ACTIVITIES_EACH = 15;

let database: TestDatabase;
let device: TestDevice;

/** The lock statement's executed plan for `device` (in a transaction rolled back: it locks). */
async function lockPlan(): Promise<PlanNode> {
  let plan: PlanNode | undefined;
  await database.db
    .transaction()
    .execute(async (trx) => {
      const { rows } = await sql<ExplainRow>`
        explain (analyze, buffers, format json) ${lockStatement([device.key], [])}`.execute(trx);
      plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
      throw new Error('rollback');
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.message === 'rollback')) throw error;
    });
  if (!plan) throw new Error('no plan');
  return plan;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const memberId = await addTestMember(database.db, {
    sub: 'lookup-indexes',
    email: 'lookup-indexes@example.com',
    nameFirst: 'Long',
    nameLast: 'History',
    activityTypes: ['HIKING'],
  });
  device = await addTestDevice(database.db, memberId, 'MSAFETY');
  // A year of daily activities, the last one open; it started with a TRACKING_START, and since then
  // the watch has reported vitals every second.
  await sql`
    insert into activities (member_id, device_id, activity_type, status, timestamp_start_ms,
      timestamp_end_ms, opened_by, closed_by)
    select ${memberId}, ${device.deviceId}, 'HIKING',
      case when n = ${ACTIVITIES} then 'ACTIVE' else 'RESOLVED' end,
      ${NOW}::bigint - (${ACTIVITIES} - n) * 24 * ${HOUR}::bigint - 2 * ${HOUR}::bigint,
      case when n = ${ACTIVITIES} then null else ${NOW}::bigint - (${ACTIVITIES} - n) * 24 * ${HOUR}::bigint end,
      'TRACKING_START', case when n = ${ACTIVITIES} then null else 'TRACKING_STOP' end
    from generate_series(1, ${ACTIVITIES}) as n`.execute(database.db);
  await sql`
    insert into device_events (device_id, event_time_ms, event_type, activity_type)
    values (${device.deviceId}, ${NOW - 2 * HOUR}::bigint, 'TRACKING_START', 'HIKING')`.execute(
    database.db,
  );
  await sql`
    insert into device_events (device_id, event_time_ms, event_type, heart_rate_bpm)
    select ${device.deviceId}, ${NOW - 2 * HOUR}::bigint + n * 1000, 'VITALS', 90
    from generate_series(1, ${VITALS}) as n`.execute(database.db);
  // Other wearers' activities since, with higher ids: 200 phones, 15 each.
  for (let n = 0; n < OTHER_DEVICES; n += 1) {
    const otherMember = await addTestMember(database.db, {
      sub: `lookup-indexes-other-${n}`,
      email: `lookup-indexes-other-${n}@example.com`,
      nameFirst: 'Busy',
      nameLast: `Neighbour ${n}`,
      activityTypes: ['RUNNING'],
    });
    await addTestDevice(database.db, otherMember);
  }
  await sql`
    insert into activities (member_id, device_id, activity_type, status, timestamp_start_ms,
      timestamp_end_ms, opened_by, closed_by)
    select d.member_id, d.device_id, 'RUNNING', 'RESOLVED', ${NOW}::bigint + n * 1000,
      ${NOW}::bigint + n * 1000 + 500, 'TRACKING_START', 'TRACKING_STOP'
    from generate_series(1, ${OTHER_ACTIVITIES_EACH}) as n
    cross join devices d where d.device_id <> ${device.deviceId} and d.member_id is not null`.execute(
    database.db,
  );
  await sql`analyze activities`.execute(database.db);
  await sql`analyze device_events`.execute(database.db);
});

afterAll(async () => {
  await database.drop();
});

describe('the device lock on a long history', () => {
  it('finds the newest tracking event, the highest activity id and the latest activity by one index probe each', async () => {
    const plan = await lockPlan();
    const all = planNodes(plan);
    const onEvents = all.filter((node) => node['Relation Name'] === 'device_events');
    expect(onEvents.map((node) => node['Index Name'])).toEqual(['device_events_tracking']);
    // Each lookup in the device's history reads a handful of pages: not the 6,000 vitals, the 300
    // activities, or the other wearers' 3,000 newer ones (without migration 0024: 13 to 81 each).
    const lookups = all.filter(
      (node) =>
        node['Node Type'].endsWith('Scan') &&
        ['activities', 'device_events'].includes(node['Relation Name'] ?? ''),
    );
    expect(lookups.length).toBeGreaterThanOrEqual(4);
    for (const node of lookups) {
      expect(pagesOf(node)).toBeLessThanOrEqual(4);
    }
    expect(pagesOf(plan)).toBeLessThan(40);
  });

  it('answers the frontier and the ceiling those probes find', async () => {
    const locked = await database.db
      .transaction()
      .execute((trx) => lockIngestDevices(trx, [device.key]));
    const found = locked.get(device.key);
    const { max } = await database.db
      .selectFrom('activities')
      .select((eb) => eb.fn.max('activity_id').as('max'))
      .where('device_id', '=', device.deviceId)
      .executeTakeFirstOrThrow();
    expect(found?.frontierMs).toBe(NOW - 2 * HOUR);
    expect(found?.ceilingActivityId).toBe(max);
    expect(found?.latest?.status).toBe('ACTIVE');
  });
});
