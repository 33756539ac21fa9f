import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestGroup, ingestTelemetry } from '../../../server/telemetry/ingest';
import type { IngestPoint } from '../../../src/api/ingest';
import { addTestDevice, addTestMember, type TestDevice } from './deviceFixtures';
import { createTestDatabase, type TestDatabase } from './testServer';

/*
 * The device lock reads the device's latest activity in the same statement (ingestDevice.ts). When
 * that statement waits for the lock — a guardian's resolve holds the member's device rows while it
 * moves the activity's status (server/shareViewing/alertResolve.ts) — what it reads must be the
 * activity as that transaction left it, not as it was when the statement began: found by the e2e
 * alertActions test in CI, where a fix arriving with the resolve wrote the old ASSISTANCE back.
 */

const NOW = Date.UTC(2026, 11, 6, 4, 19, 0);
const SECOND = 1_000;

let database: TestDatabase;
let wearers = 0;

async function wearer(): Promise<TestDevice> {
  wearers += 1;
  const memberId = await addTestMember(database.db, {
    sub: `lock-fresh-${wearers}`,
    email: `lock-fresh-${wearers}@example.com`,
    nameFirst: 'Lock',
    nameLast: `Fresh ${wearers}`,
    activityTypes: ['RUNNING'],
  });
  return addTestDevice(database.db, memberId);
}

/** A fix `s` seconds after NOW, running north from (38.9° N, 77° W). */
const fixAt = (s: number): IngestPoint => ({
  Time: NOW + s * SECOND,
  Lat: 38.9 + s * 0.00003,
  Lon: -77,
  Hacc: 5,
});

/** Resolves once some backend of the database waits for a row lock. */
async function someoneWaitsForALock(): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Holds `device`'s row as the resolve does, sets its activity's status to RESOLVED, and commits only
 * once `ingest` (started meanwhile) is waiting for that lock; answers what `ingest` answered.
 */
async function resolveWhileIngesting<T>(device: TestDevice, ingest: () => Promise<T>): Promise<T> {
  let started: Promise<T> | undefined;
  await database.db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('devices')
      .select('device_id')
      .where('device_id', '=', device.deviceId)
      .forNoKeyUpdate()
      .execute();
    await trx
      .updateTable('activities')
      .set({ status: 'RESOLVED' })
      .where('device_id', '=', device.deviceId)
      .execute();
    started = ingest();
    await someoneWaitsForALock();
  });
  if (!started) throw new Error('test: the ingest did not start');
  return started;
}

/** Opens `device`'s activity with two fixes and gives it `status` (as an SOS would). */
async function startActivity(device: TestDevice, status: 'ACTIVE' | 'ASSISTANCE'): Promise<void> {
  await ingestTelemetry(database.db, device.key, { points: [fixAt(0), fixAt(4)], events: [] }, NOW);
  await database.db
    .updateTable('activities')
    .set({ status })
    .where('device_id', '=', device.deviceId)
    .execute();
}

async function statusOf(device: TestDevice): Promise<string> {
  const row = await database.db
    .selectFrom('activities')
    .select('status')
    .where('device_id', '=', device.deviceId)
    .executeTakeFirstOrThrow();
  return row.status;
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('the device lock reads what the transaction it waited for wrote (issue 8 item 4)', () => {
  it('a lone fix that waited for a resolve keeps the RESOLVED status', async () => {
    const device = await wearer();
    await startActivity(device, 'ASSISTANCE');

    const outcome = await resolveWhileIngesting(device, () =>
      ingestTelemetry(database.db, device.key, { points: [fixAt(8)], events: [] }, NOW),
    );

    expect(outcome.kind).toBe('stored');
    expect(await statusOf(device)).toBe('RESOLVED');
    // What the fix publishes is the status as stored too.
    const published = outcome.kind === 'stored' ? outcome.commit.written?.activities : undefined;
    expect(published?.map((row) => row.status)).toEqual(['RESOLVED']);
  });

  it('a group whose lock waited for a resolve keeps the RESOLVED status and publishes it', async () => {
    const [held, other] = [await wearer(), await wearer()];
    await startActivity(held, 'ASSISTANCE');
    await startActivity(other, 'ACTIVE');

    const outcomes = await resolveWhileIngesting(held, () =>
      ingestGroup(database.db, [
        { ingestKey: held.key, input: { points: [fixAt(8)], events: [] }, nowMs: NOW },
        { ingestKey: other.key, input: { points: [fixAt(8)], events: [] }, nowMs: NOW },
      ]),
    );

    expect(await statusOf(held)).toBe('RESOLVED');
    const [first] = outcomes;
    const published = first?.kind === 'stored' ? first.commit.written?.activities : undefined;
    expect(published?.map((row) => row.status)).toEqual(['RESOLVED']);
  });
});
