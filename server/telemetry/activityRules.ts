import type { ActivityStatus, ActivityType } from '../../src/api/enums';
import { ActivityType as ActivityTypeSchema } from '../../src/api/enums';
import type { Segment } from './segmentation';

/** Statuses the builder owns; others (ALERT, ASSISTANCE, MANUAL, RESOLVED …) belong to the alert engine. */
const TRACKING_STATUSES: ReadonlySet<string> = new Set([
  'ACTIVE',
  'INACTIVE',
  'LOADING',
  'COMPLETE',
]);

/**
 * The status of an activity after the builder opened, extended or closed it (app §4 "Activity
 * statuses"): a new activity is ACTIVE while open and COMPLETE once closed; an existing one moves
 * between ACTIVE and COMPLETE the same way, but an alert status (ALERT, ASSISTANCE, MANUAL, set by the
 * alert engine for an open alert) is left as it is. RESOLVED (no alert open, one closed by a person)
 * holds while the activity runs and becomes COMPLETE when it ends (server/alerts/activityStatus.ts).
 */
export function statusAfter(previous: string | null, open: boolean): ActivityStatus {
  if (previous === 'RESOLVED') return open ? 'RESOLVED' : 'COMPLETE';
  if (previous !== null && !TRACKING_STATUSES.has(previous)) return previous as ActivityStatus;
  return open ? 'ACTIVE' : 'COMPLETE';
}

/**
 * The type of an activity opened by a fix (OsmAnd and other clients without tracking events): the
 * member's first favourite activity type (member ActivityTypes, app §3), else OTHER.
 */
export function defaultActivityType(favourites: readonly string[]): ActivityType {
  const first = ActivityTypeSchema.safeParse(favourites[0]);
  return first.success ? first.data : 'OTHER';
}

/** A stored activity as the matcher sees it: its id and start (epoch ms). */
export interface MatchableActivity {
  readonly activity_id: number;
  readonly timestamp_start_ms: number;
}

/**
 * Which stored activity each newly cut segment continues, so ids stay stable when the timeline is cut
 * again (late points, late events): for each segment in order, among the stored activities not taken
 * yet, the one starting when it starts, else the earliest-starting one holding one of its fixes; null
 * means a new activity. Stored activities left over were merged into others.
 */
export function matchSegments(
  segments: readonly Segment[],
  stored: readonly MatchableActivity[],
): (number | null)[] {
  const taken = new Set<number>();
  return segments.map((segment) => {
    const free = stored.filter((row) => !taken.has(row.activity_id));
    const best =
      free.find((row) => row.timestamp_start_ms === segment.start) ??
      free
        .filter((row) => segment.sourceActivityIds.has(row.activity_id))
        .reduce<MatchableActivity | null>(
          (earliest, row) =>
            earliest === null || row.timestamp_start_ms < earliest.timestamp_start_ms
              ? row
              : earliest,
          null,
        );
    if (best === null) return null;
    taken.add(best.activity_id);
    return best.activity_id;
  });
}

/**
 * The activity id of each fix time (sorted ascending) given the segments (in timeline order, disjoint)
 * and their ids: the segment whose first…last fix range holds it; null when none does.
 */
export function attributeFixes(
  times: readonly number[],
  segments: readonly Segment[],
  ids: readonly number[],
): (number | null)[] {
  const result: (number | null)[] = [];
  let index = 0;
  for (const time of times) {
    while (index < segments.length && (segments[index]?.lastFixMs ?? -Infinity) < time) index += 1;
    const segment = segments[index];
    const inside =
      segment !== undefined && segment.firstFixMs !== null && segment.firstFixMs <= time;
    result.push(inside ? (ids[index] ?? null) : null);
  }
  return result;
}
