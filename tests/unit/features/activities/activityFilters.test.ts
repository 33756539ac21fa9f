import { describe, expect, it } from 'vitest';
import type { ActivitySummary } from '../../../../src/api/entities/activity';
import { filterWindow, groupActivities } from '../../../../src/features/activities/activityFilters';

// Wednesday 25 November 2026, 15:30 local time.
const NOW = new Date(2026, 10, 25, 15, 30).getTime();
const local = (day: number, hour = 0) => new Date(2026, 10, day, hour).getTime();

function summary(ActivityId: number, start: number): ActivitySummary {
  return {
    ActivityId,
    ActivityType: 'HIKING',
    TimestampStart: start,
    TimestampEnd: start + 3_600_000,
    ActivityStats: {
      Distance: { Displayed: 1, Meters: 1, Type: 'GNSS' },
      DurationMs: 3_600_000,
      SpeedAvgMPS: 1,
      SpeedMaxMPS: 1,
    },
  };
}

describe('activity filters (spec app §2 "Activity filters")', () => {
  it.each([
    ['AllTime', 0, NOW],
    ['Last7Days', NOW - 7 * 86_400_000, NOW],
    ['Last30Days', NOW - 30 * 86_400_000, NOW],
    ['Last365Days', NOW - 365 * 86_400_000, NOW],
    ['Today', local(25), NOW],
    ['Yesterday', local(24), local(25) - 1],
  ] as const)('%s', (filter, fromMs, toMs) => {
    const window = filterWindow(filter, NOW);
    expect(window?.fromMs).toBeCloseTo(fromMs, -5);
    expect(window?.toMs).toBe(toMs);
  });

  it('takes a custom range as whole local days, and nothing while it is incomplete or reversed', () => {
    expect(filterWindow('Custom', NOW, { from: '2026-11-01', to: '2026-11-02' })).toEqual({
      fromMs: local(1),
      toMs: local(3) - 1,
    });
    expect(filterWindow('Custom', NOW, { from: '2026-11-01', to: '' })).toBeNull();
    expect(filterWindow('Custom', NOW, { from: '2026-11-05', to: '2026-11-01' })).toBeNull();
  });
});

describe('grouping (spec §9 "Weeks start on Monday")', () => {
  it('groups by local day, newest first, each day knowing its Monday', () => {
    const groups = groupActivities(
      [
        summary(1, local(22, 9)),
        summary(2, local(24, 8)),
        summary(3, local(24, 18)),
        summary(4, local(23, 7)),
      ],
      'date',
    );
    expect(groups.map((g) => g.activities.map((a) => a.ActivityId))).toEqual([[3, 2], [4], [1]]);
    // Sunday the 22nd belongs to the week of Monday the 16th; Monday the 23rd starts a new week.
    expect(groups.map((g) => g.weekStartMs)).toEqual([local(23), local(23), local(16)]);
  });

  it('gives each activity its own group when grouping by activity', () => {
    const groups = groupActivities([summary(1, local(22)), summary(2, local(24))], 'activity');
    expect(groups.map((g) => g.key)).toEqual([2, 1]);
  });
});

describe('days of the screen’s zone, not the browser’s (the dates the list shows)', () => {
  // 2024-06-05 10:00 in Oslo is 08:00 UTC; 00:30 on 2024-06-05 in Oslo is 22:30 UTC on the 4th.
  const osloMorning = Date.UTC(2024, 5, 5, 8);
  const osloPastMidnight = Date.UTC(2024, 5, 4, 22, 30);

  it.each([
    ['UTC', Date.UTC(2024, 5, 5), Date.UTC(2024, 5, 4)],
    ['Europe/Oslo', Date.UTC(2024, 5, 4, 22), Date.UTC(2024, 5, 3, 22)],
    ['America/New_York', Date.UTC(2024, 5, 5, 4), Date.UTC(2024, 5, 4, 4)],
  ])('Today and Yesterday in %s', (zone, todayStart, yesterdayStart) => {
    expect(filterWindow('Today', osloMorning, undefined, zone)).toEqual({
      fromMs: todayStart,
      toMs: osloMorning,
    });
    expect(filterWindow('Yesterday', osloMorning, undefined, zone)).toEqual({
      fromMs: yesterdayStart,
      toMs: todayStart - 1,
    });
  });

  it('a custom range is whole days of the zone', () => {
    const custom = { from: '2024-06-03', to: '2024-06-05' };
    expect(filterWindow('Custom', osloMorning, custom, 'Europe/Oslo')).toEqual({
      fromMs: Date.UTC(2024, 5, 2, 22),
      toMs: Date.UTC(2024, 5, 5, 22) - 1,
    });
    expect(filterWindow('Custom', osloMorning, custom, 'UTC')).toEqual({
      fromMs: Date.UTC(2024, 5, 3),
      toMs: Date.UTC(2024, 5, 6) - 1,
    });
    // UTC+14: the 3rd begins at 10:00 UTC on the 2nd.
    expect(filterWindow('Custom', osloMorning, custom, 'Pacific/Kiritimati')).toEqual({
      fromMs: Date.UTC(2024, 5, 2, 10),
      toMs: Date.UTC(2024, 5, 5, 10) - 1,
    });
  });

  it('groups by the zone’s day, weeks from its Monday', () => {
    const rows = [summary(1, osloMorning), summary(2, osloPastMidnight)];
    // In Oslo both start on Wednesday 5 June; in UTC the second is on Tuesday the 4th.
    expect(groupActivities(rows, 'date', 'Europe/Oslo')).toEqual([
      {
        key: Date.UTC(2024, 5, 4, 22),
        weekStartMs: Date.UTC(2024, 5, 2, 22),
        activities: [rows[0], rows[1]],
      },
    ]);
    expect(groupActivities(rows, 'date', 'UTC').map((g) => [g.key, g.weekStartMs])).toEqual([
      [Date.UTC(2024, 5, 5), Date.UTC(2024, 5, 3)],
      [Date.UTC(2024, 5, 4), Date.UTC(2024, 5, 3)],
    ]);
  });
});
