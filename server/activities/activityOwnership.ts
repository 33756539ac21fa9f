import type { Db } from '../db/database';

/**
 * Whether activity `activityId` belongs to member `memberId` (ARCHITECTURE.md §5: no member reaches
 * another's data by id). Used before a socket may watch an activity's live telemetry and before a
 * member shares one.
 */
export async function memberOwnsActivity(
  db: Db,
  memberId: number,
  activityId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('activities')
    .select('activity_id')
    .where('activity_id', '=', activityId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}
