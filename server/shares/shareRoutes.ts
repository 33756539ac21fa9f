import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { shareJourney } from '../../src/api/calls/memberIntegrationShareJourney';
import {
  shareActivity,
  shareList,
  shareRevoke,
  type MemberShare,
} from '../../src/api/calls/memberIntegrationShares';
import type { MemberTokenService } from '../authHost/memberTokens';
import { createShortUrl } from '../central/shortUrlService';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { contractRoute } from '../http/contractRoute';
import { sendApiError } from '../http/errorHandler';
import { publicOriginOf } from '../http/publicOrigin';
import { memberOf, requireMemberToken } from '../member/memberAuth';
import { createShare, listShares, revokeShare, type ListedShare } from './shareService';
import { InvalidShareRequestError, ShareTargetNotFoundError } from './shareTarget';

/** Options of {@link shareRoutes}. */
export interface ShareRoutesOptions {
  readonly db: Db;
  readonly config: ServerConfig;
  readonly memberTokens: MemberTokenService;
  /** Server clock, epoch ms (tests inject one); default `Date.now`. */
  readonly clock?: () => number;
}

/** The failure of share-revoke for an unknown or another member's share (no ownership oracle). */
const NO_SUCH_SHARE = { ErrorCode: 'UNKNOWN', Error: 'No such share' } as const;

/**
 * Maps the share service's refusals to answers: a refused input → 400 REQUEST_INVALID with the
 * field's `Validations.InvalidValues` issue; no such target → 404 NOT_FOUND `notFound`; anything else
 * is rethrown (500).
 */
function refused(
  reply: FastifyReply,
  error: unknown,
  fields: { expiresAtMs: string; target: string },
  notFound: string,
): FastifyReply {
  if (error instanceof ShareTargetNotFoundError) {
    return sendApiError(reply, 404, 'NOT_FOUND', notFound);
  }
  if (error instanceof InvalidShareRequestError) {
    const path = `body.${fields[error.field]}`;
    return sendApiError(
      reply,
      400,
      'REQUEST_INVALID',
      `Invalid request: ${path}: ${error.message}`,
      [{ Path: path, Message: 'Validations.InvalidValues' }],
    );
  }
  throw error;
}

function toMemberShare(share: ListedShare): MemberShare {
  return {
    ShareId: share.shareId,
    Kind: share.target.kind,
    ActivityId: share.target.kind === 'activity' ? share.target.activityId : null,
    JourneyStart: share.target.kind === 'journey' ? share.target.startMs : null,
    JourneyEnd: share.target.kind === 'journey' ? share.target.endMs : null,
    CreatedTimestamp: share.createdAtMs,
    ExpiryTimestamp: share.expiresAtMs,
    RevokedTimestamp: share.revokedAtMs,
    HasTotp: share.hasTotp,
    ShareUrl: share.url,
  };
}

/**
 * The member's share links (issue 8 item 1; src/api/calls/memberIntegrationShares.ts and app §7
 * share-journey), each call scoped to the calling member (MemberIntegrationToken) and validated by the
 * contract before anything is read or written:
 * - `share-activity`: a share of one of the member's activities → its id, token, link, expiry and,
 *   with `WithTotp`, the TOTP secret; another member's or an unknown activity → 404 NOT_FOUND; an
 *   expiry out of range → 400 REQUEST_INVALID (`body.ExpiryTimestamp`);
 * - `share-journey`: a share of the member's journey JourneyStart–JourneyEnd, expiring 7 days after
 *   the journey's end → ShareToken, ShareUrl and the ShortCode of a /go/ link to the ShareUrl (made
 *   by this server's central service, server/central; `VanityStub` starts the code and is kept with
 *   the share);
 * - `share-list`: the member's shares, newest first;
 * - `share-revoke`: revokes one → RevokeStatus true, then its live viewers' sockets are disconnected on
 *   every node (`app.realtime.disconnectShare`); unknown or another member's → false, UNKNOWN.
 */
export const shareRoutes: FastifyPluginCallback<ShareRoutesOptions> = (app, options, done) => {
  const { db, config } = options;
  const clock = options.clock ?? Date.now;
  const authorised = { preHandler: requireMemberToken(options.memberTokens) };
  const member = (request: FastifyRequest) => memberOf(request).memberId;

  contractRoute(
    app,
    shareActivity,
    async (input, request, reply) => {
      try {
        const created = await createShare(db, {
          memberId: member(request),
          target: { kind: 'activity', activityId: input.ActivityId },
          expiresAtMs: input.ExpiryTimestamp ?? null,
          publicUrl: publicOriginOf(config, request),
          withTotp: input.WithTotp ?? false,
          nowMs: clock(),
        });
        return {
          ShareId: created.shareId,
          ShareToken: created.token,
          ShareUrl: created.url,
          ExpiryTimestamp: created.expiresAtMs,
          TotpSecret: created.totpSecret ?? null,
        };
      } catch (error) {
        return refused(
          reply,
          error,
          { expiresAtMs: 'ExpiryTimestamp', target: 'ActivityId' },
          'No such activity',
        );
      }
    },
    authorised,
  );

  contractRoute(
    app,
    shareJourney,
    async (input, request, reply) => {
      const publicUrl = publicOriginOf(config, request);
      try {
        const created = await createShare(db, {
          memberId: member(request),
          target: { kind: 'journey', startMs: input.JourneyStart, endMs: input.JourneyEnd },
          expiresAtMs: null,
          publicUrl,
          vanityStub: input.VanityStub ?? null,
          nowMs: clock(),
        });
        const short = await createShortUrl(db, {
          fullUrl: created.url,
          vanity: input.VanityStub ?? null,
          publicOrigin: publicUrl,
          memberId: member(request),
          shareId: created.shareId,
        });
        return { ShareToken: created.token, ShareUrl: created.url, ShortCode: short.ShortCode };
      } catch (error) {
        return refused(
          reply,
          error,
          { expiresAtMs: 'JourneyEnd', target: 'JourneyEnd' },
          'No such member',
        );
      }
    },
    authorised,
  );

  contractRoute(
    app,
    shareList,
    async (_input, request) => {
      const shares = await listShares(db, {
        memberId: member(request),
        publicUrl: publicOriginOf(config, request),
        nowMs: clock(),
      });
      return { Shares: shares.map(toMemberShare) };
    },
    authorised,
  );

  contractRoute(
    app,
    shareRevoke,
    async (input, request) => {
      const revoked = await revokeShare(db, {
        memberId: member(request),
        shareId: input.ShareId,
        nowMs: clock(),
      });
      if (!revoked) return { RevokeStatus: false, ...NO_SUCH_SHARE };
      try {
        await app.realtime.disconnectShare(input.ShareId);
      } catch (error) {
        // The revocation is committed: the viewers cannot reconnect, though they stay connected now.
        request.log.error({ err: error }, 'share revoked, but its viewers were not disconnected');
      }
      return { RevokeStatus: true };
    },
    authorised,
  );
  done();
};
