import type { FastifyInstance } from 'fastify';
import { messageLoadThread, messageSend } from '../../src/api/calls/shareViewing';
import { sendApiError } from '../http/errorHandler';
import { loadMessageThread, sendMessageToWearer } from '../messages/messageRepository';
import type { SharedRouteDeps } from './sharedRouteDeps';
import { sharedRoute } from './sharedRoute';
import { activityInShare, type ShareScope } from './shareScope';
import type { SentWithin } from '../messages/messageThreadStore';
import { notInShare } from './viewerAnswers';

/**
 * A journey share shows the messages sent within its window (like its points and alerts), and those
 * sent through itself: an activity overlapping the window may hold messages from long before or
 * after it, other guardians' words the journey's viewers were never shown. An activity share shows
 * its activity's whole thread.
 */
function sentWithinShare(share: ShareScope & { readonly shareId: string }): {
  sentWithin?: SentWithin;
} {
  return share.target.kind === 'journey'
    ? {
        sentWithin: {
          fromMs: share.target.startMs,
          toMs: share.target.endMs,
          shareId: share.shareId,
        },
      }
    : {};
}

/**
 * The message calls of a share (app §7 message-load-thread, message-send; policy §3 "Message"), for an
 * activity the share shows (server/shareViewing/shareScope.ts), else 404 'No such activity':
 * - `message-load-thread` {ShareToken, ShareViewerId?, ActivityId} → `{ MessageThread }`;
 * - `message-send` {ActivityId, MessageText, ReplyOptions, SenderName, ShareToken, ShareViewerId?} →
 *   the updated `{ MessageThread }`; the message records the share and the viewer id, and once it has
 *   committed the member's sockets hear MessageThread and MessageWearer changes (server/messages/
 *   messageChanges.ts). Ended activities take messages too: a silent device's activity is closed
 *   after 30 minutes, just when a guardian most wants to reach the wearer.
 * A journey share's threads hold the messages sent within its window or through it ({@link sentWithinShare}).
 */
export function registerSharedMessageRoutes(app: FastifyInstance, deps: SharedRouteDeps): void {
  const { db } = deps;

  sharedRoute(app, messageLoadThread, deps.shareTokens, async (share, input, _request, reply) => {
    if (!(await activityInShare(db, share, input.ActivityId))) return notInShare(reply, 'activity');
    const loaded = await loadMessageThread(db, {
      memberId: share.memberId,
      activityId: input.ActivityId,
      ...sentWithinShare(share),
    });
    return loaded.kind === 'found'
      ? { MessageThread: loaded.thread }
      : notInShare(reply, 'activity');
  });

  sharedRoute(app, messageSend, deps.shareTokens, async (share, input, request, reply) => {
    if (!(await activityInShare(db, share, input.ActivityId))) return notInShare(reply, 'activity');
    const sent = await sendMessageToWearer(db, {
      memberId: share.memberId,
      activityId: input.ActivityId,
      messageText: input.MessageText,
      replyOptions: input.ReplyOptions,
      senderName: input.SenderName,
      shareId: share.shareId,
      shareViewerId: input.ShareViewerId,
      nowMs: deps.clock(),
      ...sentWithinShare(share),
    });
    if (sent.kind === 'not-found') return notInShare(reply, 'activity');
    if (sent.kind === 'invalid') {
      // The contract already checked these fields with the same schema; kept for the repository's API.
      return sendApiError(reply, 400, 'REQUEST_INVALID', 'Invalid request', sent.issues);
    }
    deps.publish(sent.publication.memberId, sent.publication.changes, request.log);
    return { MessageThread: sent.thread };
  });
}
