import { revokeAllRefreshTokens, revokeRefreshToken } from '../refreshTokens';
import { AccessTokenRequest, RevokeTokenRequest } from '../schemas';
import { authenticateAccessToken } from '../tokens';
import { defineOperation, requireClient } from './operation';

/**
 * `GlobalSignOut` (identity-protocol.md §2 "Global sign-out"): `{AccessToken}` → `{}`. Revokes every
 * refresh token of the user; every access token of those sessions then fails user-pool calls with
 * NotAuthorizedException "Access Token has been revoked". ID tokens stay valid until they expire.
 */
export const globalSignOut = defineOperation(AccessTokenRequest, async (ctx, input) => {
  const user = await authenticateAccessToken(ctx, input.AccessToken);
  await revokeAllRefreshTokens(ctx.db, user.sub, ctx.now());
  return {};
});

/**
 * `RevokeToken` (identity-protocol.md §2 "Local sign-out"): `{Token, ClientId, ClientSecret}` → `{}`.
 * Revokes one refresh token and its session's access tokens. An unknown or already revoked token also
 * answers `{}` (nothing to revoke; no oracle for guessed tokens, and no 6-fold client retry).
 */
export const revokeToken = defineOperation(RevokeTokenRequest, async (ctx, input) => {
  requireClient(ctx, input.ClientId);
  await revokeRefreshToken(ctx.db, input.Token, ctx.now());
  return {};
});
