import type { Db } from '../db/database';

/**
 * Locks the member's row until the end of the transaction `trx` (`for no key update`: other writers of
 * the member wait, inserts referencing it do not), serialising one member's activation attempts and
 * activations (policy §4 "Device rules": the device count and the trial are checked and written under
 * it). Returns false when the member does not exist.
 */
export async function lockMember(trx: Db, memberId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('members')
    .select('member_id')
    .where('member_id', '=', memberId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row !== undefined;
}
