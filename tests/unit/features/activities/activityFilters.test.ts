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
