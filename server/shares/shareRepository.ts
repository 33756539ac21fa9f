import type { Db } from '../db/database';
import type { ShareTarget } from './shareTarget';

/*
 * The `shares` table (server/db/migrations/0001_initial.ts). Member-facing queries name the member in
 * their WHERE clause: another member's share or activity behaves exactly like an unknown one.
 */

/** One stored share. Times are epoch ms. */
export interface ShareRecord {
  readonly shareId: string;
  readonly memberId: number;
  readonly target: ShareTarget;
  readonly vanityStub: string | null;
  /** Base32 TOTP secret; null when the share needs no code. */
  readonly totpSecret: string | null;
  readonly expiresAtMs: number;
  readonly revokedAtMs: number | null;
  readonly createdAtMs: number;
}

/** A new share's row (see {@link ShareRecord}). */
export interface NewShare {
  readonly shareId: string;
  readonly memberId: number;
  readonly target: ShareTarget;
  readonly vanityStub: string | null;
  readonly totpSecret: string | null;
  readonly expiresAtMs: number;
}

/** Who a member is towards share viewers (spec app §3 share token: ClientID, WearerID). */
export interface MemberIdentity {
  readonly clientId: number;
  readonly wearerId: number;
}

const SHARE_COLUMNS = [
  'share_id',
  'member_id',
  'kind',
  'activity_id',
  'journey_start_ms',
  'journey_end_ms',
  'vanity_stub',
  'totp_secret',
  'expires_ms',
  'revoked_ms',
  'created_at',
] as const;

interface ShareRow {
  share_id: string;
  member_id: number;
  kind: 'activity' | 'journey';
  activity_id: number | null;
  journey_start_ms: number | null;
  journey_end_ms: number | null;
  vanity_stub: string | null;
  totp_secret: string | null;
  expires_ms: number | null;
  revoked_ms: number | null;
  created_at: Date;
}

function toRecord(row: ShareRow): ShareRecord {
  const target: ShareTarget =
    row.kind === 'activity'
      ? { kind: 'activity', activityId: row.activity_id ?? 0 }
      : { kind: 'journey', startMs: row.journey_start_ms ?? 0, endMs: row.journey_end_ms ?? 0 };
  return {
    shareId: row.share_id,
    memberId: row.member_id,
    target,
    vanityStub: row.vanity_stub,
    totpSecret: row.totp_secret,
    // Every share this module writes has an expiry; a row without one counts as already expired.
    expiresAtMs: row.expires_ms ?? 0,
    revokedAtMs: row.revoked_ms,
    createdAtMs: row.created_at.getTime(),
  };
}

/** Stores a new share. Database errors are thrown as they are. */
export async function insertShare(db: Db, share: NewShare): Promise<void> {
  await db
    .insertInto('shares')
    .values({
      share_id: share.shareId,
      member_id: share.memberId,
      kind: share.target.kind,
      activity_id: share.target.kind === 'activity' ? share.target.activityId : null,
      journey_start_ms: share.target.kind === 'journey' ? share.target.startMs : null,
      journey_end_ms: share.target.kind === 'journey' ? share.target.endMs : null,
      vanity_stub: share.vanityStub,
      totp_secret: share.totpSecret,
      expires_ms: share.expiresAtMs,
      revoked_ms: null,
    })
    .execute();
}

/**
 * The share `shareId` whose member still exists (not deleted), or null. For the token verifier: the
 * caller decides what revoked or expired means at its clock.
 */
export async function findLiveMemberShare(db: Db, shareId: string): Promise<ShareRecord | null> {
  const row = await db
    .selectFrom('shares')
    .innerJoin('members', 'members.member_id', 'shares.member_id')
    .select(SHARE_COLUMNS.map((column) => `shares.${column}` as const))
    .where('shares.share_id', '=', shareId)
    .where('members.deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The member's shares, newest first (ties by id). */
export async function listMemberShares(db: Db, memberId: number): Promise<ShareRecord[]> {
  const rows = await db
    .selectFrom('shares')
    .select(SHARE_COLUMNS)
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('share_id')
    .execute();
  return rows.map(toRecord);
}

/**
 * Revokes the member's share `shareId` at `nowMs` (epoch ms): true when the member has that share
 * (an already revoked one keeps its first revocation time), false for an unknown id or another
 * member's (nothing is written then).
 */
export async function revokeMemberShare(
  db: Db,
  memberId: number,
  shareId: string,
  nowMs: number,
): Promise<boolean> {
  const row = await db
    .updateTable('shares')
    .set((eb) => ({ revoked_ms: eb.fn.coalesce('revoked_ms', eb.val(nowMs)) }))
    .where('share_id', '=', shareId)
    .where('member_id', '=', memberId)
    .returning('share_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The ClientID and WearerID of a member that exists and is not deleted, else null. */
export async function memberIdentity(db: Db, memberId: number): Promise<MemberIdentity | null> {
  const row = await db
    .selectFrom('members')
    .select(['client_id', 'wearer_id'])
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { clientId: row.client_id, wearerId: row.wearer_id } : null;
}
