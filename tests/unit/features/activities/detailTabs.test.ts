import { describe, expect, it } from 'vitest';
import { visibleTabs } from '../../../../src/features/activities/detailTabs';

const item = { TimelineItemType: 'ACTIVITY_START' as const, Timestamp: 0 };

describe('visibleTabs (docs/activities.md: a tab shows only when it has content)', () => {
  it.each([
    { timeline: [], points: 0, tabs: ['Map'] },
    { timeline: [item], points: 0, tabs: ['Map', 'Timeline'] },
    { timeline: [], points: 1, tabs: ['Map', 'Data', 'Splits'] },
    { timeline: [item], points: 24_000, tabs: ['Map', 'Data', 'Splits', 'Timeline'] },
  ])('$points points, $timeline.length timeline items → $tabs', ({ timeline, points, tabs }) => {
    expect(visibleTabs({ Timeline: timeline }, points)).toEqual(tabs);
  });

  it('treats a detail without a timeline as having none', () => {
    expect(visibleTabs({}, 2)).toEqual(['Map', 'Data', 'Splits']);
  });
});
