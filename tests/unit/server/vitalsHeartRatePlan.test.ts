import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../server/db/schema';
import { insertEvents } from '../../../server/telemetry/telemetryStore';
import type { IngestEvent } from '../../../src/api/ingest';
import { addTestDevice, addTestMember } from './deviceFixtures';
import { planNodes, type ExplainRow } from './queryPlans';
import { createTestDatabase, type TestDatabase } from './testServer';

/*
 * The plan of `insertEvents`' statement (telemetryStore.ts) where its VITALS events give their heart
 * rates to fixes stored earlier: each event finds its fix by the whole primary key (device, device
 * time). With the device as a constant in the statement, the planner, which cannot count the CTE's
 * rows and, by statistics taken before a new device's fixes, expects that device to have about one,
 * scanned all the device's fixes once per event (3,000 fixes, 100 events: ~190 ms instead of ~4).
 */

let database: TestDatabase;
let deviceId = 0;
let memberId = 0;
const T0 = Date.UTC(2025, 5, 21, 10, 0, 0);

beforeAll(async () => {
  database = await createTestDatabase();
  memberId = await addTestMember(database.db, {
    sub: 'vitals-plan-member',
    email: 'vitals-plan@example.com',
    nameFirst: 'Ada',
    nameLast: 'Plan',
    activityTypes: ['HIKING'],
  });
  const other = await addTestDevice(database.db, memberId);
  const fresh = await addTestDevice(database.db, memberId);
  deviceId = fresh.deviceId;
  // Statistics that know another device's fixes only, then the new device's fixes.
  await sql`insert into location_points (device_id, device_time_ms, lon, lat)
    select ${other.deviceId}, ${T0}::bigint + g * 1000, 5, 60 from generate_series(1, 50000) g`.execute(
    database.db,
  );
  await sql`analyze location_points`.execute(database.db);
  await sql`insert into location_points (device_id, device_time_ms, lon, lat)
    select ${deviceId}, ${T0}::bigint + g * 1000, 5, 60 from generate_series(1, 2000) g`.execute(
    database.db,
  );
});

afterAll(async () => {
  await database.drop();
});

it("looks up each VITALS event's fix by its primary key", async () => {
  const statements: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const logged = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') statements.push(event.query);
    },
  });
  try {
    const events: IngestEvent[] = Array.from({ length: 100 }, (_, i) => ({
      Time: T0 + (1901 + i) * 1000,
      Type: 'VITALS',
      HeartRateBpm: 120 + (i % 30),
    }));
    await logged
      .transaction()
      .execute(async (trx) => {
        await insertEvents(trx, { deviceId, memberId }, events);
        throw new Error('rolled back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'rolled back')) throw error;
      });
    const statement = statements.find((query) => query.sql.includes('update location_points'));
    if (!statement) throw new Error('no statement of insertEvents updates location_points');
    const { rows } = await pool.query<ExplainRow>(`explain (format json) ${statement.sql}`, [
      ...statement.parameters,
    ]);
    const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (!plan) throw new Error('no plan');
    const scans = planNodes(plan).filter(
      (node) => node['Relation Name'] === 'location_points' && node['Node Type'] !== 'ModifyTable',
    );
    // p (the fix updated) and f (its old heart rate).
    expect(scans.length).toBeGreaterThanOrEqual(2);
    for (const scan of scans) {
      expect(scan['Node Type'], JSON.stringify(scan)).not.toBe('Seq Scan');
      expect(scan['Index Cond'] ?? scan['Recheck Cond'] ?? '').toMatch(/device_time_ms/);
    }
  } finally {
    await logged.destroy();
  }
});
