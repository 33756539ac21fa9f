import type { Db } from '../db/database';

/* The `short_urls` table (migration 0012): one row per short link. */

/** A short link to store. */
export interface NewShortUrlRow {
  readonly shortCode: string;
  readonly fullUrl: string;
  /** The member who made it. */
  readonly memberId: number;
  /** The share it opens, when a share made it. */
  readonly shareId: string | null;
}

/**
 * Inserts the link unless its code is taken; true when it was stored, false when the code already
 * existed (nothing written). Other failures (a foreign key: no such member or share) reject.
 */
export async function insertShortUrl(db: Db, row: NewShortUrlRow): Promise<boolean> {
  const inserted = await db
    .insertInto('short_urls')
    .values({
      short_code: row.shortCode,
      full_url: row.fullUrl,
      member_id: row.memberId,
      share_id: row.shareId,
    })
    .onConflict((conflict) => conflict.column('short_code').doNothing())
    .returning('short_code')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The URL the code `shortCode` redirects to (exact, case-sensitive match), or null for none. */
export async function findFullUrl(db: Db, shortCode: string): Promise<string | null> {
  const row = await db
    .selectFrom('short_urls')
    .select('full_url')
    .where('short_code', '=', shortCode)
    .executeTakeFirst();
  return row?.full_url ?? null;
}
