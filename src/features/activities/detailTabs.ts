import type { ActivityDetailRecord } from '../../store/activities/activityDetailRecord';

/**
 * The activity detail's tabs (app §2 activity/{ActivityId}; issue 7 item 3): Map, Data, Splits,
 * Timeline, Messages, Contacts and Equipment. The spec's Wearer, Call and Indoor have no per-activity
 * data in Lifeline, so they never have content (docs/activities.md "Which tabs show").
 */
export const DETAIL_TABS = [
  'Map',
  'Data',
  'Splits',
  'Timeline',
  'Messages',
  'Contacts',
  'Equipment',
] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

/**
 * The tabs with content for `detail` and a track of `trackPoints` positions (docs/activities.md "A
 * tab shows only when it has content"): the map always (it says when there is no track); Data and
 * Splits when the track has points (the charts and the splits are computed from it); the timeline
 * when the activity has timeline items; Messages when its thread holds `messages` messages, at least
 * one; Contacts when someone was told of one of its alerts; Equipment when an item was in use for it.
 */
export function visibleTabs(
  detail: Pick<ActivityDetailRecord, 'Timeline' | 'Equipment' | 'Notifications'>,
  trackPoints: number,
  messages = 0,
): DetailTab[] {
  const hasContent: Record<DetailTab, boolean> = {
    Map: true,
    Data: trackPoints > 0,
    Splits: trackPoints > 0,
    Timeline: (detail.Timeline?.length ?? 0) > 0,
    Messages: messages > 0,
    Contacts: (detail.Notifications?.length ?? 0) > 0,
    Equipment: (detail.Equipment?.length ?? 0) > 0,
  };
  return DETAIL_TABS.filter((tab) => hasContent[tab]);
}
