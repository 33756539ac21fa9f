import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import {
  disconnectMemberStrava,
  loadMemberWearer,
  memberWearerUpdate,
  memberWearerUpdateCommunicationOptions,
  saveActivityTypes,
} from '../../src/api/calls/memberIntegrationWearer';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { Db } from '../db/database';
import { contractRoute } from '../http/contractRoute';
import { sendApiError } from '../http/errorHandler';
import { memberOf, requireMemberToken } from './memberAuth';
import * as repository from './wearerRepository';

/**
 * Maps the repository's refusals: a wrong `EmailAddress` → 400 REQUEST_INVALID on `body.EmailAddress`
 * (nothing written); a member deleted since its token was issued → 404 NOT_FOUND. Rethrows the rest.
 */
function refusal(error: unknown, reply: FastifyReply): FastifyReply {
  if (error instanceof repository.EmailMismatchError) {
    return sendApiError(reply, 400, 'REQUEST_INVALID', `Invalid request: ${error.message}`, [
      { Path: 'body.EmailAddress', Message: 'Validations.InvalidValues' },
    ]);
  }
  if (error instanceof repository.WearerNotFoundError) {
    return sendApiError(reply, 404, 'NOT_FOUND', 'No such wearer');
  }
  throw error;
}

/**
 * The calling member's wearer record (spec §7): `GET load-member-wearer`, `POST member-wearer-update`,
 * `POST member-wearer-update-communication-options`, `POST activity-types` and
 * `GET disconnect-member-strava`. Input rules (app §5, policy §5) are the contract's and run before
 * anything is written.
 */
export const wearerRoutes: FastifyPluginCallback<{ db: Db; memberTokens: MemberTokenService }> = (
  app,
  { db, memberTokens },
  done,
) => {
  const authorised = { preHandler: requireMemberToken(memberTokens) };
  contractRoute(
    app,
    loadMemberWearer,
    async (_input, request, reply) => {
      try {
        return await repository.loadWearer(db, memberOf(request).memberId);
      } catch (error) {
        return refusal(error, reply);
      }
    },
    authorised,
  );
  contractRoute(
    app,
    memberWearerUpdate,
    async (input, request, reply) => {
      try {
        return {
          WearerID: await repository.updateWearerDetails(db, memberOf(request).memberId, input),
        };
      } catch (error) {
        return refusal(error, reply);
      }
    },
    authorised,
  );
  contractRoute(
    app,
    memberWearerUpdateCommunicationOptions,
    async (input, request, reply) => {
      try {
        await repository.saveCommunicationOptions(
          db,
          memberOf(request).memberId,
          input.CommunicationOptions,
          input.MarketingOptInTimestamp,
        );
        return { Success: true };
      } catch (error) {
        return refusal(error, reply);
      }
    },
    authorised,
  );
  contractRoute(
    app,
    saveActivityTypes,
    async (input, request, reply) => {
      try {
        return await repository.saveFavouriteActivityTypes(
          db,
          memberOf(request).memberId,
          input.ActivityTypes,
        );
      } catch (error) {
        return refusal(error, reply);
      }
    },
    authorised,
  );
  contractRoute(
    app,
    disconnectMemberStrava,
    async (_input, request, reply) => {
      try {
        await repository.disconnectStrava(db, memberOf(request).memberId);
        return { Success: true };
      } catch (error) {
        return refusal(error, reply);
      }
    },
    authorised,
  );
  done();
};
