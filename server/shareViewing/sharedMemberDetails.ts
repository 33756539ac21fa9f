import type { SharedMemberDetails } from '../../src/api/entities/share';
import type { Db } from '../db/database';

/**
 * What a share viewer sees of the wearer (app §7 activity-sharing `MemberDetails`; contract
 * `SharedMemberDetails`): `WearerID` (to match live updates) and the wearer's first and last name —
 * nothing else (no email, phone, date of birth or emergency contacts). The client's branding comes
 * from the token's `ClientID` (GET member-integration-client/{clientId}). Null when member `memberId`
 * no longer exists or was deleted.
 */
export async function sharedMemberDetails(
  db: Db,
  memberId: number,
): Promise<SharedMemberDetails | null> {
  const row = await db
    .selectFrom('members')
    .select(['wearer_id', 'name_first', 'name_last'])
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row
    ? { WearerID: row.wearer_id, NameFirst: row.name_first, NameLast: row.name_last }
    : null;
}
