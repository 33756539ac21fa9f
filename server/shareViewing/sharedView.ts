import type { ActivityDetail } from '../../src/api/entities/activity';
import type { Journey } from '../../src/api/entities/journey';
import type { SharedMemberDetails } from '../../src/api/entities/share';
import { activityDetail, listActivities } from '../activities/activityRepository';
import type { Db } from '../db/database';
import { activityInShare, sharedPointWindow, type ShareScope } from './shareScope';
import { sharedMemberDetails } from './sharedMemberDetails';

/** What activity-sharing answers for an open share: the activity or the journey (the other null). */
export interface SharedView {
  readonly Activity: ActivityDetail | null;
  readonly Journey: Journey | null;
  readonly MemberDetails: SharedMemberDetails;
}

/**
 * One activity a viewer of `share` may open, as the member sees it (`activityDetail`: stats, splits
 * settings, alerts with their notes, timeline, the equipment in use) but without the member's
 * `Notifications`, its LocationHistory limited to {@link sharedPointWindow}. Null when the activity is not one the share shows
 * ({@link activityInShare}) — unknown, another member's, outside the journey — all alike.
 */
export async function sharedActivity(
  db: Db,
  share: ShareScope,
  activityId: number,
): Promise<ActivityDetail | null> {
  if (!(await activityInShare(db, share, activityId))) return null;
  // Not the owner's view: whom their alerts went to is the member's to see (docs/activities.md
  // "Contacts"); the equipment they have with them is shown, for rescuers (docs/share-viewing.md).
  return activityDetail(
    db,
    share.memberId,
    { ActivityId: activityId, ...sharedPointWindow(share.target) },
    { owner: false },
  );
}

/**
 * What a share opens (app §7 activity-sharing): for an activity share its {@link sharedActivity} and
 * `Journey` null; for a journey share `Activity` null and the Journey `{ JourneyStart, JourneyEnd,
 * ActivitySummaries }` — the member's activities overlapping the window, oldest start first (ties by
 * id). Both with {@link sharedMemberDetails}. Null when the activity or the member is gone (the share
 * no longer opens anything).
 */
export async function sharedView(db: Db, share: ShareScope): Promise<SharedView | null> {
  const member = await sharedMemberDetails(db, share.memberId);
  if (!member) return null;
  const { target } = share;
  if (target.kind === 'activity') {
    const activity = await sharedActivity(db, share, target.activityId);
    return activity ? { Activity: activity, Journey: null, MemberDetails: member } : null;
  }
  const newestFirst = await listActivities(db, share.memberId, {
    TimeStart: target.startMs,
    TimeEnd: target.endMs,
  });
  return {
    Activity: null,
    Journey: {
      JourneyStart: target.startMs,
      JourneyEnd: target.endMs,
      ActivitySummaries: newestFirst.reverse(),
    },
    MemberDetails: member,
  };
}
