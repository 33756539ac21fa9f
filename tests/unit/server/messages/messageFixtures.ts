import type { Db } from '../../../../server/db/database';
import { addTestDevice, type TestDevice } from '../deviceFixtures';

/*
 * Rows the message tests build on: members, their activated devices (with an ingest key) and their
 * activities, inserted directly (the sign-up flow is exercised by signedUpMember.ts where a test needs
 * a member token). Every helper takes the test file's database.
 */

/** A member row: `memberId`, and `wearerId` (the WearerID its EntityChanges carry). */
export interface TestMember {
  readonly memberId: number;
  readonly wearerId: number;
}

/** Inserts a member with `email` (no identity user: for tests that need no member token). */
export async function addMember(db: Db, email: string): Promise<TestMember> {
  const row = await db
    .insertInto('members')
    .values({
      identity_sub: `sub-${email}`,
      client_id: 1,
      domain_id: 'local',
      email,
      name_first: 'Wanda',
      name_last: 'Wearer',
      language_code: 'en',
    })
    .returning(['member_id', 'wearer_id'])
    .executeTakeFirstOrThrow();
  return { memberId: row.member_id, wearerId: row.wearer_id };
}

/** The member that signed up with `email` (signedUpMember.ts). */
export async function memberByEmail(db: Db, email: string): Promise<TestMember> {
  const row = await db
    .selectFrom('members')
    .select(['member_id', 'wearer_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { memberId: row.member_id, wearerId: row.wearer_id };
}

export type { TestDevice } from '../deviceFixtures';

/** Inserts an activated watch of `memberId` with a fresh ingest key. */
export function addDevice(db: Db, memberId: number): Promise<TestDevice> {
  return addTestDevice(db, memberId, 'EV07');
}

/** Inserts an open HIKING activity of `memberId` recorded by `deviceId` (null: no device), started at `startMs`. */
export async function addActivity(
  db: Db,
  memberId: number,
  deviceId: number | null,
  startMs: number,
): Promise<number> {
  const row = await db
    .insertInto('activities')
    .values({
      member_id: memberId,
      device_id: deviceId,
      activity_type: 'HIKING',
      status: 'ACTIVE',
      timestamp_start_ms: startMs,
    })
    .returning('activity_id')
    .executeTakeFirstOrThrow();
  return row.activity_id;
}

/** Every row of the message tables, in id order: to prove a refused call wrote nothing. */
export async function messageTables(db: Db) {
  return {
    threads: await db
      .selectFrom('message_threads')
      .selectAll()
      .orderBy('message_thread_id')
      .execute(),
    messages: await db.selectFrom('messages').selectAll().orderBy('message_id').execute(),
    replies: await db
      .selectFrom('message_replies')
      .selectAll()
      .orderBy('message_reply_id')
      .execute(),
  };
}
