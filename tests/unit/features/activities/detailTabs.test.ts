import { describe, expect, it } from 'vitest';
import { DETAIL_TABS, visibleTabs } from '../../../../src/features/activities/detailTabs';

const item = { TimelineItemType: 'ACTIVITY_START' as const, Timestamp: 0 };
const kayak = {
  WearerEquipmentID: 1,
  EquipmentName: 'Sea kayak',
  EquipmentType: 'VESSEL' as const,
};

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

  it('offers Equipment when an item was in use, not for none or an unrecorded list', () => {
    expect(visibleTabs({ Equipment: [kayak] }, 0)).toEqual(['Map', 'Equipment']);
    expect(visibleTabs({ Equipment: [] }, 0)).toEqual(['Map']);
    expect(visibleTabs({ Equipment: null }, 0)).toEqual(['Map']);
  });

  it('offers Contacts when someone was told of an alert', () => {
    const told = {
      AlertID: 1,
      Channel: 'SMS' as const,
      RecipientName: 'Erik',
      Recipient: '+4791234567',
      CreatedTime: 0,
      DeliveredTime: null,
      Failed: false,
    };
    expect(visibleTabs({ Notifications: [told] }, 0)).toEqual(['Map', 'Contacts']);
    expect(visibleTabs({ Notifications: [] }, 0)).toEqual(['Map']);
  });

  it('offers no tab Lifeline has no per-activity data for', () => {
    expect(DETAIL_TABS).toEqual([
      'Map',
      'Data',
      'Splits',
      'Timeline',
      'Messages',
      'Contacts',
      'Equipment',
    ]);
  });
});
