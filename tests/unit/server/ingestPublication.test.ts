import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { ActivityRow } from '../../../server/activities/activityMapping';
import type { Db } from '../../../server/db/database';
import type { RealtimePublisher } from '../../../server/realtime/publisher';
import type { StoredFix } from '../../../server/telemetry/activityBuilder';
import { publishIngest, type IngestCommit } from '../../../server/telemetry/ingestPublication';

/*
 * publishIngest (server/telemetry/ingestPublication.ts) builds a commit's events only when someone
 * could hear them: the member's room or the room of an activity the commit touched.
 */

/** A database that fails the test's expectation on any use (the publication must not read). */
const untouchedDb = new Proxy(
  {},
  {
    get(_target, property) {
      throw new Error(`database used: ${String(property)}`);
    },
  },
) as unknown as Db;

const fix = (time: number, activityId: number | null): StoredFix => ({
  device_time_ms: time,
  activity_id: activityId,
  lon: 6.1,
  lat: 59.0,
  alt: null,
  hacc: 5,
  speed_mps: 2,
  bearing_deg: 90,
  heart_rate_bpm: null,
});

const activity = (activityId: number): ActivityRow => ({
  activity_id: activityId,
  activity_type: 'KAYAKING',
  status: 'ACTIVE',
  timestamp_start_ms: 1_000,
  timestamp_end_ms: null,
  distance_m: 10,
  duration_ms: 1_000,
  speed_avg_mps: 10,
  speed_max_mps: 10,
  heart_rate_sum: 0,
  heart_rate_count: 0,
});

/** Member 7's in-order commit: one new fix in activity 42, which it extended. */
function commit(overrides: Partial<IngestCommit> = {}): IngestCommit {
  return {
    memberId: 7,
    wearerId: 70,
    deviceId: 3,
    fixTimes: [2_000],
    activities: [{ activityId: 42, created: false, extendedOnly: true }],
    battery: 80,
    alerts: [],
    nowMs: 3_000,
    written: { wearerId: 70, fixes: [fix(2_000, 42)], activities: [activity(42)] },
    ...overrides,
  };
}

/** A publisher whose audience is `audible`, recording what it is asked and sent. */
function fakePublisher(audible: (memberId: number, activityIds: number[]) => boolean) {
  const asked: { memberId: number; activityIds: number[] }[] = [];
  const publisher = {
    audible: vi.fn((memberId: number, activityIds: Iterable<number>) => {
      const ids = [...activityIds].sort((a, b) => a - b);
      asked.push({ memberId, activityIds: ids });
      return audible(memberId, ids);
    }),
    publishTelemetry: vi.fn(() => true),
    publishEntityChanges: vi.fn(() => true),
    followMergedActivities: vi.fn(),
  } satisfies RealtimePublisher;
  return { publisher, asked };
}

function quietLog() {
  const log = Fastify({ logger: false }).log;
  const error = vi.spyOn(log, 'error');
  return { log, error };
}

describe('publishIngest', () => {
  it('builds and sends nothing when no socket hears the member or the commit’s activities', async () => {
    const { publisher, asked } = fakePublisher(() => false);
    const { log, error } = quietLog();
    await publishIngest(untouchedDb, publisher, commit(), log);
    expect(asked).toEqual([{ memberId: 7, activityIds: [42] }]);
    expect(publisher.publishTelemetry).not.toHaveBeenCalled();
    expect(publisher.publishEntityChanges).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('sends the update when a share viewer hears the activity', async () => {
    const { publisher } = fakePublisher((_member, ids) => ids.includes(42));
    const { log, error } = quietLog();
    await publishIngest(untouchedDb, publisher, commit(), log);
    expect(error).not.toHaveBeenCalled();
    expect(publisher.publishTelemetry).toHaveBeenCalledTimes(1);
    expect(publisher.publishTelemetry).toHaveBeenCalledWith(
      7,
      expect.objectContaining({ WearerID: 70, ActivityId: 42, Battery: 80 }),
    );
  });

  it('asks about every activity the commit touched: changed, alerted, late heart rates, fixes', async () => {
    const { publisher, asked } = fakePublisher(() => false);
    const { log } = quietLog();
    await publishIngest(
      untouchedDb,
      publisher,
      commit({
        activities: [{ activityId: 41, created: true }],
        alerts: [
          { alertId: 5, activityId: 43, created: true },
          { alertId: 6, activityId: null, created: false },
        ],
        lateHeartRates: [{ time: 1_500, activityId: 44, bpm: 120 }],
        written: {
          wearerId: 70,
          fixes: [fix(2_000, 45), fix(2_100, null)],
          activities: [activity(41), activity(45), activity(46)],
        },
      }),
      log,
    );
    expect(asked).toEqual([{ memberId: 7, activityIds: [41, 43, 44, 45, 46] }]);
  });

  it('builds the publication as before when the fixes’ rows must be read back', async () => {
    // Without `written`, the fixes' activities are known only after reading them: nothing is
    // skipped, so the (failing) database is read and the failure logged, never thrown.
    const { publisher } = fakePublisher(() => false);
    const { log, error } = quietLog();
    const { memberId, wearerId, deviceId, fixTimes, activities, battery, alerts, nowMs } = commit();
    const unwritten: IngestCommit = {
      memberId,
      wearerId,
      deviceId,
      fixTimes,
      activities,
      battery,
      alerts,
      nowMs,
    };
    await publishIngest(untouchedDb, publisher, unwritten, log);
    expect(publisher.audible).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ memberId: 7, deviceId: 3 }),
      'ingest: publishing to sockets failed',
    );
  });
});
