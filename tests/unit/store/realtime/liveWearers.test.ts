import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TelemetryWearerUpdate } from '../../../../src/api/socket';
import {
  dataAge,
  DEFAULT_REPORT_INTERVAL_MS,
  reportingInterval,
} from '../../../../src/store/realtime/dataFreshness';
import {
  liveWearersSlice,
  RECENT_INTERVALS,
  selectLiveWearer,
} from '../../../../src/store/realtime/liveWearersSlice';
import type { Action } from '@reduxjs/toolkit';
import {
  activityDetailLoaded,
  type LoadedDetail,
} from '../../../../src/store/activities/activityEvents';
import { wearerTelemetryReceived } from '../../../../src/store/realtime/realtimeSlice';

const T = Date.UTC(2026, 10, 25, 12);
const point = (Time: number) => ({ Time, X: 5.9, Y: 58.9, Hacc: 5, Alt: 3, Speed: 1 });
/** A frame of one update with fixes at `times`, reaching the store at `receivedAt` (default: 0.4 s after its last fix). */
function update(
  times: number[],
  extra: Partial<TelemetryWearerUpdate> = {},
  receivedAt = (times.at(-1) ?? T) + 400,
) {
  return wearerTelemetryReceived({
    receivedAt,
    updates: [
      {
        WearerID: 4,
        ActivityId: 9,
        Points: times.map(point),
        Battery: 71,
        Status: 'ACTIVE',
        Heading: 90,
        ...extra,
      },
    ],
  });
}
const fold = (...actions: Action[]) => ({
  liveWearers: actions.reduce(liveWearersSlice.reducer, liveWearersSlice.getInitialState()),
});

describe('live wearers (TelemetryWearerUpdate, spec §7)', () => {
  it('keeps the latest status, battery, heading and the newest fix time', () => {
    const state = fold(
      update([T, T + 5_000]),
      update([T + 10_000], { Battery: null, Heading: null, Status: 'ALERT' }),
    );
    expect(selectLiveWearer(state, 4)).toEqual({
      WearerID: 4,
      ActivityId: 9,
      Status: 'ALERT',
      Battery: 71,
      Heading: null,
      HeartRate: null,
      HeartRateTime: null,
      lastFixTime: T + 10_000,
      lastFixReceivedAt: T + 10_400,
      recentIntervalsMs: [5_000, 5_000],
      StatusHeardAt: T + 10_400,
    });
  });

  it('dates the newest fix by the frame that brought it; late points and readings keep that date', () => {
    const state = fold(update([T], {}, T + 3_000), update([T + 5_000], {}, T + 9_000));
    expect(selectLiveWearer(state, 4)?.lastFixReceivedAt).toBe(T + 9_000);
    const late = fold(
      update([T + 5_000], {}, T + 9_000),
      // A late point, then a heart rate without points: neither is a newer fix.
      update([T + 1_000], {}, T + 12_000),
      update([], { HeartRate: 120, HeartRateTime: T + 5_000 }, T + 13_000),
    );
    expect(selectLiveWearer(late, 4)).toMatchObject({
      lastFixTime: T + 5_000,
      lastFixReceivedAt: T + 9_000,
    });
    expect(selectLiveWearer(fold(update([], {}, T)), 4)?.lastFixReceivedAt).toBeNull();
  });

  it('takes the status of a detail loaded later: a resolve does not wait for the next fix', () => {
    const detail = (ActivityId: number, Status: LoadedDetail['Status']) =>
      activityDetailLoaded({ detail: { ActivityId, Status } as LoadedDetail });
    const assistance = update([T], { Status: 'ASSISTANCE' });
    const resolved = fold(assistance, detail(9, 'RESOLVED'));
    expect(selectLiveWearer(resolved, 4)).toMatchObject({
      ActivityId: 9,
      Status: 'RESOLVED',
      lastFixTime: T,
      Battery: 71,
    });
    // Another activity's detail says nothing of the live one; the next update speaks again.
    expect(selectLiveWearer(fold(assistance, detail(8, 'COMPLETE')), 4)?.Status).toBe('ASSISTANCE');
    expect(
      selectLiveWearer(fold(assistance, detail(9, 'RESOLVED'), update([T + 5_000])), 4)?.Status,
    ).toBe('ACTIVE');
    // A detail that agrees changes nothing: the state object stays.
    const before = fold(assistance);
    expect(liveWearersSlice.reducer(before.liveWearers, detail(9, 'ASSISTANCE'))).toBe(
      before.liveWearers,
    );
  });

  it('keeps a live status heard after the detail was asked for: an old answer does not undo an SOS', () => {
    const asked = (requestedAt: number) =>
      activityDetailLoaded({
        detail: { ActivityId: 9, Status: 'ACTIVE' } as LoadedDetail,
        requestedAt,
      });
    // The SOS reaches this device at T + 400; a detail asked for at T + 100 answers after it.
    const sos = update([T], { Status: 'ASSISTANCE' });
    expect(selectLiveWearer(fold(sos, asked(T + 100)), 4)?.Status).toBe('ASSISTANCE');
    // One asked for after the SOS was heard (a resolve's reload) speaks.
    expect(selectLiveWearer(fold(sos, asked(T + 900)), 4)?.Status).toBe('ACTIVE');
  });

  it('folds one frame’s batch as it would fold its updates one by one', () => {
    const first = update([T, T + 5_000]).payload.updates;
    const second = update([T + 10_000], { Battery: null, Status: 'ALERT' }).payload.updates;
    const batched = fold(
      wearerTelemetryReceived({ updates: [...first, ...second], receivedAt: T + 10_400 }),
    );
    expect(batched).toEqual(
      fold(update([T, T + 5_000]), update([T + 10_000], { Battery: null, Status: 'ALERT' })),
    );
    expect(selectLiveWearer(batched, 4)?.Status).toBe('ALERT');
  });

  it('keeps the newest heart rate with its time; a late one without points keeps the heading', () => {
    const measured = fold(
      update([T, T + 5_000], { HeartRate: 120, HeartRateTime: T + 5_000 }),
      // Fixes without a reading say nothing new: the last reading stays.
      update([T + 10_000], { HeartRate: null, HeartRateTime: null }),
    );
    expect(selectLiveWearer(measured, 4)).toMatchObject({
      HeartRate: 120,
      HeartRateTime: T + 5_000,
    });
    // The VITALS of the fix at T + 10 s came in a later request: an update without points.
    const late = fold(
      update([T, T + 5_000], { HeartRate: 120, HeartRateTime: T + 5_000 }),
      update([T + 10_000], { HeartRate: null, HeartRateTime: null }),
      update([], { Heading: null, HeartRate: 131, HeartRateTime: T + 10_000 }),
    );
    expect(selectLiveWearer(late, 4)).toMatchObject({
      HeartRate: 131,
      HeartRateTime: T + 10_000,
      Heading: 90,
      lastFixTime: T + 10_000,
    });
    // A late reading older than the one held does not replace it.
    const older = fold(
      update([T + 10_000], { HeartRate: 131, HeartRateTime: T + 10_000 }),
      update([], { HeartRate: 99, HeartRateTime: T + 5_000 }),
    );
    expect(selectLiveWearer(older, 4)).toMatchObject({ HeartRate: 131, HeartRateTime: T + 10_000 });
  });

  it('learns the reporting rhythm from new fixes only: late points do not count', () => {
    const state = fold(update([T, T + 30_000]), update([T + 10_000, T + 60_000]));
    expect(selectLiveWearer(state, 4)?.recentIntervalsMs).toEqual([30_000, 30_000]);
    const many = fold(update(Array.from({ length: 20 }, (_, i) => T + i * 1_000)));
    expect(selectLiveWearer(many, 4)?.recentIntervalsMs).toHaveLength(RECENT_INTERVALS);
  });
});

describe('data age (issue 8 item 2: stale data is never shown as live)', () => {
  it('estimates the interval as the median gap, the default without any', () => {
    expect(reportingInterval([])).toBe(DEFAULT_REPORT_INTERVAL_MS);
    expect(reportingInterval([5_000, 5_000, 120_000])).toBe(5_000);
    expect(reportingInterval([10_000, 20_000])).toBe(15_000);
  });

  it.each([
    ['no fix yet', null, 0, 'none'],
    ['a fix 20 s old at a 5 s rhythm (within 5 s + 15 s grace)', T, 20_000, 'live'],
    ['21 s old', T, 21_000, 'late'],
    ['30 s old (within 3 × 5 s + 15 s)', T, 30_000, 'late'],
    ['31 s old', T, 31_000, 'stale'],
    ['a device clock ahead of ours', T, -5_000, 'live'],
  ] as const)('%s → %s', (_name, lastFix, after, freshness) => {
    const age = dataAge(lastFix, [5_000, 5_000], T + after);
    expect(age.freshness).toBe(freshness);
    if (lastFix !== null) {
      expect(age.ageMs).toBe(Math.max(0, after));
      expect(age.nextReportAt).toBe(T + 5_000);
    }
  });

  it('gives a slow reporter half its interval as grace', () => {
    expect(dataAge(T, [120_000], T + 180_000).freshness).toBe('live');
    expect(dataAge(T, [120_000], T + 181_000).freshness).toBe('late');
  });

  it('says until when its freshness holds: the same up to that moment, another just after', () => {
    expect(dataAge(T, [5_000, 5_000], T + 1_000).freshnessUntil).toBe(T + 20_000);
    expect(dataAge(T, [5_000, 5_000], T + 25_000).freshnessUntil).toBe(T + 30_000);
    expect(dataAge(T, [5_000, 5_000], T + 31_000).freshnessUntil).toBe(Infinity);
    expect(dataAge(null, [], T).freshnessUntil).toBe(Infinity);
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
        fc.array(fc.integer({ min: -1_000, max: 600_000 }), { maxLength: 8 }),
        fc.integer({ min: -100_000, max: 12_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lastFix, gaps, now, within) => {
          const { freshness, freshnessUntil } = dataAge(lastFix, gaps, now);
          expect(freshnessUntil).toBeGreaterThanOrEqual(now);
          if (!Number.isFinite(freshnessUntil)) {
            expect(dataAge(lastFix, gaps, now + 1e9).freshness).toBe(freshness);
            return;
          }
          const between = Math.floor(now + within * (freshnessUntil - now));
          expect(dataAge(lastFix, gaps, between).freshness).toBe(freshness);
          expect(dataAge(lastFix, gaps, freshnessUntil).freshness).toBe(freshness);
          expect(dataAge(lastFix, gaps, freshnessUntil + 1).freshness).not.toBe(freshness);
        },
      ),
    );
  });
});
