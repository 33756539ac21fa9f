import { sql } from 'kysely';
import type { Db } from '../../../../server/db/database';

/*
 * Rows the share tests stand on, inserted directly (the routes' tests sign members up for real;
 * server/shares/shareToken.ts needs only the rows).
 */

/** Inserts a member of the default client and domain; answers its MemberId. */
export async function insertMember(db: Db, name: string): Promise<number> {
  const row = await db
    .insertInto('members')
    .values({
      identity_sub: `sub-${name}-${String(Math.random()).slice(2)}`,
      client_id: 1,
      domain_id: 'local',
      email: `${name}@example.com`,
      name_first: name,
      name_last: 'Tester',
      language_code: 'en',
    })
    .returning('member_id')
    .executeTakeFirstOrThrow();
  return row.member_id;
}

/** Inserts a finished activity of `memberId` from `startMs` to `startMs` + 1 h; answers its id. */
export async function insertActivity(db: Db, memberId: number, startMs: number): Promise<number> {
  const row = await db
    .insertInto('activities')
    .values({
      member_id: memberId,
      device_id: null,
      activity_type: 'HIKING',
      status: 'COMPLETE',
      timestamp_start_ms: startMs,
      timestamp_end_ms: startMs + 3_600_000,
      last_fix_ms: startMs + 3_600_000,
      // schema.ts types the JSON column's insert as a string; a SQL null says "never set".
      splits_settings: sql<string>`null`,
    })
    .returning('activity_id')
    .executeTakeFirstOrThrow();
  return row.activity_id;
}

/** The `shares` rows of `memberId`, ordered by id, to prove a call changed nothing. */
export function sharesOf(db: Db, memberId: number) {
  return db
    .selectFrom('shares')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('share_id')
    .execute();
}
