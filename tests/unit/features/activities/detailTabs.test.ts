import { describe, expect, it } from 'vitest';
import { DETAIL_TABS, visibleTabs } from '../../../../src/features/activities/detailTabs';

const item = { TimelineItemType: 'ACTIVITY_START' as const, Timestamp: 0 };

describe('visibleTabs (docs/activities.md: a tab shows only when it has content)', () => {
  it.each([
    { timeline: [], points: 0, messages: 0, tabs: ['Map'] },
    { timeline: [item], points: 0, messages: 0, tabs: ['Map', 'Timeline'] },
    { timeline: [], points: 1, messages: 0, tabs: ['Map', 'Data', 'Splits'] },
    { timeline: [], points: 0, messages: 1, tabs: ['Map', 'Messages'] },
    {
      timeline: [item],
      points: 24_000,
      messages: 3,
      tabs: ['Map', 'Data', 'Splits', 'Timeline', 'Messages'],
    },
  ])(
    '$points points, $timeline.length timeline items, $messages messages → $tabs',
    ({ timeline, points, messages, tabs }) => {
      expect(visibleTabs({ Timeline: timeline }, points, messages)).toEqual(tabs);
    },
  );

  it('treats a detail without a timeline as having none, and no thread as no messages', () => {
    expect(visibleTabs({}, 2)).toEqual(['Map', 'Data', 'Splits']);
  });

  it("keeps the spec's order and offers no tab Lifeline has no per-activity data for", () => {
    expect(DETAIL_TABS).toEqual(['Map', 'Data', 'Splits', 'Timeline', 'Messages']);
  });
});
