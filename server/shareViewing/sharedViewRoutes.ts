import type { FastifyInstance } from 'fastify';
import { activitySharing, sharedJourneyActivity } from '../../src/api/calls/shareViewing';
import type { SharedRouteDeps } from './sharedRouteDeps';
import { sharedRoute } from './sharedRoute';
import { sharedActivity, sharedView } from './sharedView';
import { notInShare, shareNotFound } from './viewerAnswers';

/**
 * The viewing calls of a share (app §7 activity-sharing, shared-journey-activity):
 * - `activity-sharing` {ShareToken, ShareTotp?} → `{ Activity, Journey, MemberDetails }`
 *   (server/shareViewing/sharedView.ts); a share whose activity or member is gone answers like a
 *   token that does not open (404 'Share not found');
 * - `shared-journey-activity` {ShareToken, ActivityId} → `{ Activity }`, one activity the share shows;
 *   any other id 404 'No such activity'.
 */
export function registerSharedViewRoutes(app: FastifyInstance, deps: SharedRouteDeps): void {
  sharedRoute(app, activitySharing, deps.shareTokens, async (share, _input, _request, reply) => {
    const view = await sharedView(deps.db, share);
    return view ?? shareNotFound(reply);
  });

  sharedRoute(
    app,
    sharedJourneyActivity,
    deps.shareTokens,
    async (share, input, _request, reply) => {
      const activity = await sharedActivity(deps.db, share, input.ActivityId);
      return activity ? { Activity: activity } : notInShare(reply, 'activity');
    },
  );
}
