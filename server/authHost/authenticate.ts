import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { IdTokenError, type IdTokenClaims, type IdTokenVerifier } from '../identity/verifyIdToken';
import { sendApiError } from '../http/errorHandler';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified identity of an authorised auth-host call. */
    identityClaims?: IdTokenClaims;
  }
}

/** The bearer token of a request, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ', 2);
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * A preHandler for the authorised calls of the authentication host (spec §7 "(authorised)"): the
 * bearer must be an ID token of the configured pool, verified by JWKS (so real Cognito's tokens work the
 * same way). Anything else answers 401 AUTH 'JWT Invalid' (spec §5) before the input is read.
 */
export function requireIdToken(verifier: IdTokenVerifier): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) {
      await sendApiError(reply, 401, 'AUTH', 'Member not logged in');
      return;
    }
    try {
      request.identityClaims = await verifier.verify(token);
    } catch (error) {
      if (error instanceof IdTokenError && error.reason === 'unavailable') {
        request.log.error({ err: error }, 'identity keys unavailable');
        await sendApiError(reply, 503, 'UNKNOWN', 'Service unavailable, try again shortly');
        return;
      }
      await sendApiError(reply, 401, 'AUTH', 'JWT Invalid');
    }
  };
}

/** The verified claims of a request that passed {@link requireIdToken}. */
export function claimsOf(request: FastifyRequest): IdTokenClaims {
  if (!request.identityClaims) throw new Error('requireIdToken did not run for this route');
  return request.identityClaims;
}
