import type { ActivityDetailRecord } from '../../store/activities/activityDetailRecord';

/**
 * The activity detail's tabs in the spec's order (app §2 activity/{ActivityId}; issue 7 item 3). Built
 * so far: Map and Timeline; the others (Data, Splits, Messages, Contacts, Equipment, Wearer, Call,
 * Indoor) follow as their screens land (docs/activities.md).
 */
export const DETAIL_TABS = ['Map', 'Timeline'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

/**
 * The tabs with content for `detail` (docs/activities.md "A tab shows only when it has content"): the
 * map always (it says when there is no track), the timeline when the activity has timeline items.
 */
export function visibleTabs(detail: Pick<ActivityDetailRecord, 'Timeline'>): DetailTab[] {
  return DETAIL_TABS.filter((tab) => tab === 'Map' || (detail.Timeline?.length ?? 0) > 0);
}
