import type { FastifyPluginCallback } from 'fastify';
import { memberWearerActivityMessages } from '../../src/api/calls/memberIntegrationActivities';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { Db } from '../db/database';
import { contractRoute } from '../http/contractRoute';
import { sendApiError } from '../http/errorHandler';
import { memberOf, requireMemberToken } from '../member/memberAuth';
import { readMemberThread } from './messageRepository';

/**
 * The member's read of an activity's messages (`member-wearer-activity-messages` {ActivityId} →
 * `{ MessageThread | null }`; docs/activities.md "Messages"), scoped to the calling member
 * (MemberIntegrationToken). An unknown or another member's activity answers 404
 * `{ ErrorCode: 'UNKNOWN', Error: 'No such activity' }`, the same answer for both (no ownership
 * oracle), as member-wearer-activity-detail does.
 */
export const memberMessageRoutes: FastifyPluginCallback<{
  db: Db;
  memberTokens: MemberTokenService;
}> = (app, { db, memberTokens }, done) => {
  contractRoute(
    app,
    memberWearerActivityMessages,
    async (input, request, reply) => {
      const read = await readMemberThread(db, {
        memberId: memberOf(request).memberId,
        activityId: input.ActivityId,
      });
      if (read.kind === 'not-found') {
        return sendApiError(reply, 404, 'UNKNOWN', 'No such activity');
      }
      return { MessageThread: read.thread };
    },
    { preHandler: requireMemberToken(memberTokens) },
  );
  done();
};
