import { memberOwnsActivity } from '../activities/activityOwnership';
import type { Db } from '../db/database';
import { shareKeyringOf } from './shareKeys';
import * as repository from './shareRepository';
import { shareExpiresAt } from './shareExpiry';
import {
  ShareTargetNotFoundError,
  checkShareTarget,
  type ShareTarget,
  type ShareTargetKind,
} from './shareTarget';
import { newShareId, signShareToken, type ShareTokenContent } from './shareToken';
import { createTotpSecret } from './totp';

/*
 * The member's shares (issue 8 item 1): create, list, revoke. Used by server/shares/shareRoutes.ts
 * and by the live demo. Times are epoch ms; see docs/shares.md for the defaults.
 */

/** PostgreSQL's foreign-key violation: the activity was deleted between the check and the insert. */
const FOREIGN_KEY_VIOLATION = '23503';

/** What {@link createShare} needs. */
export interface CreateShareInput {
  readonly memberId: number;
  readonly target: ShareTarget;
  /** When the share stops opening, epoch ms; null takes the default (server/shares/shareExpiry.ts). */
  readonly expiresAtMs: number | null;
  /** The C2Url: the public base URL of this domain server, e.g. `http://127.0.0.1:8080`. */
  readonly publicUrl: string;
  /** Whether opening the link needs a one-time code (TOTP); default false. */
  readonly withTotp?: boolean;
  /** A journey's custom short-link code (share-journey `VanityStub`), kept for the short-URL issue. */
  readonly vanityStub?: string | null;
  /** The creation time, epoch ms. */
  readonly nowMs: number;
}

/** A created share. */
export interface CreatedShare {
  readonly shareId: string;
  /** The share token (a JWT; docs/shares.md). */
  readonly token: string;
  /** `${publicUrl}/share/activity/${token}` or `${publicUrl}/share/journey/${token}` (app §2). */
  readonly url: string;
  /** Epoch ms. */
  readonly expiresAtMs: number;
  /** The base32 TOTP secret, only when `withTotp` was asked for (shown to the member once). */
  readonly totpSecret?: string;
}

/** One of the member's shares as the member sees it (no secret). Times are epoch ms. */
export interface ListedShare {
  readonly shareId: string;
  readonly target: ShareTarget;
  readonly createdAtMs: number;
  readonly expiresAtMs: number;
  readonly revokedAtMs: number | null;
  readonly hasTotp: boolean;
  /** The link again while the share opens; null once revoked or expired. */
  readonly url: string | null;
}

/** The link of a share: `${publicUrl}/share/${kind}/${token}` (spec app §2). */
export function shareUrl(publicUrl: string, kind: ShareTargetKind, token: string): string {
  return `${publicUrl}/share/${kind}/${token}`;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * Creates a share of the member's activity or journey and answers its token and link. The expiry is
 * `expiresAtMs` or the default ({@link shareExpiresAt}); several shares of one target may exist.
 * Throws {@link ShareTargetNotFoundError} when the member does not exist (or is deleted) or the
 * activity is unknown or another member's (nothing is written), and `InvalidShareRequestError`
 * (server/shares/shareTarget.ts) for a journey ending before it starts or an expiry out of range.
 */
export async function createShare(db: Db, input: CreateShareInput): Promise<CreatedShare> {
  checkShareTarget(input.target);
  const expiresAtMs = shareExpiresAt(input.target, input.expiresAtMs, input.nowMs);
  const member = await repository.memberIdentity(db, input.memberId);
  const owned =
    member !== null &&
    (input.target.kind === 'journey' ||
      (await memberOwnsActivity(db, input.memberId, input.target.activityId)));
  if (!member || !owned) throw new ShareTargetNotFoundError('No such activity');

  const signing = await shareKeyringOf(db).signing();
  const totpSecret = input.withTotp ? createTotpSecret() : null;
  const content: ShareTokenContent = {
    shareId: newShareId(),
    c2Url: withoutTrailingSlash(input.publicUrl),
    memberId: input.memberId,
    clientId: member.clientId,
    wearerId: member.wearerId,
    target: input.target,
    expiresAtMs,
  };
  try {
    await repository.insertShare(db, {
      shareId: content.shareId,
      memberId: input.memberId,
      target: input.target,
      vanityStub: input.vanityStub ?? null,
      totpSecret,
      expiresAtMs,
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) {
      throw new ShareTargetNotFoundError('No such activity');
    }
    throw error;
  }
  const token = await signShareToken(content, signing);
  return {
    shareId: content.shareId,
    token,
    url: shareUrl(content.c2Url, input.target.kind, token),
    expiresAtMs,
    ...(totpSecret ? { totpSecret } : {}),
  };
}

/**
 * The member's shares, newest first, with the link of each one still open at `nowMs` (signed again
 * with the current key for C2Url `publicUrl`; the same token when neither changed).
 */
export async function listShares(
  db: Db,
  input: { readonly memberId: number; readonly publicUrl: string; readonly nowMs: number },
): Promise<ListedShare[]> {
  const records = await repository.listMemberShares(db, input.memberId);
  const member = await repository.memberIdentity(db, input.memberId);
  const open = records.some((r) => r.revokedAtMs === null && r.expiresAtMs > input.nowMs);
  const signing = member && open ? await shareKeyringOf(db).signing() : null;
  const c2Url = withoutTrailingSlash(input.publicUrl);
  return Promise.all(
    records.map(async (record): Promise<ListedShare> => {
      const opens = record.revokedAtMs === null && record.expiresAtMs > input.nowMs;
      const token =
        opens && member && signing
          ? await signShareToken(
              {
                shareId: record.shareId,
                c2Url,
                memberId: record.memberId,
                clientId: member.clientId,
                wearerId: member.wearerId,
                target: record.target,
                expiresAtMs: record.expiresAtMs,
              },
              signing,
            )
          : null;
      return {
        shareId: record.shareId,
        target: record.target,
        createdAtMs: record.createdAtMs,
        expiresAtMs: record.expiresAtMs,
        revokedAtMs: record.revokedAtMs,
        hasTotp: record.totpSecret !== null,
        url: token ? shareUrl(c2Url, record.target.kind, token) : null,
      };
    }),
  );
}

/**
 * Revokes the member's share `shareId` at `nowMs`: its token verifies no more from the commit on.
 * True when the member has that share (already revoked included), false for an unknown or another
 * member's id (nothing written). The caller then disconnects the share's live viewers
 * (`app.realtime.disconnectShare`, server/realtime/realtimePlugin.ts).
 */
export function revokeShare(
  db: Db,
  input: { readonly memberId: number; readonly shareId: string; readonly nowMs: number },
): Promise<boolean> {
  return repository.revokeMemberShare(db, input.memberId, input.shareId, input.nowMs);
}
