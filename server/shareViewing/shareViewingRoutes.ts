import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/database';
import { ensureCookies } from '../http/cookies';
import { registerShareTokenRateLimit, type ShareCallRateLimits } from '../shares/shareRateLimit';
import type { ShareVerifier } from '../shares/shareTokenVerifier';
import { realtimeChangePublisher } from './publishChanges';
import { registerSharedAlertRoutes } from './sharedAlertRoutes';
import { registerSharedMessageRoutes } from './sharedMessageRoutes';
import { registerSharedViewRoutes } from './sharedViewRoutes';

/** Options of {@link shareViewingRoutes}. */
export interface ShareViewingRoutesOptions {
  readonly db: Db;
  /** The server's share-token verifier: the same instance the realtime plugin takes (`shareTokens`). */
  readonly shareTokens: ShareVerifier;
  /** Server clock, epoch ms (tests inject a virtual one); default `Date.now`. */
  readonly clock?: () => number;
  /**
   * The budgets of these calls (server/shares/shareRateLimit.ts): per share and IP for a token this
   * server signed (default 300 a minute), per IP otherwise (default 120 a minute).
   */
  readonly rateLimit?: Partial<ShareCallRateLimits>;
}

/**
 * The public shared-viewing calls (issue 8 items 2–4; app §6 share viewer, §7 "Shared viewing
 * (public)"; contract src/api/calls/shareViewing.ts), under `/api/member-integration-public`:
 * activity-sharing, shared-journey-activity (sharedViewRoutes.ts), message-load-thread, message-send
 * (sharedMessageRoutes.ts), alert-add-note, alert-resolve-pause (sharedAlertRoutes.ts). Every call is
 * validated by its contract, then opens its share token (sharedRoute.ts), and sees only what the share
 * shows (shareScope.ts). The plugin is its own encapsulated scope with the limit of
 * server/shares/shareRateLimit.ts around every route: per share and client IP for a token this
 * server signed, per client IP for anything else. Register it after the realtime plugin: committed
 * changes are published through `app.realtime` when it exists. See docs/share-viewing.md.
 */
export const shareViewingRoutes: FastifyPluginAsync<ShareViewingRoutesOptions> = async (
  app,
  options,
) => {
  await registerShareTokenRateLimit(
    app,
    (token) => options.shareTokens.signedShareId(token),
    options.rateLimit,
  );
  await ensureCookies(app);
  const deps = {
    db: options.db,
    shareTokens: options.shareTokens,
    clock: options.clock ?? Date.now,
    publish: realtimeChangePublisher(app),
  };
  registerSharedViewRoutes(app, deps);
  registerSharedMessageRoutes(app, deps);
  registerSharedAlertRoutes(app, deps);
};
