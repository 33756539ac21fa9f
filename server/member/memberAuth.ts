import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  MemberTokenError,
  type MemberTokenClaims,
  type MemberTokenService,
} from '../authHost/memberTokens';
import { bearerToken } from '../authHost/authenticate';
import { sendApiError } from '../http/errorHandler';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member a member-integration call speaks for (its MemberIntegrationToken). */
    memberClaims?: MemberTokenClaims;
  }
}

/**
 * The preHandler of every authorised member-integration call (spec §7 "with a bearer token"): the
 * bearer must be a MemberIntegrationToken this deployment issued; a missing one answers 401 AUTH
 * 'Member not logged in' and anything else 401 AUTH 'JWT Invalid' (spec §5, §8), before the input is
 * read. Routes then scope every query to `memberOf(request)` (ownership, ARCHITECTURE.md §5).
 */
export function requireMemberToken(tokens: MemberTokenService): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) {
      await sendApiError(reply, 401, 'AUTH', 'Member not logged in');
      return;
    }
    try {
      request.memberClaims = await tokens.verify(token);
    } catch (error) {
      if (error instanceof MemberTokenError) {
        await sendApiError(reply, 401, 'AUTH', error.message);
        return;
      }
      // The key could not be read (database down): not the caller's fault, and no detail leaks.
      request.log.error({ err: error }, 'member token key unavailable');
      await sendApiError(reply, 503, 'UNKNOWN', 'Service unavailable, try again shortly');
    }
  };
}

/** The member of a request that passed {@link requireMemberToken}. */
export function memberOf(request: FastifyRequest): MemberTokenClaims {
  if (!request.memberClaims) throw new Error('requireMemberToken did not run for this route');
  return request.memberClaims;
}
