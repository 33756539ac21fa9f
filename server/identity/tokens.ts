import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { profileClaims } from './attributes';
import type { IdentityContext } from './context';
import { IdentityError, MESSAGES } from './errors';
import { randomUuid } from './random';
import { isSessionLive } from './refreshTokens';
import { findUser, type IdentityUser } from './users';

/** Lifetime of ID and access tokens, seconds (identity-protocol.md §4: Cognito's default 1 h). */
export const TOKEN_LIFETIME_S = 3600;
/** The access token's scope for the user-pool API (identity-protocol.md §4). */
const ACCESS_SCOPE = 'aws.cognito.signin.user.admin';

/** The sign-in session tokens belong to. */
export interface TokenSession {
  /** The session's `origin_jti` (its refresh token's). */
  readonly originJti: string;
  /** Time of the original sign-in, epoch seconds; kept across refreshes. */
  readonly authTimeS: number;
}

/** AuthenticationResult without the refresh token (identity-protocol.md §4). */
export interface MintedTokens {
  readonly AccessToken: string;
  readonly IdToken: string;
  readonly ExpiresIn: number;
  readonly TokenType: 'Bearer';
}

async function sign(ctx: IdentityContext, claims: JWTPayload): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: ctx.keys.kid, typ: 'JWT' })
    .sign(ctx.keys.privateKey);
}

/**
 * Mints the RS256 ID and access tokens of `user` for `session` (identity-protocol.md §4 "Claims real
 * Cognito puts in"). Both: `sub`, `iss` (`{publicOrigin}/identity/{userPoolId}`), `iat`, `exp`
 * (iat + 1 h), `auth_time`, `jti` (fresh), `origin_jti`, `token_use`. ID token: `aud` = client id,
 * `cognito:username` = sub, and the profile attributes (email, email_verified as a boolean, phone,
 * names, birthdate, gender, custom:*). Access token: `client_id`, `username`, `scope`.
 */
export async function mintTokens(
  ctx: IdentityContext,
  user: IdentityUser,
  session: TokenSession,
): Promise<MintedTokens> {
  const iat = Math.floor(ctx.now() / 1000);
  const common = {
    sub: user.sub,
    iss: ctx.pool.issuer,
    iat,
    exp: iat + TOKEN_LIFETIME_S,
    auth_time: session.authTimeS,
    origin_jti: session.originJti,
  };
  const IdToken = await sign(ctx, {
    ...common,
    ...profileClaims(user),
    aud: ctx.pool.clientId,
    token_use: 'id',
    'cognito:username': user.sub,
    jti: randomUuid(ctx.random),
  });
  const AccessToken = await sign(ctx, {
    ...common,
    client_id: ctx.pool.clientId,
    token_use: 'access',
    scope: ACCESS_SCOPE,
    username: user.sub,
    jti: randomUuid(ctx.random),
  });
  return { AccessToken, IdToken, ExpiresIn: TOKEN_LIFETIME_S, TokenType: 'Bearer' };
}

/**
 * The user an AccessToken belongs to, for the user-pool calls (GetUser, ChangePassword, …). The token
 * must be signed by one of the pool's keys, be unexpired at `ctx.now()`, carry this pool's issuer,
 * `token_use: 'access'` and this client's id, and its session (`origin_jti`) must not be revoked.
 * Throws NotAuthorizedException "Access Token has expired" | "Invalid Access Token" | "Access Token has
 * been revoked" (GlobalSignOut, RevokeToken), or UserNotFoundException when the user is gone.
 */
export async function authenticateAccessToken(
  ctx: IdentityContext,
  token: string,
): Promise<IdentityUser> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, ctx.keys.keySet, {
      issuer: ctx.pool.issuer,
      algorithms: ['RS256'],
      currentDate: new Date(ctx.now()),
    }));
  } catch (error) {
    const expired = error instanceof errors.JWTExpired;
    throw new IdentityError(
      'NotAuthorizedException',
      expired ? MESSAGES.tokenExpired : MESSAGES.tokenInvalid,
    );
  }
  const { sub, token_use: use, client_id: clientId, origin_jti: originJti } = payload;
  if (
    typeof sub !== 'string' ||
    use !== 'access' ||
    clientId !== ctx.pool.clientId ||
    typeof originJti !== 'string'
  ) {
    throw new IdentityError('NotAuthorizedException', MESSAGES.tokenInvalid);
  }
  if (!(await isSessionLive(ctx.db, originJti))) {
    throw new IdentityError('NotAuthorizedException', MESSAGES.tokenRevoked);
  }
  const user = await findUser(ctx.db, sub);
  if (!user) throw new IdentityError('UserNotFoundException', MESSAGES.userNotFound);
  return user;
}
