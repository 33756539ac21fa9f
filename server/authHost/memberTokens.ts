import { randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Db } from '../db/database';

/** Lifetime of a MemberIntegrationToken, s; the SPA logs in again after each identity refresh. */
export const MEMBER_TOKEN_TTL_S = 3_600;
const ISSUER = 'lifeline/auth-host';
const AUDIENCE = 'member-integration';
const SECRET_NAME = 'member-integration-token-hs256';

/** Who a MemberIntegrationToken speaks for. */
export interface MemberTokenClaims {
  readonly memberId: number;
  readonly wearerId: number;
  readonly clientId: number;
  readonly domainId: string;
}

const Payload = z.object({
  sub: z.string().regex(/^\d+$/),
  wid: z.number().int().positive(),
  cid: z.number().int().positive(),
  dom: z.string().min(1),
});

/** Thrown by {@link MemberTokenService.verify}: 'JWT Invalid' (spec §5) or an expired token. */
export class MemberTokenError extends Error {
  override readonly name = 'MemberTokenError';
}

/** Issues and verifies the MemberIntegrationToken (spec §7 login-member-c2; §5 'JWT Invalid'). */
export interface MemberTokenService {
  issue(claims: MemberTokenClaims): Promise<string>;
  verify(token: string): Promise<MemberTokenClaims>;
}

/**
 * The HS256 key of member tokens: 32 random bytes created in the database on first start, so every
 * server process of a deployment shares it.
 */
export async function loadMemberTokenSecret(
  db: Db,
  now: () => number = Date.now,
): Promise<Uint8Array> {
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, secret: randomBytes(32), created_ms: now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('secret')
    .where('name', '=', SECRET_NAME)
    .executeTakeFirstOrThrow();
  return new Uint8Array(row.secret);
}

/**
 * Member tokens as HS256 JWTs: `sub` MemberId, `wid` WearerID, `cid` ClientID, `dom` DomainId,
 * issuer `lifeline/auth-host`, audience `member-integration`, valid {@link MEMBER_TOKEN_TTL_S} s.
 * `now` is epoch ms.
 */
export function createMemberTokenService(
  secret: Uint8Array,
  now: () => number = Date.now,
): MemberTokenService {
  return {
    issue: (claims) =>
      new SignJWT({ wid: claims.wearerId, cid: claims.clientId, dom: claims.domainId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.memberId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now() / 1000))
        .setExpirationTime(Math.floor(now() / 1000) + MEMBER_TOKEN_TTL_S)
        .sign(secret),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        const claims = Payload.parse(payload);
        return {
          memberId: Number(claims.sub),
          wearerId: claims.wid,
          clientId: claims.cid,
          domainId: claims.dom,
        };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new MemberTokenError('JWT Expired');
        throw new MemberTokenError('JWT Invalid');
      }
    },
  };
}

/**
 * A {@link MemberTokenService} whose key is loaded on first use (and again after a failed load), so the
 * server starts, and answers /healthz, while the database is unreachable.
 */
export function lazyMemberTokenService(
  loadSecret: () => Promise<Uint8Array>,
  now: () => number = Date.now,
): MemberTokenService {
  let service: Promise<MemberTokenService> | null = null;
  const get = (): Promise<MemberTokenService> => {
    service ??= loadSecret().then(
      (secret) => createMemberTokenService(secret, now),
      (error: unknown) => {
        service = null;
        throw error;
      },
    );
    return service;
  };
  return {
    issue: async (claims) => (await get()).issue(claims),
    verify: async (token) => (await get()).verify(token),
  };
}
