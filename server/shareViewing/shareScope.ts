import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { TimeWindow } from '../activities/activityRepository';
import type { ShareTarget } from '../shares/shareTarget';

/*
 * What a share lets its viewers see and act on (app §6 share viewer; docs/share-viewing.md "Scope"):
 * an activity share its one activity; a journey share the member's activities overlapping the journey
 * window — exactly the ones the journey lists (listActivities' rule: an activity overlaps when it
 * starts at or before the window's end and ends at or after its start, or is still open).
 */

/** The share's owner and target, as a verified share token gives them. */
export interface ShareScope {
  readonly memberId: number;
  readonly target: ShareTarget;
}

/** The whole of time, epoch ms: the location window of an activity share's detail. */
const ALL_TIME: TimeWindow = { TimeStart: 0, TimeEnd: Number.MAX_SAFE_INTEGER };

/**
 * The window of an activity's location points a viewer of `target` sees (epoch ms, both ends
 * inclusive): all of them for an activity share; for a journey share only those inside the journey,
 * since the member shared that span of time and no more.
 */
export function sharedPointWindow(target: ShareTarget): TimeWindow {
  return target.kind === 'activity'
    ? ALL_TIME
    : { TimeStart: target.startMs, TimeEnd: target.endMs };
}

/**
 * Whether activity `activityId` is one the share shows: the shared activity itself, or an activity of
 * the share's member overlapping the journey window. False for an unknown id and for another
 * member's activity alike. Reads through `db`, which may be the caller's transaction.
 */
export async function activityInShare(
  db: Kysely<Database>,
  share: ShareScope,
  activityId: number,
): Promise<boolean> {
  const { target } = share;
  if (target.kind === 'activity' && target.activityId !== activityId) return false;
  let query = db
    .selectFrom('activities')
    .select('activity_id')
    .where('activity_id', '=', activityId)
    .where('member_id', '=', share.memberId);
  if (target.kind === 'journey') {
    query = query
      .where('timestamp_start_ms', '<=', target.endMs)
      .where((eb) =>
        eb.or([eb('timestamp_end_ms', '>=', target.startMs), eb('timestamp_end_ms', 'is', null)]),
      );
  }
  return (await query.executeTakeFirst()) !== undefined;
}
