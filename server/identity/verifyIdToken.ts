import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

const booleanClaim = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);

/**
 * The claims of a verified ID token (identity-protocol.md §4 "Claims real Cognito puts in"), the same
 * for the local pool and real Cognito. `email_verified`/`phone_number_verified` are booleans (a string
 * 'true'/'false' is accepted too). Other claims are kept as they are.
 */
export const IdTokenClaims = z.looseObject({
  sub: z.string().min(1),
  aud: z.string(),
  iss: z.string(),
  token_use: z.literal('id'),
  exp: z.number(),
  iat: z.number(),
  auth_time: z.number(),
  'cognito:username': z.string(),
  email: z.string(),
  email_verified: booleanClaim,
  phone_number: z.string().optional(),
  phone_number_verified: booleanClaim.optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  birthdate: z.string().optional(),
  gender: z.string().optional(),
  'custom:country': z.string().optional(),
  'custom:sub_region': z.string().optional(),
  jti: z.string().optional(),
  origin_jti: z.string().optional(),
});
/** The verified claims, typed. */
export type IdTokenClaims = z.infer<typeof IdTokenClaims>;

/**
 * Why an ID token was refused: `expired`, `invalid` (signature, issuer, audience, token_use, shape),
 * or `unavailable` (the keys could not be fetched or read: not the token's fault, e.g. answer 503).
 */
export type IdTokenFailure = 'expired' | 'invalid' | 'unavailable';

/** The typed error of {@link IdTokenVerifier.verify}, with its {@link IdTokenFailure} `reason`. */
export class IdTokenError extends Error {
  override readonly name = 'IdTokenError';
  constructor(
    readonly reason: IdTokenFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Verifies ID tokens of one user pool and app client. */
export interface IdTokenVerifier {
  /** The token's claims; rejects with {@link IdTokenError} on any failure. */
  verify(token: string): Promise<IdTokenClaims>;
}

interface Common {
  /** The app client id: the token's `aud`. */
  readonly clientId: string;
  /** Epoch ms now (tests); defaults to the real clock. */
  readonly now?: () => number;
}

/**
 * Where the keys come from:
 * - `local`: the local pool's key set (server/identity/keys.ts) and issuer;
 * - `cognito`: a real pool; keys from `https://cognito-idp.{region}.amazonaws.com/{poolId}/.well-known/jwks.json`,
 *   issuer `https://cognito-idp.{region}.amazonaws.com/{poolId}`;
 * - `remote`: any JWKS URL and issuer (what `cognito` builds; also a local pool seen from outside).
 */
export type IdTokenVerifierOptions = Common &
  (
    | { readonly kind: 'local'; readonly issuer: string; readonly keys: JWTVerifyGetKey }
    | { readonly kind: 'cognito'; readonly region: string; readonly userPoolId: string }
    | { readonly kind: 'remote'; readonly issuer: string; readonly jwksUrl: string }
  );

function source(options: IdTokenVerifierOptions): { issuer: string; keys: JWTVerifyGetKey } {
  switch (options.kind) {
    case 'local':
      return { issuer: options.issuer, keys: options.keys };
    case 'remote':
      return { issuer: options.issuer, keys: createRemoteJWKSet(new URL(options.jwksUrl)) };
    case 'cognito': {
      const issuer = `https://cognito-idp.${options.region}.amazonaws.com/${options.userPoolId}`;
      return { issuer, keys: createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`)) };
    }
  }
}

/**
 * Creates the ID-token verifier the auth host uses (ARCHITECTURE.md §2 "identity"; identity-protocol.md
 * §4): RS256 signature by a key of the pool's JWKS (fetched and cached by jose for a remote pool),
 * `iss` the pool's issuer, `aud` the client id, `token_use` 'id', `exp` in the future. Returns the
 * claims typed as {@link IdTokenClaims}; throws {@link IdTokenError} ('expired' | 'invalid' |
 * 'unavailable').
 */
export function createIdTokenVerifier(options: IdTokenVerifierOptions): IdTokenVerifier {
  const { issuer, keys } = source(options);
  const now = options.now;
  return {
    async verify(token) {
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer,
          audience: options.clientId,
          algorithms: ['RS256'],
          ...(now ? { currentDate: new Date(now()) } : {}),
        }));
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          throw new IdTokenError('expired', 'ID token has expired');
        }
        const reason = error instanceof Error ? error.message : String(error);
        if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
          throw new IdTokenError('unavailable', `ID token keys unavailable: ${reason}`);
        }
        throw new IdTokenError('invalid', `ID token is invalid: ${reason}`);
      }
      const claims = IdTokenClaims.safeParse(payload);
      if (!claims.success) {
        throw new IdTokenError('invalid', 'ID token is invalid: not an ID token of this pool');
      }
      return claims.data;
    },
  };
}
