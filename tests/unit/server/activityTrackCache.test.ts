import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TrackCache } from '../../../server/activities/trackCache';
import { warmTrackCache } from '../../../server/activities/trackWarmer';
import { trackIngest } from '../../../server/demo/demoHistory';
import type { ActivityDetail } from '../../../src/api/entities/activity';
import type { IngestEvent, IngestPoint } from '../../../src/api/ingest';
import { decodeTrackBinary, type TrackBinaryColumns } from '../../../src/api/trackBinary';
import { addTestDevice, type TestDevice } from './deviceFixtures';
import { memberCall, postBatch as postBatchTo, registerRunMember } from './washingtonRun';

/*
 * member-wearer-activity-track answers a closed activity's track from the server's TrackCache
 * (server/activities/trackCache.ts) while the activity's row is unchanged, and never a track older
 * than the points: every write of an activity's points (a late fix, a late heart rate, a trim)
 * updates its row, and the next answer is built anew. The track is the real Washington run's
 * (tests/fixtures/tracks), closed by its TRACKING_STOP.
 */

const member = registerRunMember('cache@example.com');
const { server } = member;

const postBatch = (device: TestDevice, Points: IngestPoint[], Events: IngestEvent[] = []) =>
  postBatchTo(server, device, Points, Events);

const call = (name: string, payload: object) => memberCall(server, member.token, name, payload);

async function track(activityId: number, window = { TimeStart: 0, TimeEnd: Date.now() }) {
  const res = await call('member-wearer-activity-track', { ActivityId: activityId, ...window });
  return decodeTrackBinary(new Uint8Array(res.rawPayload).buffer);
}

const times = (columns: TrackBinaryColumns) => [...columns.time];

/** A closed activity of the run's first `n` fixes (without heart rates) on a new watch. */
async function closedRun(n: number) {
  const device = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
  const { points, events } = trackIngest(
    { ...member.run, points: member.run.points.slice(0, n) },
    'RUNNING',
    member.shiftMs,
  );
  await postBatch(
    device,
    points,
    events.filter((event) => event.Type !== 'VITALS'),
  );
  const row = await server.database.db
    .selectFrom('activities')
    .select(['activity_id', 'closed_by'])
    .where('device_id', '=', device.deviceId)
    .executeTakeFirstOrThrow();
  expect(row.closed_by).not.toBeNull();
  return { device, activityId: row.activity_id, points };
}

describe('member-wearer-activity-track from the track cache', () => {
  it('answers a closed activity from the cache while its row is unchanged, by window', async () => {
    const { activityId, points } = await closedRun(30);
    const first = await track(activityId);
    expect(times(first)).toEqual(points.map((p) => p.Time));
    // A write behind the server's back (no row update) stays unseen: the answer is the cached one.
    const moved = points[5]?.Time ?? 0;
    await server.database.db
      .updateTable('location_points')
      .set({ lon: 0 })
      .where('activity_id', '=', activityId)
      .where('device_time_ms', '=', moved)
      .execute();
    const cached = await track(activityId);
    expect(cached.positions[10]).toBe(first.positions[10]);
    // A window is cut from the cached track.
    const window = { TimeStart: points[3]?.Time ?? 0, TimeEnd: points[8]?.Time ?? 0 };
    expect(times(await track(activityId, window))).toEqual(points.slice(3, 9).map((p) => p.Time));
    // Once the row changes, the track is built again from the points.
    await server.database.db
      .updateTable('activities')
      .set({ updated_at: new Date() })
      .where('activity_id', '=', activityId)
      .execute();
    expect((await track(activityId)).positions[10]).toBe(0);
  });

  it('sends a whole cached track brotli-encoded to a client that accepts it, the same bytes decoded', async () => {
    const { activityId, points } = await closedRun(30);
    const ask = (acceptEncoding: string, window = { TimeStart: 0, TimeEnd: Date.now() }) =>
      server.app.inject({
        method: 'POST',
        url: '/api/member-integration/member-wearer-activity-track',
        headers: { authorization: `Bearer ${member.token}`, 'accept-encoding': acceptEncoding },
        payload: { ActivityId: activityId, ...window },
      });
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const encoded = await ask('gzip, deflate, br');
    expect(encoded.statusCode).toBe(200);
    expect(encoded.headers['content-encoding']).toBe('br');
    expect(encoded.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 2);
    expect(brotliDecompressSync(encoded.rawPayload).equals(plain.rawPayload)).toBe(true);
    // A window cut for one request goes plain: encoding it would cost more than it saves.
    const window = { TimeStart: points[3]?.Time ?? 0, TimeEnd: points[8]?.Time ?? 0 };
    const cut = await ask('br', window);
    expect(cut.headers['content-encoding']).toBeUndefined();
    expect(times(decodeTrackBinary(new Uint8Array(cut.rawPayload).buffer))).toHaveLength(6);
  });

  it('shows a late fix and a late heart rate as soon as they are stored', async () => {
    const { device, activityId, points } = await closedRun(30);
    await track(activityId);
    // A fix the watch sends late, between two stored ones.
    const [a, b] = [points[10], points[11]] as [IngestPoint, IngestPoint];
    const late = { ...a, Time: (a.Time + b.Time) / 2 };
    expect(late.Time % 1).toBe(0);
    await postBatch(device, [late]);
    const withLate = await track(activityId);
    expect(times(withLate)).toContain(late.Time);
    expect(withLate.length).toBe(points.length + 1);
    // A heart rate for a stored fix, sent after it.
    await postBatch(
      device,
      [],
      [{ Time: points[4]?.Time ?? 0, Type: 'VITALS', HeartRateBpm: 133 }],
    );
    expect((await track(activityId)).heartRate[4]).toBe(133);
  });

  it('shows a trim at once', async () => {
    const { activityId, points } = await closedRun(40);
    await track(activityId);
    const from = points[10]?.Time ?? 0;
    const to = from + 60_000;
    const res = await call('member-wearer-activity-trim', {
      ActivityId: activityId,
      NewActivityStart: from,
      NewActivityEnd: to,
    });
    expect(res.json()).toEqual({ TrimStatus: true });
    const trimmed = await track(activityId);
    const detail = (
      await call('member-wearer-activity-detail', {
        ActivityId: activityId,
        TimeStart: 0,
        TimeEnd: Date.now(),
      })
    ).json<{ Activity: ActivityDetail }>();
    expect(times(trimmed)).toEqual(detail.Activity.LocationHistory.map((p) => p.Time));
    expect(times(trimmed).every((t) => t >= from && t <= to)).toBe(true);
  });
});

describe('the track warmer', () => {
  async function versionOf(activityId: number): Promise<string> {
    const { rows } = await sql<{ version: string }>`
      select xmin::text as version from activities where activity_id = ${activityId}`.execute(
      server.database.db,
    );
    return rows[0]?.version ?? '';
  }

  it('builds a just-closed activity’s track before anyone reads it, once per version', async () => {
    const { activityId, points } = await closedRun(20);
    const cache = new TrackCache();
    expect(await warmTrackCache(server.database.db, cache)).toBeGreaterThanOrEqual(1);
    expect(cache.has(activityId, await versionOf(activityId))).toBe(true);
    const held = cache.get(activityId, await versionOf(activityId));
    expect(held && [...decodeTrackBinary(new Uint8Array(held).buffer).time]).toEqual(
      points.map((p) => p.Time),
    );
    // Nothing changed: the next pass builds nothing for it.
    const before = cache.bytes;
    await warmTrackCache(server.database.db, cache);
    expect(cache.bytes).toBe(before);
  });

  it('leaves open activities and ones closed long ago alone', async () => {
    const device = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
    // Started a few minutes ago, never stopped: open.
    const recent = member.run.points.slice(0, 10);
    const lastMs = recent[recent.length - 1]?.timeMs ?? 0;
    const { points, events } = trackIngest(
      { ...member.run, points: recent },
      'RUNNING',
      Date.now() - 60_000 - lastMs,
    );
    await postBatch(
      device,
      points,
      events.filter((event) => event.Type === 'TRACKING_START'),
    );
    const open = await server.database.db
      .selectFrom('activities')
      .select(['activity_id', 'closed_by'])
      .where('device_id', '=', device.deviceId)
      .executeTakeFirstOrThrow();
    expect(open.closed_by).toBeNull();
    const old = await closedRun(10);
    await server.database.db
      .updateTable('activities')
      .set({ updated_at: sql<Date>`now() - interval '1 hour'` })
      .where('activity_id', '=', old.activityId)
      .execute();
    const cache = new TrackCache();
    await warmTrackCache(server.database.db, cache);
    expect(cache.has(open.activity_id, await versionOf(open.activity_id))).toBe(false);
    expect(cache.has(old.activityId, await versionOf(old.activityId))).toBe(false);
  });
});
