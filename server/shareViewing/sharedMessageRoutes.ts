import type { FastifyInstance } from 'fastify';
import { messageLoadThread, messageSend } from '../../src/api/calls/shareViewing';
import { sendApiError } from '../http/errorHandler';
import { loadMessageThread, sendMessageToWearer } from '../messages/messageRepository';
import type { SharedRouteDeps } from './sharedRouteDeps';
import { sharedRoute } from './sharedRoute';
import { activityInShare } from './shareScope';
import { notInShare } from './viewerAnswers';

/**
 * The message calls of a share (app §7 message-load-thread, message-send; policy §3 "Message"), for an
 * activity the share shows (server/shareViewing/shareScope.ts), else 404 'No such activity':
 * - `message-load-thread` {ShareToken, ShareViewerId?, ActivityId} → `{ MessageThread }`;
 * - `message-send` {ActivityId, MessageText, ReplyOptions, SenderName, ShareToken, ShareViewerId?} →
 *   the updated `{ MessageThread }`; the message records the share and the viewer id, and once it has
 *   committed the member's sockets hear MessageThread and MessageWearer changes (server/messages/
 *   messageChanges.ts). Ended activities take messages too: a silent device's activity is closed
 *   after 30 minutes, just when a guardian most wants to reach the wearer.
 */
export function registerSharedMessageRoutes(app: FastifyInstance, deps: SharedRouteDeps): void {
  const { db } = deps;

  sharedRoute(app, messageLoadThread, deps.shareTokens, async (share, input, _request, reply) => {
    if (!(await activityInShare(db, share, input.ActivityId))) return notInShare(reply, 'activity');
    const loaded = await loadMessageThread(db, {
      memberId: share.memberId,
      activityId: input.ActivityId,
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
