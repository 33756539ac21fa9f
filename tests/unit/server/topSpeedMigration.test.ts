import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as migration from '../../../server/db/migrations/0019_top_speed_window';
import { trackIngest } from '../../../server/demo/demoHistory';
import { addTestDevice } from './deviceFixtures';
import { postBatch, registerRunMember } from './washingtonRun';

/*
 * SpeedMaxMPS over five consecutive speeds (docs/decisions.md "ActivityStats"), on the real
 * Washington run: its GPX reports no speed, and one fix (the 182nd) jumps, which made a top speed
 * of 37 km/h from the speeds between fixes. Migration 0019 computes the stored activities again.
 */

const member = registerRunMember('topspeed@example.com');
const { server } = member;

async function statsRow(deviceId: number) {
  return server.database.db
    .selectFrom('activities')
    .select(['activity_id', 'distance_m', 'duration_ms', 'speed_avg_mps', 'speed_max_mps'])
    .select('stats_state')
    .where('device_id', '=', deviceId)
    .executeTakeFirstOrThrow();
}

describe('the top speed of the real Washington run', () => {
  it('is a runner’s, not the glitch’s; migration 0019 computes stored totals again alike', async () => {
    const { db } = server.database;
    const device = await addTestDevice(db, member.memberId, 'BRACELET');
    const { points, events } = trackIngest(member.run, 'RUNNING', member.shiftMs);
    expect(points.every((point) => point.Speed === undefined || point.Speed === null)).toBe(true);
    await postBatch(server, device, points, events);
    const ingested = await statsRow(device.deviceId);
    // 3.1 km in 15:48 (11.8 km/h); the glitch alone gave 37.3 km/h (10.4 m/s).
    expect(ingested.speed_max_mps * 3.6).toBeGreaterThan(11.8);
    expect(ingested.speed_max_mps * 3.6).toBeLessThan(20);

    // As the totals were stored before: no recent speeds, the glitch as the maximum.
    const old = JSON.stringify({ ...ingested.stats_state, maxSegmentMps: 10.36 }, (key, value) =>
      key.startsWith('recent') ? undefined : (value as unknown),
    );
    await sql`
      update activities set stats_state = ${old}::jsonb,
        speed_max_mps = 10.36
      where activity_id = ${ingested.activity_id}
    `.execute(db);
    await migration.up(db as unknown as Kysely<unknown>);
    expect(await statsRow(device.deviceId)).toEqual(ingested);
  });
});
