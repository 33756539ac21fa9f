import type { FastifyPluginCallback } from 'fastify';
import { createShortUrl as createShortUrlCall } from '../../src/api/calls/central';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { contractRoute } from '../http/contractRoute';
import { sendApiError } from '../http/errorHandler';
import { publicOriginOf } from '../http/publicOrigin';
import { memberOf, requireMemberToken } from '../member/memberAuth';
import { InvalidFullUrlError, createShortUrl } from './shortUrlService';

/** Options of {@link shortUrlRoutes}. */
export interface ShortUrlRoutesOptions {
  readonly db: Db;
  readonly config: ServerConfig;
  readonly memberTokens: MemberTokenService;
}

/**
 * `POST /central/urls` (app §7 central service; contract src/api/calls/central.ts create-short-url):
 * `{ FullUrl, Vanity? }` → `{ ShortCode, FullUrl }`. Only a signed-in member may make one (a bearer
 * MemberIntegrationToken, else 401 AUTH), so this server is no public URL shortener; `FullUrl` must
 * be an http(s) URL on this server's public origin, else 400 REQUEST_INVALID `body.FullUrl` (no open
 * redirect through /go/); a bad `Vanity` is the contract's 400 `body.Vanity`. The code is random, or
 * the vanity stub in lower case with a random suffix (docs/shares.md "Short links").
 */
export const shortUrlRoutes: FastifyPluginCallback<ShortUrlRoutesOptions> = (
  app,
  options,
  done,
) => {
  const { db, config } = options;
  contractRoute(
    app,
    createShortUrlCall,
    async (input, request, reply) => {
      try {
        return await createShortUrl(db, {
          fullUrl: input.FullUrl,
          vanity: input.Vanity ?? null,
          publicOrigin: publicOriginOf(config, request),
          memberId: memberOf(request).memberId,
        });
      } catch (error) {
        if (!(error instanceof InvalidFullUrlError)) throw error;
        return sendApiError(
          reply,
          400,
          'REQUEST_INVALID',
          `Invalid request: body.FullUrl: ${error.message}`,
          [{ Path: 'body.FullUrl', Message: 'Validations.InvalidValues' }],
        );
      }
    },
    { preHandler: requireMemberToken(options.memberTokens) },
  );
  done();
};
