import * as z from 'zod/mini';
import { Id, ShareToken, Timestamp } from '../entities';
import { defineCall } from '../call';
import { NoRequest, reportedError } from './common';

/*
 * The member's share links of activities (issue 8 item 1; app §7 "Shared viewing" is the viewers'
 * side, share-journey the journeys'). Calls chosen: the spec lists only share-journey. Times are
 * epoch ms. A share is opened by /share/activity/{ShareToken} or /share/journey/{ShareToken} (app §2)
 * and the member may revoke it at any time; docs/shares.md describes tokens, expiry and TOTP.
 */

/** A share's id: at least 128 random bits, base64url (the share token's `jti`). */
export const ShareId = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{22,64}$/, 'Validations.InvalidValues'));
export type ShareId = z.infer<typeof ShareId>;

/**
 * One of the member's shares. `ExpiryTimestamp` is when it stops opening, `RevokedTimestamp` when the
 * member revoked it (null while not revoked). `ShareUrl` is its link while it still opens (null once
 * revoked or expired). `HasTotp`: opening it needs a one-time code.
 */
export const MemberShare = z.object({
  ShareId: ShareId,
  Kind: z.enum(['activity', 'journey']),
  ActivityId: z.nullable(Id),
  JourneyStart: z.nullable(Timestamp),
  JourneyEnd: z.nullable(Timestamp),
  CreatedTimestamp: Timestamp,
  ExpiryTimestamp: Timestamp,
  RevokedTimestamp: z.nullable(Timestamp),
  HasTotp: z.boolean(),
  ShareUrl: z.nullable(z.url()),
});
export type MemberShare = z.infer<typeof MemberShare>;

/**
 * Shares one of the member's activities (live or finished). `ExpiryTimestamp` absent or null takes
 * the default (7 days from now); a chosen one lies between 1 minute and 366 days from now, else 400
 * REQUEST_INVALID. `WithTotp` true makes the link need a one-time code: `TotpSecret` (base32, SHA-1,
 * 6 digits, 30 s) is answered once, for the member's authenticator app, and null otherwise. An
 * unknown or another member's activity answers 404 NOT_FOUND. Several shares of one activity may
 * coexist (one per guardian), each revoked on its own.
 */
export const shareActivity = defineCall({
  name: 'share-activity',
  api: 'member-integration',
  method: 'POST',
  path: '/share-activity',
  request: z.object({
    ActivityId: Id,
    ExpiryTimestamp: z.optional(z.nullable(Timestamp)),
    WithTotp: z.optional(z.boolean()),
  }),
  response: z.object({
    ShareId: ShareId,
    ShareToken: ShareToken,
    ShareUrl: z.url(),
    ExpiryTimestamp: Timestamp,
    TotpSecret: z.nullable(z.string()),
  }),
});

/** The member's shares of activities and journeys, newest first, revoked and expired ones included. */
export const shareList = defineCall({
  name: 'share-list',
  api: 'member-integration',
  method: 'GET',
  path: '/share-list',
  request: NoRequest,
  response: z.object({ Shares: z.array(MemberShare) }),
});

/**
 * Revokes one of the member's shares: its link stops opening at once and its live viewers are
 * disconnected. `RevokeStatus` true also for a share already revoked; false with ErrorCode UNKNOWN
 * for an unknown or another member's id.
 */
export const shareRevoke = defineCall({
  name: 'share-revoke',
  api: 'member-integration',
  method: 'POST',
  path: '/share-revoke',
  request: z.object({ ShareId: ShareId }),
  response: z.object({ RevokeStatus: z.boolean(), ...reportedError }),
});

/** The member's share calls by name. */
export const memberShareCalls = {
  'share-activity': shareActivity,
  'share-list': shareList,
  'share-revoke': shareRevoke,
} as const;
