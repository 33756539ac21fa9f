import type { FastifyReply, FastifyRequest } from 'fastify';
import { SHARE_PASS_COOKIE_PATH, sharePassCookieName, type IssuedSharePass } from './sharePass';
import type { SharePassOf } from './shareToken';

/*
 * The TOTP pass (sharePass.ts) as a cookie, through @fastify/cookie: HttpOnly (no script reads it),
 * SameSite=Strict (no other site's page sends it), Secure over HTTPS, scoped to the API path.
 */

/** The viewer's pass of a share, by share id, from a request's cookies (`request.cookies`). */
export function passOfCookies(
  cookies: Readonly<Record<string, string | undefined>> | undefined,
): SharePassOf {
  return (shareId) => cookies?.[sharePassCookieName(shareId)];
}

/** Sets the pass of share `shareId` on the reply (replacing an older one). */
export function setSharePassCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  shareId: string,
  pass: IssuedSharePass,
): void {
  reply.setCookie(sharePassCookieName(shareId), pass.value, {
    path: SHARE_PASS_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: pass.maxAgeS,
  });
}
