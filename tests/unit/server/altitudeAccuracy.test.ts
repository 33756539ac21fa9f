import { describe, expect, it } from 'vitest';
import { trackIngest } from '../../../server/demo/demoHistory';
import { ALTITUDE_ACCURACY_MAX_M, trustedAltitude } from '../../../server/telemetry/altitude';
import type { ActivityDetail } from '../../../src/api/entities/activity';
import { decodeTrackBinary } from '../../../src/api/trackBinary';
import { addTestDevice } from './deviceFixtures';
import { memberCall, postBatch, registerRunMember } from './washingtonRun';

/*
 * Spec app §9 "Activity altitude accuracy maximum is 10" (docs/decisions.md "Altitude accuracy"): a
 * fix's altitude counts for its activity only when its vertical accuracy (`Vacc`, m) is unknown or at
 * most 10 m. The fix and its altitude stay stored as sent; the detail and the binary track show no
 * altitude for it. The fixes are the real Washington run's.
 */

const member = registerRunMember('altitude@example.com');
const { server } = member;

const call = (name: string, payload: object) => memberCall(server, member.token, name, payload);

describe('the altitude accuracy limit (app §9)', () => {
  it('is 10 m: a known accuracy over it drops the altitude, an unknown one keeps it', () => {
    expect(ALTITUDE_ACCURACY_MAX_M).toBe(10);
    expect(trustedAltitude(12.5, null)).toBe(12.5);
    expect(trustedAltitude(12.5, 10)).toBe(12.5);
    expect(trustedAltitude(12.5, 10.01)).toBeNull();
    expect(trustedAltitude(null, 3)).toBeNull();
  });

  it('leaves out of the detail and the track the altitudes measured worse than 10 m, keeping them stored', async () => {
    const device = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
    const { points, events } = trackIngest(
      { ...member.run, points: member.run.points.slice(0, 6) },
      'RUNNING',
      member.shiftMs,
    );
    const vaccs = [null, 25, 10, 4, 10.5, null];
    await postBatch(
      server,
      device,
      points.map((point, i) => ({ ...point, Vacc: vaccs[i] })),
      events.filter((event) => event.Type !== 'VITALS'),
    );
    const { activity_id: ActivityId } = await server.database.db
      .selectFrom('activities')
      .select('activity_id')
      .where('device_id', '=', device.deviceId)
      .executeTakeFirstOrThrow();
    const window = { ActivityId, TimeStart: 0, TimeEnd: Date.now() };
    const sent = points.map((point) => point.Alt ?? null);
    expect(sent.every((alt) => alt !== null)).toBe(true);
    const shown = sent.map((alt, i) => ([1, 4].includes(i) ? null : alt));

    const detail = (await call('member-wearer-activity-detail', window)).json<{
      Activity: ActivityDetail;
    }>();
    expect(detail.Activity.LocationHistory.map((point) => point.Alt)).toEqual(shown);

    const track = decodeTrackBinary(
      new Uint8Array((await call('member-wearer-activity-track', window)).rawPayload).buffer,
    );
    expect([...track.alt].map((alt) => (Number.isNaN(alt) ? null : alt))).toEqual(
      shown.map((alt) => (alt === null ? null : Math.fround(alt))),
    );

    // Nothing is lost: the fixes keep the altitude and accuracy the device sent.
    const stored = await server.database.db
      .selectFrom('location_points')
      .select(['alt', 'vacc'])
      .where('device_id', '=', device.deviceId)
      .orderBy('device_time_ms')
      .execute();
    expect(stored.map((row) => row.alt)).toEqual(sent);
    expect(stored.map((row) => row.vacc)).toEqual(vaccs);
  });

  it('stores an accuracy a float4 cannot hold (1e39, 1e-50) as at most 1,000 km, to the millimetre', async () => {
    const device = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
    const { points } = trackIngest(
      { ...member.run, points: member.run.points.slice(0, 3) },
      'RUNNING',
      member.shiftMs,
    );
    const vaccs = [1e39, 1e-50, 3.25];
    const res = await server.app.inject({
      method: 'POST',
      url: '/ingest/batch',
      payload: {
        IngestKey: device.key,
        Points: points.map((point, i) => ({ ...point, Vacc: vaccs[i] })),
        Events: [],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await server.database.db
      .selectFrom('location_points')
      .select('vacc')
      .where('device_id', '=', device.deviceId)
      .orderBy('device_time_ms')
      .execute();
    expect(stored.map((row) => row.vacc)).toEqual([1_000_000, 0, 3.25]);
  });

  it('refuses a negative vertical accuracy with a 400 and stores nothing', async () => {
    const device = await addTestDevice(server.database.db, member.memberId, 'BRACELET');
    const { points } = trackIngest(
      { ...member.run, points: member.run.points.slice(0, 2) },
      'RUNNING',
      member.shiftMs,
    );
    const res = await server.app.inject({
      method: 'POST',
      url: '/ingest/batch',
      payload: { IngestKey: device.key, Points: [{ ...points[0], Vacc: -1 }], Events: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Issues?: { Path: string }[] }>().Issues?.map((issue) => issue.Path)).toEqual([
      'body.Points.0.Vacc',
    ]);
    const count = await server.database.db
      .selectFrom('location_points')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('device_id', '=', device.deviceId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
